/// Where a store's command goes: to the node that holds one session's keys, one accounts
/// bucket's keys, or any node. With one master (or Sentinel) every route is that master; in
/// a Redis Cluster the route's hash tag names the slot, so a script or MULTI block whose keys
/// share the tag runs where its keys are (issue 39).
enum RedisRoute: Sendable, Hashable {
    case session(String)
    /// The keys of an accounts bucket, by their hash tag (`RedisAccountScripts.tag`).
    case accounts(tag: String)

    /// The hash tag of the route's keys (`tessera:{TAG}…`).
    var tag: String {
        switch self {
        case .session(let id): id
        case .accounts(let tag): tag
        }
    }

    var slot: Int { RedisClusterSlot.of("tessera:{\(tag)}") }
}

/// How a store reaches Redis: the master's connection pool, or the cluster router.
enum RedisTransport: Sendable {
    case master(RedisConnectionPool)
    case cluster(RedisClusterRouter)

    /// Pipelines `commands` where `route` says, on one connection (see
    /// `RedisConnectionPool.withConnection` for what is tried again). With one master, a
    /// `-READONLY` reply means the master was demoted by a failover and refused the commands:
    /// they are sent once more, to the master the sentinels name now. In a cluster a demoted
    /// master answers `-MOVED` instead, which the router follows.
    func send(
        _ commands: [[[UInt8]]], to route: RedisRoute, idempotent: Bool = false, replayable: Bool = false
    ) throws(StorageError) -> [RedisReply] {
        switch self {
        case .cluster(let router):
            return try router.pipeline(slot: route.slot, idempotent: idempotent, replayable: replayable, commands)
        case .master(let pool):
            var attempt = 0
            while true {
                var epoch = 0
                let replies = try pool.withConnection(idempotent: idempotent, replayable: replayable) { c throws(StorageError) in
                    epoch = c.epoch
                    return try c.pipeline(commands)
                }
                let readOnly = replies.contains { reply in
                    if case .error(let message) = reply { return message.hasPrefix("READONLY") }
                    return false
                }
                guard readOnly, attempt == 0 else { return replies }
                pool.masterIsReadOnly(epoch: epoch)
                attempt += 1
            }
        }
    }

    /// One command per route, each independent of the others (`EXISTS`, `HMGET`, `HDEL` over
    /// many sessions): one pipeline with one master; in a cluster one pipeline per node that
    /// serves them (`RedisClusterRouter.scatter`), not one round trip per slot.
    func scatter(_ commands: [(route: RedisRoute, command: [[UInt8]])], idempotent: Bool = false) throws(StorageError) -> [RedisReply] {
        switch self {
        case .master:
            return try send(commands.map(\.command), to: .session(""), idempotent: idempotent)
        case .cluster(let router):
            return try router.scatter(commands.map { ($0.route.slot, $0.command) }, idempotent: idempotent)
        }
    }

    /// How many accounts buckets the limits are split over: one with one master (the same
    /// single `tessera:{accounts}` as before); in a cluster 16, so that no slot takes every
    /// create and change (`RedisAccountScripts`).
    var accountBuckets: Int {
        if case .cluster = self { return RedisAccountScripts.clusterBuckets }
        return 1
    }

    /// What precedes a replica's name in the name of its lease channel for a session's
    /// revocations and confirmations. With one master, `tessera:leases:` (one channel per
    /// replica, `PUBLISH`). In a cluster, `tessera:leases:{TAG}:` with a tag in the session's
    /// own slot: the script that revokes publishes with `SPUBLISH` on the node it runs on,
    /// and the message stays within that shard instead of crossing the whole cluster bus.
    func leaseChannelPrefix(forSession id: String) -> String {
        switch self {
        case .master: "tessera:leases:"
        case .cluster: "tessera:leases:{\(RedisClusterSlotTags.tag(of: RedisRoute.session(id).slot))}:"
        }
    }

    var publishCommand: String {
        if case .cluster = self { return "SPUBLISH" }
        return "PUBLISH"
    }
}
