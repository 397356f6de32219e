import Foundation
import LoopbackHTTP
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Durable and shared sessions against real servers: `tessera serve` processes, SQLite files
/// in a temporary directory and Debian's redis-server on a port the test picks.
@Suite("Persistence over HTTP", .serialized)
struct PersistenceHTTPTests {
    static let initialItems = [#"{"size":[40,40]}"#, #"{"size":[70,20]}"#, #"{"size":[25,60]}"#]

    static func sessionBody(_ items: [String]) -> [UInt8] {
        Array(
            #"{"layout":{"type":"flow","minimumLineSpacing":3},"dataSource":{"sections":[{"items":[\#(items.joined(separator: ","))]}]},"view":{"bounds":[320,480]}}"#
                .utf8)
    }

    /// Item k of a stream of updates: a size no other k has, so order shows in the layout.
    static func item(_ k: Int) -> String { #"{"size":[\#(10 + k % 200),\#(5 + k / 200)]}"# }

    static func insert(_ k: Int) -> [UInt8] {
        Array(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]],"items":[\#(item(k))]}],"rect":[0,0,1,1]}"#.utf8)
    }

    /// The session's elements equal those of a fresh session of `items`: same layout, same
    /// content size.
    static func expectLayout(_ c: LoopbackHTTPClient, _ id: String, equals items: [String]) throws {
        let fresh = try json(c.request("POST", "/v1/sessions", body: sessionBody(items)))
        let freshID = try #require(fresh["id"] as? String)
        let query = "/elements?rect=0,0,320,100000"
        let got = try json(c.request("GET", "/v1/sessions/\(id)\(query)"))
        let want = try json(c.request("GET", "/v1/sessions/\(freshID)\(query)"))
        #expect((got["elements"] as? NSArray)?.isEqual(want["elements"] as? NSArray) == true)
        #expect((got["contentSize"] as? NSDictionary)?.isEqual(want["contentSize"] as? NSDictionary) == true)
        #expect((got["elements"] as? NSArray)?.count == items.count)
        _ = try c.request("DELETE", "/v1/sessions/\(freshID)")
    }

    /// Updates stream from another thread; the server is killed with SIGKILL in the middle.
    /// After a restart on the same store every acknowledged update is there, in order, and
    /// nothing is half-applied: the version counts exactly the updates the layout shows.
    func killDuringAcknowledgedUpdates(store: String) throws {
        let server = try TesseraServer(arguments: ["--store", store])
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.sessionBody(Self.initialItems)))["id"] as? String)
        let acknowledged = Mutex<[Int: Int]>([:]) // version → k
        let done = DispatchSemaphore(value: 0)
        let port = server.port
        Thread {
            defer { done.signal() }
            guard let stream = try? LoopbackHTTPClient(port: port) else { return }
            for k in 0..<1_000_000 {
                guard let r = try? stream.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(k)), r.status == 200,
                    let version = (try? json(r))?["version"] as? Int
                else { return }
                acknowledged.withLock { $0[version] = k }
            }
        }.start()
        while acknowledged.withLock({ $0.count }) < 40 { usleep(2_000) }
        kill(server.pid, SIGKILL)
        _ = TesseraServer.wait(server.pid)
        done.wait()
        let acks = acknowledged.withLock { $0 }
        let newestAck = try #require(acks.keys.max())
        #expect(acks.count == newestAck - 1) // versions 2...newest, each update k at version k + 2
        #expect(acks.allSatisfy { $0.key == $0.value + 2 })

        let restarted = try TesseraServer(arguments: ["--store", store])
        defer { _ = restarted.stop() }
        let r = try restarted.client()
        let session = try json(r.request("GET", "/v1/sessions/\(id)"))
        let version = try #require(session["version"] as? Int)
        // The update in flight at the kill may have been committed without its reply.
        #expect(version == newestAck || version == newestAck + 1)
        let inserted = (0..<(version - 1)).reversed().map(Self.item)
        #expect(session["itemCount"] as? Int == inserted.count + Self.initialItems.count)
        try Self.expectLayout(r, id, equals: inserted + Self.initialItems)
    }

    @Test func killNineDuringUpdatesLosesNothingWithSQLite() throws {
        try killDuringAcknowledgedUpdates(store: "sqlite:\(try temporaryDirectory())/sessions.db")
    }

    @Test func killNineDuringUpdatesLosesNothingWithRedis() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        try killDuringAcknowledgedUpdates(store: redis.url)
    }

    /// Two replicas on one Redis, requests alternating between them, then conflicting updates
    /// through both at once.
    @Test func twoReplicasShareSessionsAndSerialiseChanges() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let replicas = [try TesseraServer(arguments: ["--store", redis.url]), try TesseraServer(arguments: ["--store", redis.url])]
        defer { replicas.forEach { _ = $0.stop() } }
        let a = try replicas[0].client(), b = try replicas[1].client()
        let id = try #require(try json(a.request("POST", "/v1/sessions", body: Self.sessionBody(Self.initialItems)))["id"] as? String)
        // Each sees the other's writes at once (read-your-writes through any replica).
        #expect(try json(b.request("GET", "/v1/sessions/\(id)"))["version"] as? Int == 1)
        #expect(try b.request("PATCH", "/v1/sessions/\(id)/view", body: Array(#"{"contentOffset":[0,7]}"#.utf8)).status == 200)
        let seenByA = try json(a.request("GET", "/v1/sessions/\(id)"))
        #expect(seenByA["version"] as? Int == 2)
        #expect(((seenByA["view"] as? [String: Any])?["contentOffset"] as? [String: Any])?["y"] as? Double == 7)
        // A stale If-Match through the replica that did not write is refused.
        #expect(
            try a.request(
                "PATCH", "/v1/sessions/\(id)/view", body: Array(#"{"contentOffset":[0,8]}"#.utf8),
                headers: [("If-Match", "\"1\"")]
            ).status == 412)

        let perReplica = 40
        let acknowledged = Mutex<[(replica: Int, version: Int, k: Int)]>([])
        let group = DispatchGroup()
        for replica in 0..<2 {
            let port = replicas[replica].port
            group.enter()
            Thread {
                defer { group.leave() }
                guard let c = try? LoopbackHTTPClient(port: port) else { return }
                for n in 0..<perReplica {
                    let k = replica * 1000 + n
                    guard let r = try? c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(k)) else { continue }
                    guard r.status == 200, let version = (try? json(r))?["version"] as? Int else {
                        Issue.record("update \(k) through replica \(replica): \(r.status) \(r.text)")
                        continue
                    }
                    acknowledged.withLock { $0.append((replica, version, k)) }
                }
            }.start()
        }
        group.wait()
        let acks = acknowledged.withLock { $0 }
        #expect(acks.count == 2 * perReplica)
        let versions = acks.map(\.version)
        #expect(Set(versions).count == versions.count)
        #expect(Set(versions) == Set(3...(2 + 2 * perReplica)))
        for replica in 0..<2 {
            let mine = acks.filter { $0.replica == replica }.map(\.version)
            #expect(mine == mine.sorted())
        }
        let final = try json(b.request("GET", "/v1/sessions/\(id)"))
        #expect(final["version"] as? Int == 2 + 2 * perReplica)
        // The layout is that of the data with the batches applied in version order.
        let inOrder = acks.sorted { $0.version < $1.version }.map { Self.item($0.k) }
        try Self.expectLayout(a, id, equals: inOrder.reversed() + Self.initialItems)
        try Self.expectLayout(b, id, equals: inOrder.reversed() + Self.initialItems)
    }

    /// Many small changes through one replica compact the log into new session images in Redis; a
    /// replica that never saw the session rebuilds it identically from session image and log.
    @Test func compactedSessionsLoadIdenticallyFromRedis() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = a.stop() }
        let ca = try a.client()
        let id = try #require(try json(ca.request("POST", "/v1/sessions", body: Self.sessionBody(Self.initialItems)))["id"] as? String)
        for k in 0..<40 {
            let body = k % 2 == 0 ? Self.insert(k) : Array(#"{"contentOffset":[0,\#(k)],"bounds":[\#(300 + k),480]}"#.utf8)
            let path = k % 2 == 0 ? "/v1/sessions/\(id)/updates" : "/v1/sessions/\(id)/view"
            #expect(try ca.request(k % 2 == 0 ? "POST" : "PATCH", path, body: body).status == 200)
        }
        let b = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = b.stop() }
        let cb = try b.client()
        for target in ["/v1/sessions/\(id)", "/v1/sessions/\(id)/elements?rect=0,0,400,2000"] {
            #expect(try cb.request("GET", target).text == ca.request("GET", target).text)
        }
        #expect(try json(cb.request("GET", "/v1/sessions/\(id)"))["version"] as? Int == 41)
    }

    /// Redis goes away under traffic: requests answer 503 store_unavailable, /readyz is not
    /// ready, /healthz stays alive; when Redis is back the service resumes by itself.
    @Test func redisStoppedAndRestartedUnderTraffic() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        let server = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.sessionBody(Self.initialItems)))["id"] as? String)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(0)).status == 200)
        #expect(try c.request("GET", "/readyz").status == 200)

        let statuses = Mutex<[Int: Int]>([:])
        let stop = Atomic<Bool>(false)
        let traffic = DispatchSemaphore(value: 0)
        let port = server.port
        Thread {
            defer { traffic.signal() }
            guard let t = try? LoopbackHTTPClient(port: port) else { return }
            while !stop.load(ordering: .relaxed) {
                let status = (try? t.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status) ?? -1
                statuses.withLock { $0[status, default: 0] += 1 }
                usleep(2_000)
            }
        }.start()

        redis.stop()
        let down = try c.request("GET", "/v1/sessions/\(id)")
        #expect(down.status == 503)
        #expect(try errorField(down).code == "store_unavailable")
        let update = try c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(1))
        #expect(update.status == 503)
        #expect(try errorField(update).code == "store_unavailable")
        let ready = try c.request("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(try errorField(ready).code == "store_unavailable")
        #expect(try c.request("GET", "/healthz").status == 200)

        try redis.start()
        defer { redis.stop() }
        var recovered = false
        for _ in 0..<100 where !recovered {
            recovered = try c.request("GET", "/readyz").status == 200
            if !recovered { usleep(100_000) }
        }
        #expect(recovered)
        let session = try json(c.request("GET", "/v1/sessions/\(id)"))
        #expect(session["version"] as? Int == 2)
        #expect(try json(c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(2)))["version"] as? Int == 3)
        stop.store(true, ordering: .relaxed)
        traffic.wait()
        let seen = statuses.withLock { $0 }
        #expect(Set(seen.keys).isSubset(of: [200, 503]), "\(seen)")
        #expect(kill(server.pid, 0) == 0)
    }

    /// Store calls show in /metrics, per backend and operation.
    @Test func storeCallsAreCountedInMetrics() throws {
        let server = try TesseraServer(arguments: ["--store", "sqlite:\(try temporaryDirectory())/sessions.db"])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.sessionBody(Self.initialItems)))["id"] as? String)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: Self.insert(0)).status == 200)
        let metrics = try c.request("GET", "/metrics").text
        for operation in ["create", "version", "append"] {
            #expect(
                metrics.contains(#"tessera_store_operations_total{backend="sqlite",operation="\#(operation)",outcome="ok"}"#)
                    || metrics.contains(#"tessera_store_operations_total{operation="\#(operation)",backend="sqlite",outcome="ok"}"#),
                "\(operation) missing")
        }
    }

    /// A database file that is not one: the start fails at once with the path and the reason
    /// (exit status 1), rather than serving without the sessions it holds.
    @Test func aCorruptDatabaseStopsTheStartWithItsName() throws {
        let path = try temporaryDirectory() + "/sessions.db"
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        let (status, text) = try SQLiteFaultHTTPTests.refusedStart(path)
        #expect(status == 1)
        #expect(text.contains(path))
        #expect(text.contains("not a readable SQLite database"))
    }
}
