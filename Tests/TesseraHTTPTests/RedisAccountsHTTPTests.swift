import Foundation
import LoopbackHTTP
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// What the shared limits count (`tessera:{accounts}`) comes back to what the sessions hold
/// once every change has settled (issue 34, point 8), on a real `redis-server`.
@Suite("Redis limit accounts", .serialized)
struct RedisAccountsHTTPTests {
    typealias P = PersistenceHTTPTests

    static func insertBody(_ count: Int) -> [UInt8] {
        let paths = (0..<count).map { "[0,\($0)]" }.joined(separator: ",")
        let items = Array(repeating: #"{"size":[10,10]}"#, count: count).joined(separator: ",")
        return Array(#"{"updates":[{"op":"insertItems","indexPaths":[\#(paths)],"items":[\#(items)]}],"rect":[0,0,1,1]}"#.utf8)
    }

    /// An integer field of a Redis hash, read with a raw inline command.
    static func hashField(_ redis: RedisServer, _ key: String, _ field: String) -> Int? {
        guard let reply = LoopbackPort.redisCommand(redis.port, "HGET \(key) \(field)") else { return nil }
        let lines = reply.split(separator: "\r\n")
        return lines.count >= 2 ? Int(lines[1]) : nil
    }

    static func hashLength(_ redis: RedisServer, _ key: String) -> Int? {
        guard let reply = LoopbackPort.redisCommand(redis.port, "HLEN \(key)"), reply.hasPrefix(":") else { return nil }
        return reply.split(separator: "\r\n").first.flatMap { Int($0.dropFirst()) }
    }

    /// Units (items plus sections) the session holds, from its own description.
    static func unitsHeld(_ c: LoopbackHTTPClient, _ id: String) throws -> Int? {
        let session = try json(c.request("GET", "/v1/sessions/\(id)"))
        guard let sections = session["sections"] as? [Any], let items = session["itemCount"] as? Int else { return nil }
        return sections.count + items
    }

    /// Growth and shrinkage without faults: the account follows each change exactly.
    @Test func theAccountFollowsEveryChange() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        // 3 items + 1 section.
        #expect(Self.hashField(redis, "tessera:{accounts}", id) == 4)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insertBody(5), headers: [("If-Match", "\"1\"")]).status == 200)
        #expect(Self.hashField(redis, "tessera:{accounts}", id) == 9)
        let delete = Array(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0],[0,1]]}],"rect":[0,0,1,1]}"#.utf8)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: delete, headers: [("If-Match", "\"2\"")]).status == 200)
        #expect(Self.hashField(redis, "tessera:{accounts}", id) == 7)
        #expect(Self.hashLength(redis, "tessera:{accounts}:pending") ?? 0 == 0)
        #expect(try c.request("DELETE", "/v1/sessions/\(id)").status == 204)
        #expect(Self.hashField(redis, "tessera:{accounts}", id) == nil)
    }

    /// Three growing changes sent while Redis is stalled (SIGSTOP) time out after reserving
    /// (their reservations run when Redis resumes, some twice: a timed-out call is sent
    /// again). Before, the reservations stayed for good (N6b: 2,011 units reserved for a
    /// 10-item session); now each is pending under its change's token until its deadline,
    /// and the sweep (1 s here) brings the account back to the units the session holds.
    @Test func changesLostInAStallLeaveNoReservation() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let server = try TesseraServer(arguments: ["--store", redis.url, "--store-sweep-seconds", "1"])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("GET", "/v1/sessions/\(id)").status == 200) // a read lease: the changes go straight to their reservations
        kill(redis.pid, SIGSTOP)
        var resumed = false
        defer { if !resumed { kill(redis.pid, SIGCONT) } }
        let statuses = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        for _ in 0..<3 {
            Thread {
                defer { done.signal() }
                let status =
                    (try? LoopbackHTTPClient(port: port, timeoutSeconds: 30).request(
                        "POST", "/v1/sessions/\(id)/updates", body: Self.insertBody(1000), headers: [("If-Match", "\"1\"")]))?.status ?? -1
                statuses.withLock { $0.append(status) }
            }.start()
        }
        for _ in 0..<3 { done.wait() }
        #expect(statuses.withLock { $0 } == [503, 503, 503])
        kill(redis.pid, SIGCONT)
        resumed = true
        let held = try #require(try Self.unitsHeld(c, id))
        #expect(held == 4)
        var reserved: Int?
        var pending: Int?
        // The reservations' deadline (5 s with the default timeouts) and a sweep.
        for _ in 0..<150 where !(reserved == held && pending == 0) {
            usleep(100_000)
            reserved = Self.hashField(redis, "tessera:{accounts}", id)
            pending = Self.hashLength(redis, "tessera:{accounts}:pending")
        }
        #expect(reserved == held)
        #expect(pending == 0)
        // And the session takes a growing change again.
        let version = try #require(try json(c.request("GET", "/v1/sessions/\(id)"))["version"] as? Int)
        #expect(
            try c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insertBody(2), headers: [("If-Match", "\"\(version)\"")]).status == 200)
        #expect(Self.hashField(redis, "tessera:{accounts}", id) == held + 2)
    }
}
