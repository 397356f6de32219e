import Foundation
import Testing

/// `tessera settings --markdown`, the table docs/configuration.md carries: made from the same
/// rows as `tessera serve --help` and the start-up log line, so the page lists every setting
/// once, with its variable and the default in force.
@Suite struct SettingsMarkdownTests {
    /// The table's rows by flag: [flag, variable, default, what], without the backticks.
    private static func rows() throws -> (status: Int32, header: [String], rows: [[String]]) {
        let (status, output) = try TesseraServer.run(["settings", "--markdown"])
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        let cells = lines.map { line in
            line.dropFirst(2).dropLast(2).components(separatedBy: " | ").map { $0.trimmingCharacters(in: ["`"]) }
        }
        return (status, lines.prefix(2).map { $0 }, Array(cells.dropFirst(2)))
    }

    @Test func everySettingHasOneRowWithItsVariable() throws {
        let (status, header, rows) = try Self.rows()
        #expect(status == 0)
        #expect(header == ["| flag | environment | default | what |", "|---|---|---|---|"])
        #expect(rows.allSatisfy { $0.count == 4 }, "four cells a row")
        let flags = try StartUpLineTests.settingFlags()
        #expect(flags.count > 30)
        #expect(rows.map { $0[0] }.sorted() == flags.sorted(), "one row a setting of serve --help")
        for row in rows {
            // A flag given once per value names its list variable in the plural.
            let words = row[0].dropFirst(2).uppercased().replacing("-", with: "_")
            let variable = row[0] == "--trusted-proxy" ? "TESSERA_TRUSTED_PROXIES" : "TESSERA_" + words
            #expect(row[1] == variable)
            #expect(!row[3].isEmpty && row[3].hasSuffix("."), "\(row[0]) says what it is")
        }
    }

    @Test func rowsReadAsWrittenByHand() throws {
        let (_, _, rows) = try Self.rows()
        let byFlag = Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0) })
        #expect(byFlag["--port"]?[1] == "TESSERA_PORT")
        #expect(byFlag["--port"]?[2] == "8080")
        #expect(byFlag["--port"]?[3].hasPrefix("TCP port, 0 for any free one. The first line") == true)
        #expect(byFlag["--max-body-bytes"]?[2] == "67108864 = 64 MiB")
        #expect(byFlag["--store"]?[2] == "memory")
        #expect(byFlag["--store-password-file"]?[2] == "none")
        #expect(byFlag["--loops"]?[2] == "one per CPU the process may use: cgroup quota and affinity")
        // The page's longer words: in the table, not in --help.
        #expect(byFlag["--idle-timeout"]?[3].contains("A request a worker is still computing is never cut off.") == true)
        let (_, help) = try TesseraServer.run(["serve", "--help"])
        #expect(!String(decoding: help, as: UTF8.self).contains("never cut off"))
    }

    /// Each default the table shows as a value is the value a server started without the
    /// setting runs with (its start-up log line), so the page cannot show a stale default.
    @Test func theDefaultsShownAreTheOnesInForce() throws {
        let (_, _, rows) = try Self.rows()
        let server = try TesseraServer(arguments: [], withLog: true)
        defer { _ = server.stop() }
        let started = try LogReader(server.outputFD).nextJSON { $0["message"] as? String == "tessera started" }
        // The test server is given --host, --port and --loops; defaults in words are worked out
        // at start-up, and "none" is no value.
        let compared = rows.filter { row in
            let isValue = !row[2].contains(" ") || row[2].hasSuffix(" MiB")
            return isValue && row[2] != "none" && !["--host", "--port", "--loops"].contains(row[0])
        }
        #expect(compared.count >= 25)
        for row in compared {
            let key = String(row[0].dropFirst(2).replacing("-", with: "_"))
            let shown = row[2].split(separator: " ").first.map(String.init)
            #expect(started[key].map { "\($0)" } == shown, "\(row[0]): the page shows \(row[2])")
        }
    }

    @Test func withoutMarkdownItIsAUsageErrorAndTheCommandIsHidden() throws {
        let (status, output) = try TesseraServer.run(["settings"], readStandardError: true)
        #expect(status == 64)
        #expect(String(decoding: output, as: UTF8.self).contains("--markdown"))
        let (_, help) = try TesseraServer.run(["--help"])
        #expect(!String(decoding: help, as: UTF8.self).contains("settings"))
    }
}
