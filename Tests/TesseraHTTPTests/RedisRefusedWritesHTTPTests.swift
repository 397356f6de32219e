import Foundation
import LoopbackHTTP
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Reads keep working while writes are refused (issue 34, point 5), on real `redis-server`
/// processes: before, a read without a live lease took one through a script that writes, so
/// a master refusing writes, or no master at all, made every such read a 503.
@Suite("Redis reads while writes are refused", .serialized)
struct RedisRefusedWritesHTTPTests {
    typealias P = PersistenceHTTPTests

    static func version(_ server: TesseraServer, _ id: String) throws -> (status: Int, version: Int?) {
        let reply = try server.client().request("GET", "/v1/sessions/\(id)")
        return (reply.status, reply.status == 200 ? try json(reply)["version"] as? Int : nil)
    }

    /// A master that refuses writes (`min-replicas-to-write 1`, no replica: `NOREPLICAS`)
    /// still answers reads with everything it acknowledged: through the replica that wrote,
    /// and through one that never saw the session (it loads the session image and log). Changes
    /// answer 503; once the master takes writes again, a change through one replica is read
    /// back through the other.
    @Test func aMasterRefusingWritesStillServesReads() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        let a = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = b.stop() }
        let c = try a.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(1), headers: [("If-Match", "\"1\"")]).status == 200)
        #expect(LoopbackPort.redisCommand(redis.port, "CONFIG SET min-replicas-to-write 1")?.hasPrefix("+OK") == true)
        usleep(1_100_000) // A's read lease (1 s) is over: its reads must ask Redis
        for _ in 0..<3 {
            #expect(try Self.version(a, id) == (200, 2))
            #expect(try Self.version(b, id) == (200, 2))
        }
        #expect(try b.client().request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status == 200)
        let refused = try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(2), headers: [("If-Match", "\"2\"")])
        #expect(refused.status == 503)
        #expect(try errorField(refused).code == "store_unavailable")
        #expect(LoopbackPort.redisCommand(redis.port, "CONFIG SET min-replicas-to-write 0")?.hasPrefix("+OK") == true)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(2), headers: [("If-Match", "\"2\"")]).status == 200)
        #expect(try Self.version(b, id) == (200, 3))
    }

    /// Under Sentinel with the master killed and no replica promoted yet (down-after 10 s),
    /// reads come from the replica with the most of the master's stream among enough of
    /// them: with two replicas and `WAIT 1`, both must answer. A replica that never saw the
    /// session loads it from there, and sees the acknowledged change; with one of the two
    /// replicas stopped, no replica can vouch for every acknowledged change, and the read is
    /// a 503 rather than a possibly stale answer.
    @Test func withoutAMasterReadsComeFromAReplicaQuorum() throws {
        let cluster = try RedisSentinelCluster(replicas: 2, downAfterMilliseconds: 10_000)
        defer { cluster.stop() }
        let a = try TesseraServer(arguments: ["--store", cluster.url])
        defer { _ = a.stop() }
        let b = try TesseraServer(arguments: ["--store", cluster.url])
        defer { _ = b.stop() }
        let c = try a.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: P.sessionBody(P.initialItems)))["id"] as? String)
        #expect(try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(1), headers: [("If-Match", "\"1\"")]).status == 200)
        kill(cluster.master.pid, SIGKILL)
        usleep(1_100_000) // past A's read lease
        let readA = try a.client().request("GET", "/v1/sessions/\(id)")
        #expect(readA.status == 200, "\(readA.text)")
        #expect(try json(readA)["version"] as? Int == 2)
        let readB = try b.client().request("GET", "/v1/sessions/\(id)")
        #expect(readB.status == 200, "\(readB.text)")
        #expect(try json(readB)["version"] as? Int == 2)
        #expect(try b.client().request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,100").status == 200)
        let change = try c.request("POST", "/v1/sessions/\(id)/updates", body: P.insert(2), headers: [("If-Match", "\"2\"")])
        #expect(change.status == 503)
        kill(cluster.replicas[1].pid, SIGSTOP)
        defer { kill(cluster.replicas[1].pid, SIGCONT) }
        let unsure = try b.client().request("GET", "/v1/sessions/\(id)")
        #expect(unsure.status == 503)
        #expect(try errorField(unsure).code == "store_unavailable")
    }
}
