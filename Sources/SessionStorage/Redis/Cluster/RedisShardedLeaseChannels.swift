#if canImport(Glibc)
    import TesseraSupport
    import Glibc
#endif
import CHiredis
import Synchronization

/// A replica's lease channels in a Redis Cluster (issue 39): for every slot, the sharded
/// channel `tessera:leases:{TAG}:REPLICA` (TAG in that slot, `RedisClusterSlotTags`),
/// subscribed with `SSUBSCRIBE` on the master that serves the slot, one connection per
/// master, all read by one thread. A change's script publishes the revocation with
/// `SPUBLISH` on its own node, so lease traffic stays on the session's shard.
///
/// Leases are trusted only while every slot's channel is subscribed on the master the slot
/// map names: any connection that ends (a master lost), an `sunsubscribe` from Redis (its
/// slot moved away) or a new slot map (a failover or a resharding the router saw) ends every
/// lease (`RedisReadLeases.deafen`) until all are subscribed again on the new map.
final class RedisShardedLeaseChannels: RedisRevocationChannel, @unchecked Sendable {
    private let replica: String
    private let router: RedisClusterRouter
    private let leases: RedisReadLeases
    private let waits: RedisRevocationWaits
    private let confirm: @Sendable (String, String, String) -> Void
    private let stopped = Atomic<Bool>(false)
    /// The subscribed connections' descriptors (empty while not listening).
    private let sockets = Mutex<[Int32]>([])

    init(
        replica: String, router: RedisClusterRouter, leases: RedisReadLeases, waits: RedisRevocationWaits,
        confirm: @escaping @Sendable (String, String, String) -> Void
    ) {
        self.replica = replica
        self.router = router
        self.leases = leases
        self.waits = waits
        self.confirm = confirm
    }

    /// The channel of `replica` for `slot`.
    static func name(of replica: String, slot: Int) -> String {
        "tessera:leases:{\(RedisClusterSlotTags.tag(of: slot))}:\(replica)"
    }

    func start() {
        RedisSubscription.startThread { [self] in run() }
    }

    func stop() { stopped.store(true, ordering: .relaxed) }

    var hasUnreadInput: Bool {
        var descriptors = sockets.withLock { $0.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
        guard !descriptors.isEmpty else { return true }
        return poll(&descriptors, nfds_t(descriptors.count), 0) != 0
    }

    private func run() {
        while !stopped.load(ordering: .relaxed) {
            if let (contexts, map) = subscribeAll() {
                sockets.withLock { $0 = contexts.map { $0.pointee.fd } }
                leases.listen()
                listen(contexts, map: map)
                leases.deafen()
                sockets.withLock { $0 = [] }
                contexts.forEach { redisFree($0) }
            }
            if !stopped.load(ordering: .relaxed) { usleep(100_000) }
        }
    }

    /// One connection per master with its slots' channels subscribed, and the map they follow;
    /// nil when a slot has no master or a master cannot be reached.
    private func subscribeAll() -> ([UnsafeMutablePointer<redisContext>], RedisSlotMap)? {
        guard let map = try? router.refresh(), map.coveredSlots == RedisClusterSlot.count else { return nil }
        var contexts: [UnsafeMutablePointer<redisContext>] = []
        var subscribed = 0
        for (index, master) in map.masters.enumerated() {
            let commands = (0..<RedisClusterSlot.count).filter { Int(map.owners[$0]) == index }.map {
                ["SSUBSCRIBE", Self.name(of: replica, slot: $0)]
            }
            guard let c = RedisSubscription.connect(RedisEndpoint(host: master.host, port: master.port), password: router.password)
            else { break }
            contexts.append(c)
            guard RedisSubscription.pipelineArrays(c, commands) else { break }
            subscribed += 1
        }
        // Every master's every slot, or none: a lease on a slot whose revocations this replica
        // would not hear must never be trusted.
        guard subscribed == map.masters.count, contexts.allSatisfy({ $0.pointee.err == 0 }) else {
            contexts.forEach { redisFree($0) }
            return nil
        }
        return (contexts, map)
    }

    /// Reads messages until a connection fails, a slot is unsubscribed, the router reads a
    /// different map, or the channels are stopped.
    private func listen(_ contexts: [UnsafeMutablePointer<redisContext>], map: RedisSlotMap) {
        while !stopped.load(ordering: .relaxed), router.knownMap?.sameOwners(as: map) ?? false {
            for c in contexts {
                guard drain(c) else { return }
            }
            var descriptors = contexts.map { pollfd(fd: $0.pointee.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 200)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return }
            for (c, d) in zip(contexts, descriptors) where d.revents != 0 {
                // EOF (the master stopped) or an error: that connection is over.
                guard redisBufferRead(c) == REDIS_OK else { return }
            }
        }
    }

    /// Hands the messages the reader holds to `handle`; false when the connection failed or
    /// Redis unsubscribed a channel.
    private func drain(_ c: UnsafeMutablePointer<redisContext>) -> Bool {
        var raw: UnsafeMutableRawPointer?
        while redisGetReplyFromReader(c, &raw) == REDIS_OK, let message = raw {
            defer {
                freeReplyObject(message)
                raw = nil
            }
            let reply = message.assumingMemoryBound(to: redisReply.self).pointee
            guard reply.type == REDIS_REPLY_ARRAY, reply.elements == 3, let kind = reply.element[0]?.pointee,
                kind.type == REDIS_REPLY_STRING, let kindText = kind.str
            else { continue }
            switch String(cString: kindText) {
            case "smessage":
                if let payload = reply.element[2]?.pointee, payload.type == REDIS_REPLY_STRING, let text = payload.str {
                    RedisLeaseChannel.handle(String(cString: text), leases: leases, waits: waits, confirm: confirm)
                }
            case "sunsubscribe":
                return false
            default:
                continue
            }
        }
        return c.pointee.err == 0
    }
}
