#if canImport(Glibc)
    import TesseraSupport
    import Glibc
#endif
import Synchronization

/// The store replicas share: Redis reached through hiredis (one master, a master Sentinel
/// watches, or a Redis Cluster through `RedisClusterRouter`), one key per session with its
/// own hash tag (so a cluster shards sessions) and accounts hashes for the limits.
///
/// Limits are kept by reservation (`RedisSessionStorage+Accounts.swift`): the total held
/// never exceeds the limit, whatever the interleaving of replicas.
public final class RedisSessionStorage: SessionStorage {
    let transport: RedisTransport
    /// Where it is, for messages: `redis://HOST:PORT/DB`, the sentinels and master name, or the
    /// cluster's seed nodes.
    public let location: String
    /// Replicas that must confirm a change (`WAIT`) before it is acknowledged.
    public let minReplicaAcks: Int
    let replicaAckTimeoutMilliseconds: Int
    let commandTimeoutMilliseconds: Int
    /// When this process last renewed each session's time to live (wall-clock ms).
    let renewed = Mutex<[String: Int64]>([:])
    /// This process's name among the replicas (its lease entries, its channel): 64 random bits.
    let replica: String
    let leases: RedisReadLeases
    let waits = RedisRevocationWaits()
    let channel: any RedisRevocationChannel
    /// Under Sentinel: follows `+switch-master` announcements.
    private let sentinelWatch: RedisSentinelWatch?
    /// Under Sentinel: where reads go while the master cannot be reached.
    let replicaQuorum: RedisReplicaQuorum?
    /// Sessions created in a cluster while their accounts bucket's master could not be
    /// reached: id → (units, version), settled by the next `reconcile`.
    let unaccounted = Mutex<[String: (units: Int, version: Int)]>([:])
    /// Numbers the grants (their nonce) and the changes (their token).
    let serial = Atomic<UInt64>(0)

    /// One Redis at a fixed address.
    /// - Parameter leaseMilliseconds: how long a read lease lasts (0: none; every request then
    ///   reads the version from Redis). Also the longest a change waits for a holder that does
    ///   not confirm its revocation. Kept under half the idle expiry.
    public convenience init(
        _ endpoint: RedisEndpoint, options: RedisOptions = RedisOptions(),
        connectTimeoutMilliseconds: Int = 500, commandTimeoutMilliseconds: Int = 1000,
        leaseMilliseconds: Int = 1000
    ) {
        self.init(
            RedisMaster(
                .fixed(endpoint), password: options.password, sentinelPassword: nil,
                connectTimeoutMilliseconds: connectTimeoutMilliseconds,
                commandTimeoutMilliseconds: commandTimeoutMilliseconds),
            location: "redis://\(endpoint.host):\(endpoint.port)/\(endpoint.database)",
            minReplicaAcks: options.replicaAcks(underSentinel: false), options: options, leaseMilliseconds: leaseMilliseconds)
    }

    /// The master a set of sentinels watches, followed through failovers.
    public convenience init(
        sentinels: RedisSentinels, options: RedisOptions = RedisOptions(),
        connectTimeoutMilliseconds: Int = 500, commandTimeoutMilliseconds: Int = 1000,
        leaseMilliseconds: Int = 1000
    ) {
        let list = sentinels.sentinels.map { "\($0.host):\($0.port)" }.joined(separator: ",")
        self.init(
            RedisMaster(
                .sentinels(sentinels), password: options.password, sentinelPassword: options.sentinelPassword,
                connectTimeoutMilliseconds: connectTimeoutMilliseconds,
                commandTimeoutMilliseconds: commandTimeoutMilliseconds),
            location: "redis-sentinel://\(list)/\(sentinels.masterName)/\(sentinels.database)",
            minReplicaAcks: options.replicaAcks(underSentinel: true), options: options, leaseMilliseconds: leaseMilliseconds)
    }

    /// A Redis Cluster (issue 39): commands go to the master of their session's slot, the
    /// limits are kept in 16 buckets, and lease revocations travel on sharded channels of the
    /// session's own shard. A change waits for `minReplicaAcks` replicas (default 1) of that
    /// shard.
    public convenience init(
        cluster seeds: [RedisAddress], options: RedisOptions = RedisOptions(),
        connectTimeoutMilliseconds: Int = 500, commandTimeoutMilliseconds: Int = 1000,
        leaseMilliseconds: Int = 1000
    ) {
        let router = RedisClusterRouter(
            seeds: seeds, password: options.password, connectTimeoutMilliseconds: connectTimeoutMilliseconds,
            commandTimeoutMilliseconds: commandTimeoutMilliseconds)
        self.init(
            .cluster(router), location: "redis-cluster://\(seeds.map { "\($0.host):\($0.port)" }.joined(separator: ","))",
            minReplicaAcks: options.replicaAcks(underSentinel: true), options: options, leaseMilliseconds: leaseMilliseconds)
    }

    convenience init(_ master: RedisMaster, location: String, minReplicaAcks: Int, options: RedisOptions, leaseMilliseconds: Int) {
        self.init(
            .master(RedisConnectionPool(master)), location: location, minReplicaAcks: minReplicaAcks, options: options,
            leaseMilliseconds: leaseMilliseconds)
    }

    init(_ transport: RedisTransport, location: String, minReplicaAcks: Int, options: RedisOptions, leaseMilliseconds: Int) {
        self.location = location
        self.transport = transport
        self.minReplicaAcks = max(0, minReplicaAcks)
        replicaAckTimeoutMilliseconds = max(1, options.replicaAckTimeoutMilliseconds)
        var rng = SystemRandomNumberGenerator()
        replica = String(rng.next() as UInt64, radix: 16)
        leases = RedisReadLeases(lengthMilliseconds: leaseMilliseconds)
        let (leasesRef, waitsRef, replicaName) = (leases, waits, replica)
        let confirm: @Sendable (String, String, String) -> Void = { id, token, lease in
            Self.confirmRevocation(transport, id: id, token: token, lease: lease, holder: replicaName)
        }
        let master: RedisMaster?
        switch transport {
        case .master(let pool):
            master = pool.master
            commandTimeoutMilliseconds = pool.commandTimeoutMilliseconds
            channel = RedisLeaseChannel(
                name: RedisLeaseChannel.name(of: replica), master: pool.master, leases: leasesRef, waits: waitsRef, confirm: confirm)
        case .cluster(let router):
            master = nil
            commandTimeoutMilliseconds = router.commandTimeoutMilliseconds
            channel = RedisShardedLeaseChannels(replica: replica, router: router, leases: leasesRef, waits: waitsRef, confirm: confirm)
        }
        if leaseMilliseconds > 0 { channel.start() }
        if let master, case .sentinels(let watched) = master.source {
            sentinelWatch = RedisSentinelWatch(master: master, watched: watched)
            sentinelWatch?.start()
            replicaQuorum = RedisReplicaQuorum(
                watched: watched, password: master.password, sentinelPassword: master.sentinelPassword,
                minReplicaAcks: self.minReplicaAcks, connectTimeoutMilliseconds: master.connectTimeoutMilliseconds,
                commandTimeoutMilliseconds: master.commandTimeoutMilliseconds)
        } else {
            sentinelWatch = nil
            replicaQuorum = nil
        }
    }

    deinit {
        channel.stop()
        sentinelWatch?.stop()
    }

    public var keepsSessionData: Bool { true }

    public var metricsName: String? { "redis" }

    public var callsMayWaitOnTheNetwork: Bool { true }

    static func key(_ id: String) -> String { "tessera:{\(id)}" }
    static func leasesKey(_ id: String) -> String { "tessera:{\(id)}:leases" }

    /// EVAL with the script's text: Redis caches compiled scripts by their digest, so resending
    /// a few hundred bytes is the whole cost, and a restarted Redis needs no reloading. It runs
    /// where `route` says (the session of the first key, unless given).
    /// - Parameter durable: a change to acknowledge only once `minReplicaAcks` replicas have
    ///   it (`WAIT`, pipelined after it on the same connection).
    func eval(
        _ script: String, keys: [String], route: RedisRoute? = nil, _ arguments: [[UInt8]], idempotent: Bool = false,
        replayable: Bool = false, durable: Bool = false
    ) throws(StorageError) -> RedisReply {
        let command: [[UInt8]] =
            [Array("EVAL".utf8), Array(script.utf8), Array(String(keys.count).utf8)]
            + keys.map { Array($0.utf8) } + arguments
        let reply = try call([command], on: route ?? Self.route(ofKey: keys[0]), idempotent: idempotent, replayable: replayable, durable: durable)[0]
        if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
        return reply
    }

    /// The session a key `tessera:{ID}…` belongs to.
    static func route(ofKey key: String) -> RedisRoute {
        .session(String(decoding: RedisClusterSlot.hashed(Array(key.utf8)), as: UTF8.self))
    }

    /// One plain command; an error reply (`LOADING` while Redis restarts, `READONLY` on a
    /// replica, …) is the store being unavailable, never an answer.
    func run(_ arguments: [String], on route: RedisRoute, idempotent: Bool = false) throws(StorageError) -> RedisReply {
        let reply = try call([arguments.map { Array($0.utf8) }], on: route, idempotent: idempotent)[0]
        if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
        return reply
    }

    /// Pipelines `commands` on one connection to where `route` says (`RedisTransport.send`).
    /// A `durable` call ends with `WAIT` on that same connection (in a cluster, to the master
    /// that took the change): fewer replicas than `minReplicaAcks` confirming in time leaves
    /// the change's fate to a failover, an unknown outcome.
    func call(
        _ commands: [[[UInt8]]], on route: RedisRoute, idempotent: Bool = false, replayable: Bool = false,
        durable: Bool = false
    ) throws(StorageError) -> [RedisReply] {
        let waiting = durable && minReplicaAcks > 0
        let sent = waiting ? commands + [[Self.arg("WAIT"), Self.arg(minReplicaAcks), Self.arg(replicaAckTimeoutMilliseconds)]] : commands
        var attempt = 0
        while true {
            var replies = try transport.send(sent, to: route, idempotent: idempotent, replayable: replayable)
            if durable, case .cluster = transport { replies = try resendWhileWithoutReplica(replies, sent, route, idempotent, replayable) }
            guard waiting else { return replies }
            let acks = replies.removeLast().int ?? 0
            let failed = replies.contains { if case .error = $0 { return true } else { return false } }
            guard !failed && acks < minReplicaAcks else { return replies }
            // In a cluster, a replayable change whose WAIT fell short (its master demoted by a
            // `CLUSTER FAILOVER` between the two, which then refuses WAIT; or its replica slow) is
            // sent once more, wherever its slot is now: its script answers a change that landed
            // as landed and writes its token again, so the second WAIT covers the first write.
            if replayable, attempt == 0, case .cluster = transport {
                attempt += 1
                continue
            }
            throw .outcomeUnknown(
                "\(acks) of the \(minReplicaAcks) Redis replicas required confirmed the change within \(replicaAckTimeoutMilliseconds) ms")
        }
    }

    /// In a cluster, a master promoted a moment ago has no replica linked until its old master
    /// (or another replica) has synced with it, and `min-replicas-to-write` makes it refuse
    /// changes with `-NOREPLICAS` meanwhile: after a `CLUSTER FAILOVER`, for a few
    /// milliseconds. A refused change did not run (the scripts write nothing before their
    /// first write is refused; a refused `MULTI` block aborts), so it is sent again, for up to
    /// half a second; a shard left without any replica still answers 503 after that.
    private func resendWhileWithoutReplica(
        _ first: [RedisReply], _ sent: [[[UInt8]]], _ route: RedisRoute, _ idempotent: Bool, _ replayable: Bool
    ) throws(StorageError) -> [RedisReply] {
        func refused(_ replies: [RedisReply]) -> Bool {
            replies.contains { if case .error(let m) = $0 { return m.hasPrefix("NOREPLICAS") } else { return false } }
        }
        var replies = first
        var pause: UInt32 = 2_000
        let deadline = MonotonicClock.now() + 500_000_000
        while refused(replies), MonotonicClock.now() < deadline {
            usleep(pause)
            pause = min(pause * 2, 100_000)
            replies = try transport.send(sent, to: route, idempotent: idempotent, replayable: replayable)
        }
        return replies
    }

    static func arg(_ n: Int) -> [UInt8] { Array(String(n).utf8) }
    static func arg(_ n: Int64) -> [UInt8] { Array(String(n).utf8) }
    static func arg(_ s: String) -> [UInt8] { Array(s.utf8) }

    public func create(
        id: String, version: Int, image: [UInt8], holding counts: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> CreateOutcome {
        // The key first, then its reservation: reconciling never drops a reservation whose
        // session is still being created.
        // Plain commands in one MULTI/EXEC, pipelined: a script would copy the image's
        // megabytes into Lua and back.
        let key = Array(Self.key(id).utf8)
        // The image in `s`, or (in a cluster, over a megabyte) in chunk keys written in the
        // same transaction.
        var imageFields = [Self.arg("s"), image]
        var chunkWrites: [[[UInt8]]] = []
        let nonce = chunkNonce()
        if let size = chunkBytes, image.count > size {
            chunkWrites = Self.chunkWrites(id, nonce: nonce, image: image, size: size, ttl: Int(limits.idleExpiryMilliseconds))
            imageFields = [Self.arg("sk"), Self.arg(nonce), Self.arg("sc"), Self.arg(chunkWrites.count)]
        }
        func undo() {
            _ = try? run(["DEL", Self.key(id)], on: .session(id))
            dropChunks(id, nonce: nonce, count: chunkWrites.count)
        }
        let replies: [RedisReply]
        do {
            replies = try call(
                [[Self.arg("MULTI")], [Self.arg("DEL"), key]] + chunkWrites + [
                    [
                        Self.arg("HSET"), key, Self.arg("v"), Self.arg(version), Self.arg("sv"), Self.arg(version)
                    ] + imageFields + [
                        Self.arg("sb"), Self.arg(image.count), Self.arg("lb"), Self.arg("0"), Self.arg("u"), Self.arg(counts.units)
                    ],
                    [Self.arg("PEXPIRE"), key, Self.arg(limits.idleExpiryMilliseconds)], [Self.arg("EXEC")]
                ], on: .session(id),
                durable: true)
        } catch {
            // Nobody knows the new id yet, so a create that may have landed is simply not
            // answered: its keys go (or expire), and the client may retry at once.
            undo()
            throw error.asUnavailable
        }
        for reply in replies {
            if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
        }
        guard replies.last?.elements != nil else { throw .unavailable("Redis: the create transaction was not executed") }
        if let full = try admitNew(id, units: counts.units, version: version, limits: limits) {
            undo()
            return .full(full)
        }
        return .created
    }

    public func append(
        id: String, baseVersion: Int, entry: [UInt8], from old: StoredCounts, to new: StoredCounts,
        limits: StorageLimits
    ) throws(StorageError) -> AppendOutcome {
        let delta = new.units - old.units
        let token = nextToken()
        waits.register(token)
        defer { waits.unregister(token) }
        if delta > 0, let full = try reserveGrowth(id, delta: delta, token: token, limits: limits) { return .full(full) }
        let reply: RedisReply
        do {
            // The token is the change's write id: sent again after a dropped connection, the
            // script answers a change that already landed as landed (`replayed` below).
            reply = try eval(
                RedisScripts.append, keys: [Self.key(id), Self.leasesKey(id)],
                [
                    Self.arg(baseVersion), entry, Self.arg(limits.idleExpiryMilliseconds), Self.arg(replica), Self.arg(token), Self.arg(id),
                    Self.arg(new.units), Self.arg(transport.leaseChannelPrefix(forSession: id)), Self.arg(transport.publishCommand)
                ],
                replayable: true, durable: true)
        } catch {
            // Unknown whether it landed: the reservation stays pending (over-counting is the
            // safe side) until its deadline, when reconciling takes the session's own units;
            // this replica's lease goes.
            leases.revoke(id, now: MonotonicClock.now())
            throw error
        }
        let parts = reply.elements ?? []
        switch parts.first?.int ?? -3 {
        case 0, 1:
            // Not acknowledged before every other replica's lease on the version before it is
            // over. A replayed change's first run named the holders in a reply that was lost:
            // wait out a whole lease instead (each lease it revoked ends by then).
            if parts.first?.int == 1 {
                leases.revoke(id, now: MonotonicClock.now())
                usleep(UInt32(min(leases.lengthMilliseconds, 60_000)) * 1000)
            } else {
                try awaitRevocations(id, token: token, parts.dropFirst(3))
            }
            // Left pending if this fails: reconciling settles it from the session.
            if delta != 0 { try? settle(id, version: baseVersion + 1, units: new.units, token: delta > 0 ? token : "") }
            return .appended(logBytes: parts.count > 1 ? parts[1].int ?? 0 : 0, imageBytes: parts.count > 2 ? parts[2].int ?? 0 : 0)
        case -1:
            if delta > 0 { try? cancel(token, of: id) }
            try? forget(id)
            return .gone
        default:
            if delta > 0 { try? cancel(token, of: id) }
            return .stale(current: parts.count > 1 ? parts[1].int ?? baseVersion : baseVersion)
        }
    }

    public func compact(id: String, version: Int, image: [UInt8]) throws(StorageError) {
        if let size = chunkBytes, image.count > size {
            try compactChunked(id: id, version: version, image: image, size: size)
            return
        }
        _ = try eval(RedisScripts.compact, keys: [Self.key(id)], [Self.arg(version), image])
    }

    public func remove(id: String, ifVersion: Int?) throws(StorageError) -> RemoveOutcome {
        let token = nextToken()
        waits.register(token)
        defer { waits.unregister(token) }
        let reply: RedisReply
        do {
            reply = try eval(
                RedisScripts.remove, keys: [Self.key(id), Self.leasesKey(id)],
                [
                    Self.arg(ifVersion ?? -1), Self.arg(replica), Self.arg(token), Self.arg(id),
                    Self.arg(transport.leaseChannelPrefix(forSession: id)), Self.arg(transport.publishCommand)
                ], durable: true)
        } catch {
            leases.revoke(id, now: MonotonicClock.now())
            throw error
        }
        guard let parts = reply.elements else { return .gone }
        guard parts.first?.int == 1 else { return .stale(current: parts.count > 1 ? parts[1].int ?? 0 : 0) }
        leases.revoke(id, now: MonotonicClock.now())
        try awaitRevocations(id, token: token, parts.dropFirst())
        try? forget(id)
        return .removed
    }

    /// Other replicas' leases on a quarantined session run out by themselves (within a lease
    /// length); only this replica's is dropped at once.
    public func quarantine(id: String, reason: String) throws(StorageError) {
        leases.revoke(id, now: MonotonicClock.now())
        _ = try eval(RedisScripts.quarantine, keys: [Self.key(id), Self.key(id) + ":quarantined"], [Self.arg(reason)])
        try forget(id)
    }

    public func sweep(limits: StorageLimits) throws(StorageError) {
        try reconcile()
    }

    public func sessionCount(limits: StorageLimits) -> Int? {
        try? accountedSessions()
    }

    /// `EXISTS` for each, pipelined in batches of 1,000: one round trip per batch (per node
    /// in a cluster).
    public func existing(_ ids: [String]) throws(StorageError) -> Set<String> {
        var held: Set<String> = []
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(ids.count, start + 1000)]
            let replies = try transport.scatter(batch.map { (.session($0), [Self.arg("EXISTS"), Self.arg(Self.key($0))]) }, idempotent: true)
            for (id, reply) in zip(batch, replies) {
                if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
                if reply.int == 1 { held.insert(id) }
            }
            start += batch.count
        }
        return held
    }

    /// With one master, `PING`. In a cluster, every slot must have a master and each master
    /// must answer `PING`: a shard without one would fail its sessions' requests.
    public func ping() throws(StorageError) {
        switch transport {
        case .master:
            let reply = try run(["PING"], on: .accounts(tag: "accounts"), idempotent: true)
            guard case .status("PONG") = reply else { throw .unavailable("Redis answered PING with \(reply)") }
        case .cluster(let router):
            try router.ping()
        }
    }
}
