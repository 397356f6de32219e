import Foundation
import LoopbackHTTP
import Synchronization
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Read-your-writes through any replica with Redis's read leases (docs/deployment.md, "Running
/// more than one replica"): a replica answering from its copy under a lease never answers from a
/// version older than a change acknowledged before the request, whichever replica made it.
@Suite("Read-your-writes across replicas", .serialized)
struct ReadYourWritesHTTPTests {
    static func sessionBody() -> [UInt8] {
        Array(#"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":30}]},"view":{"bounds":[320,480]}}"#.utf8)
    }

    static func viewPatch(_ y: Int) -> [UInt8] { Array(#"{"contentOffset":[0,\#(y)]}"#.utf8) }

    /// The version and the content offset's y a replica answers `GET /v1/sessions/{id}` with.
    static func seen(_ c: LoopbackHTTPClient, _ id: String) throws -> (version: Int, y: Double) {
        let session = try json(c.request("GET", "/v1/sessions/\(id)"))
        let offset = (session["view"] as? [String: Any])?["contentOffset"] as? [String: Any]
        return (try #require(session["version"] as? Int), try #require(offset?["y"] as? Double))
    }

    /// Successful version reads this replica made in Redis (lease grants and plain reads).
    static func versionReads(_ c: LoopbackHTTPClient) throws -> Int {
        let metrics = try c.request("GET", "/metrics").text
        let line = metrics.split(separator: "\n").first {
            $0.hasPrefix("tessera_store_operations_total{") && $0.contains(#"operation="version""#) && $0.contains(#"outcome="ok""#)
        }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    /// A lease lasts a second and a revocation holds off new grants for a tenth of that: past
    /// this pause the next read asks for (and gets) a lease again.
    static let pastRevocation: useconds_t = 150_000

    /// Write through one replica, read through the other at once: the read sees the write,
    /// every time, in both directions, while the reading replica held a lease on the session
    /// just before the write (so it is revoked, not merely absent). The reading replica's
    /// leases are in use: back-to-back reads do not each ask Redis.
    @Test func aWriteThroughOneReplicaIsSeenAtOnceThroughTheOther() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let replicas = [try TesseraServer(arguments: ["--store", redis.url]), try TesseraServer(arguments: ["--store", redis.url])]
        defer { replicas.forEach { _ = $0.stop() } }
        let clients = [try replicas[0].client(), try replicas[1].client()]
        let id = try #require(try json(clients[0].request("POST", "/v1/sessions", body: Self.sessionBody()))["id"] as? String)

        // Leases in use: 40 reads in a row through B cost fewer than 40 reads in Redis.
        _ = try Self.seen(clients[1], id)
        let before = try Self.versionReads(clients[1])
        for _ in 0..<40 { #expect(try Self.seen(clients[1], id).version == 1) }
        #expect(try Self.versionReads(clients[1]) - before < 40)

        var expected = 1
        for n in 1...24 {
            let (writer, reader) = (clients[n % 2], clients[1 - n % 2])
            usleep(Self.pastRevocation)
            #expect(try Self.seen(reader, id).version == expected) // the reader holds a lease now
            let reply = try json(writer.request("PATCH", "/v1/sessions/\(id)/view", body: Self.viewPatch(n)))
            expected += 1
            #expect(reply["version"] as? Int == expected)
            let (version, y) = try Self.seen(reader, id)
            #expect(version == expected, "read \(n) through replica \(1 - n % 2)")
            #expect(y == Double(n))
        }
        // A DELETE is seen at once too: 404 from the replica that held a lease.
        usleep(Self.pastRevocation)
        #expect(try Self.seen(clients[1], id).version == expected)
        #expect(try clients[0].request("DELETE", "/v1/sessions/\(id)").status == 204)
        #expect(try clients[1].request("GET", "/v1/sessions/\(id)").status == 404)
    }

    /// Several clients at once, each writing through one replica and reading through the
    /// other, on sessions of their own and on one they share: a read never shows a version
    /// older than the client's own last acknowledged write.
    @Test func concurrentClientsReadTheirWritesThroughEitherReplica() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let replicas = [try TesseraServer(arguments: ["--store", redis.url]), try TesseraServer(arguments: ["--store", redis.url])]
        defer { replicas.forEach { _ = $0.stop() } }
        let c = try replicas[0].client()
        let shared = try #require(try json(c.request("POST", "/v1/sessions", body: Self.sessionBody()))["id"] as? String)
        let ports = replicas.map(\.port)
        let stale = Mutex<[String]>([])
        let acknowledged = Atomic<Int>(0)
        let group = DispatchGroup()
        for worker in 0..<6 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let writer = try LoopbackHTTPClient(port: ports[worker % 2])
                    let reader = try LoopbackHTTPClient(port: ports[1 - worker % 2])
                    var id = shared
                    if worker < 4 {
                        guard let own = try json(writer.request("POST", "/v1/sessions", body: Self.sessionBody()))["id"] as? String else {
                            stale.withLock { $0.append("worker \(worker): no session") }
                            return
                        }
                        id = own
                    }
                    for n in 1...12 {
                        usleep(Self.pastRevocation)
                        _ = try Self.seen(reader, id)
                        let reply = try writer.request("PATCH", "/v1/sessions/\(id)/view", body: Self.viewPatch(worker * 100 + n))
                        guard reply.status == 200, let version = try json(reply)["version"] as? Int else {
                            stale.withLock { $0.append("worker \(worker): PATCH answered \(reply.status) \(reply.text)") }
                            continue
                        }
                        acknowledged.add(1, ordering: .relaxed)
                        let seen = try Self.seen(reader, id)
                        if seen.version < version { stale.withLock { $0.append("worker \(worker): wrote \(version), read \(seen.version)") } }
                        if worker < 4, seen.y != Double(worker * 100 + n) {
                            stale.withLock { $0.append("worker \(worker): wrote y \(worker * 100 + n), read \(seen.y)") }
                        }
                    }
                } catch {
                    stale.withLock { $0.append("worker \(worker): \(error)") }
                }
            }.start()
        }
        group.wait()
        #expect(stale.withLock { $0 } == [])
        #expect(acknowledged.load(ordering: .relaxed) == 6 * 12)
        #expect(try Self.seen(c, shared).version == 1 + 2 * 12)
    }

    /// Graceful handoff (issue 39): a replica stopped with SIGTERM answers what it has, then
    /// removes its read leases from Redis, so the next change through another replica waits
    /// for none of them (a lease entry otherwise stays until a writer finds it expired; the
    /// leases' hash lives twice a lease length).
    @Test func aReplicaStoppedGracefullyGivesUpItsLeases() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url]), b = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = a.stop() }
        let ca = try a.client(), cb = try b.client()
        let id = try #require(try json(ca.request("POST", "/v1/sessions", body: Self.sessionBody()))["id"] as? String)
        usleep(Self.pastRevocation)
        #expect(try Self.seen(cb, id).version == 1) // B holds a lease
        let leases = "HLEN tessera:{\(id)}:leases"
        #expect(LoopbackPort.redisCommand(redis.port, leases)?.hasPrefix(":1") == true)
        #expect(b.stop() == 0)
        #expect(LoopbackPort.redisCommand(redis.port, leases)?.hasPrefix(":0") == true)
        let reply = try ca.request("PATCH", "/v1/sessions/\(id)/view", body: Self.viewPatch(7))
        #expect(reply.status == 200)
        #expect(try json(reply)["version"] as? Int == 2)
    }

    /// A lease holder that cannot confirm (stopped with SIGSTOP) delays a change by at most
    /// its lease, never forever and never into a stale read: the writer waits for Redis's
    /// clock to pass the lease's expiry, and the holder, resumed, reads the new version.
    @Test func aStoppedLeaseHolderDelaysButNeverServesAStaleVersion() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url]), b = try TesseraServer(arguments: ["--store", redis.url])
        defer {
            _ = a.stop()
            _ = b.stop()
        }
        let ca = try a.client(), cb = try b.client()
        let id = try #require(try json(ca.request("POST", "/v1/sessions", body: Self.sessionBody()))["id"] as? String)
        for n in 1...3 {
            usleep(Self.pastRevocation)
            #expect(try Self.seen(cb, id).version == n) // B holds a lease on version n
            kill(b.pid, SIGSTOP)
            let reply = try ca.request("PATCH", "/v1/sessions/\(id)/view", body: Self.viewPatch(n))
            kill(b.pid, SIGCONT)
            #expect(reply.status == 200)
            #expect(try json(reply)["version"] as? Int == n + 1)
            let (version, y) = try Self.seen(cb, id)
            #expect(version == n + 1)
            #expect(y == Double(n))
        }
    }
}
