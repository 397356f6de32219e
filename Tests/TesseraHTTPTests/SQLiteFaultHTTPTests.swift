import Foundation
import LoopbackHTTP
import SessionStorage
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// SQLite files in trouble, against real `tessera serve` processes (issue 19): a full disk,
/// bytes damaged between two runs, and a file that is not Tessera's.
@Suite("SQLite faults over HTTP", .serialized)
struct SQLiteFaultHTTPTests {
    static func create(_ c: LoopbackHTTPClient, _ items: [String] = PersistenceHTTPTests.initialItems) throws -> String {
        let r = try c.request("POST", "/v1/sessions", body: PersistenceHTTPTests.sessionBody(items))
        #expect(r.status == 201, "\(r.text)")
        return try #require(try json(r)["id"] as? String)
    }

    /// Runs SQL on the file while no server has it open (closing checkpoints the WAL into
    /// the file and removes it).
    static func sql(_ path: String, _ statements: String) throws {
        try SQLiteSessionStorage._execute(statements, onFileAt: path)
    }

    /// `tessera serve` on `path`, expected to refuse to start: its exit status and stderr.
    /// One that starts after all is stopped (a generous bound, not a timing assertion), so
    /// the test fails instead of waiting for ever.
    static func refusedStart(_ path: String) throws -> (status: Int32, stderr: String) {
        let (pid, stderr) = try TesseraServer.spawn(["serve", "--port", "0", "--store", "sqlite:\(path)"], stdoutToPipe: false)
        let status =
            TesseraServer.exitStatus(pid, within: 30)
            ?? {
                kill(pid, SIGKILL)
                return TesseraServer.wait(pid)
            }()
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(stderr, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            output += buffer[0..<n]
        }
        close(stderr)
        return (status, String(decoding: output, as: UTF8.self))
    }

    /// The disk is full: under `ulimit -f 64` (32 KiB) the server can read its database (far
    /// bigger, written before) and map its 32 KiB WAL index, but not write one WAL frame
    /// (64 KiB pages): every write fails. A read whose expiry touch is due still answers; a
    /// change and a create answer 503 `store_unavailable`; no reply names the file.
    @Test func readsGoOnWhenTheDiskIsFullAndNoReplyNamesTheFile() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/sessions.db"
        let first = try TesseraServer(arguments: ["--store", "sqlite:\(path)"])
        let id = try Self.create(try first.client())
        #expect(first.stop() == 0)
        // Last touched two minutes ago: 13 of the 15 idle minutes are left, and a touch is due
        // (they are written at most once per tenth of the idle time, 90 s).
        try Self.sql(path, "UPDATE sessions SET expires_at = expires_at - 120000")

        let full = try TesseraServer(arguments: ["--store", "sqlite:\(path)"], fileSizeLimitBlocks: 64)
        defer { _ = full.stop() }
        let c = try full.client()
        var replies: [LoopbackHTTPClient.Response] = []
        for target in ["/v1/sessions/\(id)", "/v1/sessions/\(id)/elements?rect=0,0,320,480", "/v1/sessions/\(id)"] {
            let r = try c.request("GET", target)
            #expect(r.status == 200, "\(target): \(r.status) \(r.text)")
            replies.append(r)
        }
        #expect(try json(replies[0])["version"] as? Int == 1)
        #expect((try json(replies[1])["elements"] as? [Any])?.count == PersistenceHTTPTests.initialItems.count)

        let update = try c.request("POST", "/v1/sessions/\(id)/updates", body: PersistenceHTTPTests.insert(0))
        #expect(update.status == 503)
        #expect(try errorField(update).code == "store_unavailable")
        let created = try c.request("POST", "/v1/sessions", body: PersistenceHTTPTests.sessionBody(PersistenceHTTPTests.initialItems))
        #expect(created.status == 503)
        #expect(try errorField(created).code == "store_unavailable")
        replies += [update, created]
        for r in replies {
            #expect(!r.text.contains(directory) && !r.text.contains("sessions.db"), "a reply names the file: \(r.text)")
        }
        // Nothing was changed, and the server is still up and ready (reads work).
        #expect(try json(c.request("GET", "/v1/sessions/\(id)"))["version"] as? Int == 1)
        #expect(try c.request("GET", "/readyz").status == 200)
        #expect(kill(full.pid, 0) == 0)
    }

    /// One byte of a size column damaged in the file between two runs (SQLite's own check
    /// cannot see it: it is inside a blob): the session image's checksum catches it, the session is
    /// quarantined (500 `session_quarantined`, then 404) and counted in /metrics, and the
    /// other sessions are served.
    @Test func aDamagedSessionImageIsQuarantinedAndCounted() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        // Sizes no other bytes of the file are likely to spell: 1001 × 2002, 3003 × 4004, …
        let damagedItems = [#"{"size":[1001,2002]}"#, #"{"size":[3003,4004]}"#, #"{"size":[5005,6006]}"#]
        let first = try TesseraServer(arguments: ["--store", "sqlite:\(path)"])
        let damaged = try Self.create(try first.client(), damagedItems)
        let intact = try Self.create(try first.client())
        #expect(first.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        // Whole-number sizes are stored as little-endian UInt16s: find them and make 3003 a 3004.
        var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let column: [UInt8] = [1001, 2002, 3003, 4004, 5005, 6006].flatMap { (v: UInt16) in [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let at = (0...(file.count - column.count)).filter { file[$0..<($0 + column.count)].elementsEqual(column) }
        #expect(at.count == 1)
        let offset = try #require(at.first) + 4
        file[offset] += 1
        try Data(file).write(to: URL(fileURLWithPath: path))

        let second = try TesseraServer(arguments: ["--store", "sqlite:\(path)"])
        defer { _ = second.stop() }
        let c = try second.client()
        #expect(Self.quarantinedCount(try c.request("GET", "/metrics").text) == 0)
        let r = try c.request("GET", "/v1/sessions/\(damaged)/elements?rect=0,0,320,480")
        #expect(r.status == 500, "\(r.text)")
        #expect(try errorField(r).code == "session_quarantined")
        #expect(r.text.contains("checksum"))
        #expect(try c.request("GET", "/v1/sessions/\(damaged)").status == 404)
        #expect(try c.request("GET", "/v1/sessions/\(intact)").status == 200)
        #expect(Self.quarantinedCount(try c.request("GET", "/metrics").text) == 1)
    }

    /// `tessera_sessions_quarantined_total N` in a /metrics page (nil: absent).
    static func quarantinedCount(_ metrics: String) -> Int? {
        for line in metrics.split(separator: "\n") where line.hasPrefix("tessera_sessions_quarantined_total ") {
            return line.split(separator: " ").last.flatMap { Double($0) }.map { Int($0) }
        }
        return nil
    }

    /// Another application's database, with a `sessions` table of its own shape: refused at
    /// start-up (exit status 1, the file and the reason on stderr), not served with 503s.
    @Test func anotherApplicationsDatabaseStopsTheStart() throws {
        let path = try temporaryDirectory() + "/app.db"
        try Self.sql(path, "CREATE TABLE sessions(id INTEGER PRIMARY KEY, user TEXT, token TEXT); INSERT INTO sessions VALUES (1, 'ada', 'x')")
        let (status, stderr) = try Self.refusedStart(path)
        #expect(status == 1)
        #expect(stderr.contains(path))
        #expect(stderr.contains("not a Tessera session database"), "\(stderr)")
        #expect(stderr.contains("table sessions has columns (id, user, token)"), "\(stderr)")
    }

    /// A file a newer Tessera wrote (its schema version above this one's): refused likewise.
    @Test func aNewerSchemaStopsTheStart() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        let first = try TesseraServer(arguments: ["--store", "sqlite:\(path)"])
        _ = try Self.create(try first.client())
        #expect(first.stop() == 0)
        try Self.sql(path, "PRAGMA user_version = 99")
        let (status, stderr) = try Self.refusedStart(path)
        #expect(status == 1)
        #expect(stderr.contains(path))
        #expect(stderr.contains("schema version 99 is newer"), "\(stderr)")
    }
}
