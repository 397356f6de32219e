import RedisClusterSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import SessionStorage

/// The `redis-cluster://` store in process (so AddressSanitizer sees its hiredis code, the
/// sharded lease channels included), two instances as two replicas on a real three-master
/// cluster: sessions on every shard, a chunked image, a lease revoked across instances before
/// the change that revokes it returns, batches scattered over the nodes.
@Suite struct RedisClusterStorageTests {
    static let limits = StorageLimits(maxSessions: 4096, maxTotalItems: 100_000_000, idleExpirySeconds: 600)

    /// Waits (up to 5 s) until `storage`'s lease channels listen: a read then comes with a lease.
    static func leased(_ storage: RedisSessionStorage, _ id: String) throws -> Int? {
        for _ in 0..<100 {
            _ = try storage.currentVersion(of: id, limits: limits)
            if let version = storage.leasedVersion(of: id) { return version }
            usleep(50_000)
        }
        return nil
    }

    @Test(.timeLimit(.minutes(2))) func twoReplicasOnAClusterShareSessionsAndLeases() throws {
        let cluster = try RedisClusterHarness(masters: 3)
        defer { cluster.stop() }
        let seeds = cluster.ports.map { RedisAddress(host: "127.0.0.1", port: $0) }
        let options = RedisOptions(minReplicaAcks: 0)
        let a = RedisSessionStorage(cluster: seeds, options: options)
        let b = RedisSessionStorage(cluster: seeds, options: options)
        try a.ping()

        // 60 sessions, 4 MB of image for the first (four chunks), a few bytes for the rest.
        var rng = SystemRandomNumberGenerator()
        let big = (0..<(4 << 20) + 17).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let ids = (0..<60).map { "s\($0)x\(UInt32.random(in: 0...UInt32.max, using: &rng))" }
        for (n, id) in ids.enumerated() {
            let image = n == 0 ? big : Array("image \(n)".utf8)
            let outcome = try a.create(id: id, version: 1, image: image, holding: StoredCounts(items: 3, sections: 1), limits: Self.limits)
            guard case .created = outcome else {
                Issue.record("\(id): \(outcome)")
                return
            }
        }
        #expect(try b.existing(ids + ["missing"]) == Set(ids))
        #expect(b.sessionCount(limits: Self.limits) == 60)
        let loaded = try #require(try b.load(id: ids[0], after: nil))
        #expect(loaded.image?.bytes == big)
        #expect(try cluster.cli(cluster.ports[0], "-c", "HEXISTS", "tessera:{\(ids[0])}", "s").hasSuffix("0"))

        // B holds a lease; A's change revokes it before A's append returns.
        #expect(try Self.leased(b, ids[1]) == 1)
        let appended = try a.append(
            id: ids[1], baseVersion: 1, entry: Array("entry".utf8), from: StoredCounts(items: 3, sections: 1),
            to: StoredCounts(items: 4, sections: 1), limits: Self.limits)
        guard case .appended = appended else {
            Issue.record("append: \(appended)")
            return
        }
        #expect(b.leasedVersion(of: ids[1]) == nil)
        #expect(try b.currentVersion(of: ids[1], limits: Self.limits) == 2)
        #expect(try b.load(id: ids[1], after: 1)?.log.map(\.bytes) == [Array("entry".utf8)])

        // A compaction of the large session moves it to new chunks; B reads the new image.
        let bigger = big + Array("more".utf8)
        try a.compact(id: ids[0], version: 1, image: bigger)
        #expect(try b.load(id: ids[0], after: nil)?.image?.bytes == big) // version 1 already was the image
        _ = try a.append(
            id: ids[0], baseVersion: 1, entry: Array("e2".utf8), from: StoredCounts(items: 3, sections: 1),
            to: StoredCounts(items: 3, sections: 1), limits: Self.limits)
        try a.compact(id: ids[0], version: 2, image: bigger)
        let compacted = try #require(try b.load(id: ids[0], after: nil))
        #expect(compacted.image?.version == 2 && compacted.image?.bytes == bigger && compacted.log.isEmpty)

        // Removed through B: gone for A, its chunks too.
        #expect(try b.remove(id: ids[0], ifVersion: nil) == .removed)
        #expect(try a.load(id: ids[0], after: nil) == nil)
        let leftovers = try cluster.masters().map { try cluster.cli($0, "KEYS", "tessera:{\(ids[0])}*") }.joined()
        #expect(leftovers.isEmpty, "\(leftovers)")
        // A graceful stop gives B's lease back on the session's own shard.
        #expect(try Self.leased(b, ids[2]) == 1)
        let leasesKey = "tessera:{\(ids[2])}:leases"
        #expect(try cluster.cli(cluster.ports[0], "-c", "HEXISTS", leasesKey, b.replica).hasSuffix("1"))
        #expect(b.releaseLeases() == 1)
        #expect(try cluster.cli(cluster.ports[0], "-c", "HEXISTS", leasesKey, b.replica).hasSuffix("0"))
    }

    /// A replica that cannot subscribe to every slot's channel trusts no lease: here the last
    /// master (by address, the order the channels subscribe in) refuses every channel to its
    /// clients (an ACL), so revocations for its slots could not be heard; every read then asks
    /// Redis, on every shard.
    @Test(.timeLimit(.minutes(1))) func noLeaseWhileAMastersChannelsCannotBeSubscribed() throws {
        let cluster = try RedisClusterHarness(masters: 3)
        defer { cluster.stop() }
        let last = try #require(try cluster.masters().max())
        #expect(try cluster.cli(last, "ACL", "SETUSER", "default", "resetchannels") == "OK")
        let seeds = cluster.ports.map { RedisAddress(host: "127.0.0.1", port: $0) }
        let storage = RedisSessionStorage(cluster: seeds, options: RedisOptions(minReplicaAcks: 0))
        var ids: [String] = []
        for n in 0..<12 {
            let id = "n\(n)"
            _ = try storage.create(id: id, version: 1, image: [1, 2, 3], holding: StoredCounts(items: 1, sections: 1), limits: Self.limits)
            ids.append(id)
        }
        for _ in 0..<20 {
            for id in ids {
                #expect(try storage.currentVersion(of: id, limits: Self.limits) == 1)
                #expect(storage.leasedVersion(of: id) == nil, "a lease on \(id) though its revocations may go unheard")
            }
            usleep(50_000)
        }
        // Channels allowed again: leases come back.
        #expect(try cluster.cli(last, "ACL", "SETUSER", "default", "allchannels") == "OK")
        #expect(try Self.leased(storage, ids[0]) == 1)
    }
}
