import Foundation
import LoopbackHTTP
import RedisClusterSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The `redis-cluster://` store (issue 39) on a real Redis Cluster on loopback, behind real
/// `tessera serve` processes: sessions land on every master, each script on its session's
/// node, read leases revoked across replicas on the session's shard, the limits in buckets.
@Suite("Redis Cluster store", .serialized)
struct RedisClusterStoreHTTPTests {
    typealias R = ReadYourWritesHTTPTests

    /// A replica on `cluster`; without replicas in the cluster no change could be confirmed
    /// by one, so such tests ask for none.
    static func replica(_ cluster: RedisClusterHarness, _ extra: [String] = []) throws -> TesseraServer {
        try TesseraServer(arguments: ["--store", "redis-cluster://\(cluster.seeds)"] + extra)
    }

    /// Keys each master holds.
    static func keysPerMaster(_ cluster: RedisClusterHarness) throws -> [Int: Int] {
        var out: [Int: Int] = [:]
        for port in cluster.ports {
            guard try cluster.cli(port, "ROLE").hasPrefix("master") else { continue }
            out[port] = Int(try cluster.cli(port, "DBSIZE")) ?? -1
        }
        return out
    }

    /// Sessions each of the 16 accounts buckets holds (`tessera:{accounts}`,
    /// `tessera:{accounts.1}`, …), asked of the cluster with redirections followed.
    static func accountedSessions(_ cluster: RedisClusterHarness) throws -> [Int] {
        try (0..<16).map { bucket in
            let key = bucket == 0 ? "tessera:{accounts}" : "tessera:{accounts.\(bucket)}"
            let text = try RedisClusterHarness.cli(["-c", "-p", "\(cluster.ports[0])", "HLEN", key])
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    @Test(.timeLimit(.minutes(2))) func sessionsSpreadOverTheMastersAndChangesAreSeenThroughAnyReplica() throws {
        let cluster = try RedisClusterHarness(masters: 3)
        defer { cluster.stop() }
        let replicas = [
            try Self.replica(cluster, ["--redis-min-replica-acks", "0"]), try Self.replica(cluster, ["--redis-min-replica-acks", "0"])
        ]
        defer { replicas.forEach { _ = $0.stop() } }
        let clients = [try replicas[0].client(), try replicas[1].client()]
        #expect(try clients[0].request("GET", "/readyz").status == 200)

        var ids: [String] = []
        for n in 0..<60 {
            let reply = try clients[n % 2].request("POST", "/v1/sessions", body: R.sessionBody())
            #expect(reply.status == 201, "\(reply.text)")
            ids.append(try #require(try json(reply)["id"] as? String))
        }
        // Each session's keys and each accounts bucket on the master of its slot: all three
        // masters hold some (60 sessions: the chance that one holds none is 3 × (2/3)^60).
        let keys = try Self.keysPerMaster(cluster)
        #expect(keys.count == 3)
        #expect(keys.values.allSatisfy { $0 > 0 }, "\(keys)")
        for id in ids.prefix(10) {
            let slot = try #require(Int(try cluster.cli(cluster.ports[0], "CLUSTER", "KEYSLOT", "tessera:{\(id)}")))
            let owner = try cluster.owner(of: slot)
            #expect(try cluster.cli(owner, "HGET", "tessera:{\(id)}", "v") == "1")
        }

        // Read-your-writes through either replica, with leases in use on the reader.
        let id = ids[0]
        _ = try R.seen(clients[1], id)
        let before = try R.versionReads(clients[1])
        for _ in 0..<40 { #expect(try R.seen(clients[1], id).version == 1) }
        #expect(try R.versionReads(clients[1]) - before < 40)
        var expected = 1
        for n in 1...16 {
            let (writer, reader) = (clients[n % 2], clients[1 - n % 2])
            usleep(R.pastRevocation)
            #expect(try R.seen(reader, id).version == expected)
            let reply = try json(writer.request("PATCH", "/v1/sessions/\(id)/view", body: R.viewPatch(n)))
            expected += 1
            #expect(reply["version"] as? Int == expected)
            let (version, y) = try R.seen(reader, id)
            #expect(version == expected, "read \(n) through replica \(1 - n % 2)")
            #expect(y == Double(n))
        }
        usleep(R.pastRevocation)
        #expect(try R.seen(clients[1], id).version == expected)
        #expect(try clients[0].request("DELETE", "/v1/sessions/\(id)").status == 204)
        #expect(try clients[1].request("GET", "/v1/sessions/\(id)").status == 404)
        // The accounts follow: 59 sessions over the 16 buckets, more than one bucket in use.
        let held = try Self.accountedSessions(cluster)
        #expect(held.reduce(0, +) == 59)
        #expect(held.filter { $0 > 0 }.count > 1)
    }
}
