import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `tessera` as a user types it: usage errors exit 64 with a message naming the culprit,
/// never a crash; `--help` documents every option with its environment variable.
@Suite struct CommandLineTests {
    /// Runs the binary to completion; its exit status and what it wrote to the chosen stream.
    private func run(
        _ arguments: [String], readStandardError: Bool = true,
        environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let (status, output) = try TesseraServer.run(arguments, readStandardError: readStandardError, environment: environment)
        return (status, String(decoding: output, as: UTF8.self))
    }

    @Test("stray arguments to serve are usage errors, not crashes", arguments: [[""], ["="], ["--port"], ["extra"]])
    func strayArguments(_ arguments: [String]) throws {
        let (status, output) = try run(["serve"] + arguments)
        #expect(status == 64)
        #expect(output.contains("Error:"))
    }

    @Test func outOfRangeFlagNamesTheFlag() throws {
        let (status, output) = try run(["serve", "--port", "70000"])
        #expect(status == 64)
        #expect(output.contains("--port must be an integer from 0 to 65535"))
    }

    @Test func emptyHostIsRefused() throws {
        let (status, output) = try run(["serve", "--host", ""])
        #expect(status == 64)
        #expect(output.contains("--host must be a non-empty string"))
    }

    @Test func badEnvironmentVariableIsNamed() throws {
        let (status, output) = try run(["serve"], environment: ["TESSERA_PORT": "abc"])
        #expect(status == 64)
        #expect(output.contains("TESSERA_PORT='abc' is not valid"))
    }

    /// The variable takes effect when no flag is given, and the flag wins when both are.
    @Test func environmentIsHonouredAndFlagsWin() throws {
        let body = "{\"layout\":{\"type\":\"flow\"},\"dataSource\":{\"sections\":[]},\"pad\":\"" + String(repeating: "x", count: 2000) + "\"}"
        let fromEnvironment = try TesseraServer(arguments: [], environment: ["TESSERA_MAX_BODY_BYTES": "1000"])
        defer { _ = fromEnvironment.stop() }
        let refused = try fromEnvironment.client().request("POST", "/v1/layout", body: Array(body.utf8))
        #expect(refused.status == 413)

        let flagWins = try TesseraServer(arguments: ["--max-body-bytes", "100000"], environment: ["TESSERA_MAX_BODY_BYTES": "1000"])
        defer { _ = flagWins.stop() }
        let accepted = try flagWins.client().request("POST", "/v1/layout", body: Array(body.utf8))
        #expect(accepted.status == 400) // read and decoded: "pad" is an unknown key
    }

    @Test func unknownCommandIsAUsageError() throws {
        let (status, output) = try run(["bogus"])
        #expect(status == 64)
        #expect(output.contains("bogus"))
    }

    @Test func serveHelpListsEveryOptionWithItsVariable() throws {
        let (status, output) = try run(["serve", "--help"], readStandardError: false)
        #expect(status == 0)
        let expected = [
            ("--host", "TESSERA_HOST"), ("--port", "TESSERA_PORT"), ("--loops", "TESSERA_LOOPS"),
            ("--max-body-bytes", "TESSERA_MAX_BODY_BYTES"), ("--idle-timeout", "TESSERA_IDLE_TIMEOUT"),
            ("--max-sessions", "TESSERA_MAX_SESSIONS"),
            ("--max-items-per-session", "TESSERA_MAX_ITEMS_PER_SESSION"),
            ("--max-total-items", "TESSERA_MAX_TOTAL_ITEMS"),
            ("--session-idle-seconds", "TESSERA_SESSION_IDLE_SECONDS"),
            ("--gzip-min-bytes", "TESSERA_GZIP_MIN_BYTES")
        ]
        for (flag, variable) in expected {
            #expect(output.contains(flag), "\(flag) missing from serve --help")
            #expect(output.contains(variable), "\(variable) missing from serve --help")
        }
    }

    /// The help is generated from the settings table: every option of serve names its
    /// variable, and its default where it has one (the password files have none).
    @Test func serveHelpGivesEveryOptionItsVariableAndDefault() throws {
        let (status, output) = try run(["serve", "--help"], readStandardError: false)
        #expect(status == 0)
        let options = output.split(separator: "\n  --").dropFirst().filter { !$0.hasPrefix("version ") }
        #expect(options.count > 30)
        for option in options {
            // One line, whatever the width the help was wrapped to.
            let words = option.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            let flag = words.prefix { $0 != " " }
            #expect(words.contains("(TESSERA_"), "--\(flag) names no variable")
            if !flag.hasSuffix("password-file") {
                #expect(words.contains("; default "), "--\(flag) shows no default")
            }
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let (status, output) = try run(["--version"], readStandardError: false)
        #expect(status == 0)
        #expect(output == "0.1.0\n")
    }
}
