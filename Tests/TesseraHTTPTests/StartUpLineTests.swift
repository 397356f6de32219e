import Foundation
import Testing

/// The start-up log line comes from `tessera serve`'s settings table, as the help does: one
/// key a setting, named after its flag (`--max-body-bytes` is `max_body_bytes`), carrying
/// the value in force, never a password.
@Suite struct StartUpLineTests {
    /// The settings `tessera serve --help` lists, one a row of the table: the lines that start
    /// with a flag taking a value (`--version` and `--help` take none).
    static func settingFlags() throws -> [String] {
        let (status, output) = try TesseraServer.run(["serve", "--help"])
        #expect(status == 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  --") else { return nil }
            let words = line.split(separator: " ")
            return words.count > 1 && words[1].hasPrefix("<") ? String(words[0]) : nil
        }
    }

    private static func logKey(_ flag: String) -> String {
        String(flag.dropFirst(2).map { $0 == "-" ? "_" : $0 })
    }

    @Test func thereIsOneKeyASettingNamedAfterItsFlagWithTheValueInForce() throws {
        let flags = try Self.settingFlags()
        #expect(flags.count > 30)
        let directory = try temporaryDirectory()
        try "hunter2-in-a-file\n".write(toFile: directory + "/password", atomically: true, encoding: .utf8)
        let server = try TesseraServer(
            arguments: [
                "--idle-timeout", "7", "--max-body-bytes", "1048576", "--max-body-bytes-in-flight", "8388608",
                "--store-password-file", directory + "/password"
            ],
            environment: ["TESSERA_LINGER_SECONDS": "3"], withLog: true, openFileLimit: 1024)
        defer { _ = server.stop() }
        let log = LogReader(server.outputFD)
        let started = try log.nextJSON { $0["message"] as? String == "tessera started" }

        let settings = Set(started.keys).subtracting(["time", "level", "message", "version"])
        #expect(settings == Set(flags.map(Self.logKey)))
        #expect(started.count == flags.count + 4, "one key a setting")
        // Given by a flag, by a variable, or left at the default.
        #expect(started["idle_timeout"] as? Int == 7)
        #expect(started["linger_seconds"] as? Int == 3)
        #expect(started["max_sessions"] as? Int == 1024)
        #expect(started["store"] as? String == "memory")
        #expect(started["log_level"] as? String == "info")
        #expect(started["host"] as? String == "127.0.0.1")
        #expect(started["port"] as? Int == server.port)
        // Worked out when the server starts: a quarter of the bodies in flight; the
        // descriptors (ulimit -n 1024) less 64, shared by the two loops; no Sentinel.
        #expect(started["max_body_bytes_per_client"] as? Int == 2_097_152)
        #expect(started["max_connections_per_loop"] as? Int == 480)
        #expect(started["redis_min_replica_acks"] as? Int == 0)
        // A password file: whether there is one, never what it holds.
        #expect(started["store_password_file"] as? Bool == true)
        #expect(started["sentinel_password_file"] as? Bool == false)
        #expect(!log.seen.contains("hunter2"))
    }
}
