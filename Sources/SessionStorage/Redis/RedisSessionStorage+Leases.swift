import TesseraSupport
import Synchronization

/// Read leases: how a warm replica answers queries without a round trip to Redis while
/// keeping read-your-writes through any replica (`RedisReadLeases` has the argument).
extension RedisSessionStorage {
    /// The version this replica's unexpired lease vouches for: no change to the session can
    /// have been acknowledged since without this replica dropping the lease first. Nil when
    /// there is no lease, or when something waits unread on the lease channel (a revocation
    /// arriving, or Redis gone): the caller then asks Redis.
    public func leasedVersion(of id: String) -> Int? {
        guard let version = leases.version(of: id, now: MonotonicClock.now()), !channel.hasUnreadInput else { return nil }
        return version
    }

    enum LeaseGrant {
        /// The newest version (nil: no such session), with a lease on it when there is one.
        case granted(Int?)
        /// The master refused the script's write (`refusesWrites`): no lease; read plainly.
        case writesRefused
    }

    /// Reads the newest version and records a lease on it in one script; the lease counts
    /// locally from `ticket.requestedAt`, taken before the request left.
    func grantLease(_ ticket: RedisReadLeases.Ticket, limits: StorageLimits) throws(StorageError) -> LeaseGrant {
        let nonce = String(serial.add(1, ordering: .relaxed).newValue, radix: 16)
        let command = [
            Self.arg("EVAL"), Self.arg(RedisScripts.grantLease), Self.arg(2), Self.arg(Self.key(ticket.id)), Self.arg(Self.leasesKey(ticket.id)),
            Self.arg(replica), Self.arg(leases.lengthMilliseconds), Self.arg(limits.idleExpiryMilliseconds), Self.arg(nonce)
        ]
        let reply = try call([command], on: .session(ticket.id), idempotent: true)[0]
        if Self.refusesWrites(reply) { return .writesRefused }
        if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
        guard let version = reply.int else { return .granted(nil) }
        leases.grant(ticket, version: version)
        return .granted(version)
    }

    /// Names one change of this replica; holders send their confirmations to `replica`'s channel.
    func nextToken() -> String {
        "\(replica).\(String(serial.add(1, ordering: .relaxed).newValue, radix: 16))"
    }

    /// Waits until each holder a change script named (`now, holder, expiry, …`) confirmed
    /// it dropped its lease, or until Redis's clock is past the lease's expiry: a holder that
    /// crashed or lost Redis costs a change at most one lease length, never correctness.
    func awaitRevocations(_ id: String, token: String, _ revoked: ArraySlice<RedisReply>) throws(StorageError) {
        guard let redisNow = revoked.first?.int.map(Int64.init) else { return }
        var holders: Set<String> = []
        var latestExpiry = redisNow
        var rest = revoked.dropFirst()
        while rest.count >= 2 {
            let (holder, expiry) = (rest[rest.startIndex], rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
            guard let name = holder.bytes, let at = expiry.int else { continue }
            holders.insert(String(decoding: name, as: UTF8.self))
            latestExpiry = max(latestExpiry, Int64(at))
        }
        guard !holders.isEmpty else { return }
        // Redis's clock read `redisNow` no later than this moment, so once this much has
        // passed here, it has passed there too; Redis's own TIME then settles it.
        var remaining = latestExpiry - redisNow
        while true {
            let deadline = MonotonicClock.now() + UInt64(max(0, remaining)) * 1_000_000 + 1_000_000
            if waits.wait(token, for: holders, until: deadline) { return }
            // The clock of the node that ran the change's script: the session's master.
            let time = try run(["TIME"], on: .session(id), idempotent: true).elements ?? []
            guard time.count == 2, let seconds = time[0].int, let micros = time[1].int else {
                throw .unavailable("Redis answered TIME with \(time)")
            }
            remaining = latestExpiry - (Int64(seconds) * 1000 + Int64(micros) / 1000)
            if remaining < 0 { return }
        }
    }

    /// A holder's confirmation, sent from the lease channel's thread after the lease was
    /// dropped. If it cannot be sent, the writer waits for the lease's expiry instead.
    static func confirmRevocation(_ transport: RedisTransport, id: String, token: String, lease: String, holder: String) {
        guard let writer = token.split(separator: ".").first else { return }
        let command: [[UInt8]] = [
            Array("EVAL".utf8), Array(RedisScripts.confirmRevocation.utf8), Array("1".utf8),
            Array(leasesKey(id).utf8), Array(holder.utf8), Array(lease.utf8),
            Array((transport.leaseChannelPrefix(forSession: id) + writer).utf8), Array(token.utf8), Array(transport.publishCommand.utf8)
        ]
        _ = try? transport.send([command], to: .session(id), idempotent: true)
    }
}

extension RedisSessionStorage {
    /// Graceful handoff (issue 39): removes this replica's entries from the leases of every
    /// session it may hold one on, in pipelines of 256 `HDEL`s, so that the next writer of
    /// those sessions revokes nothing of ours and waits for no expiry. Leases are no longer
    /// granted or trusted here afterwards. Best effort: a Redis that cannot be reached leaves
    /// the entries to expire, as a crash would.
    public func releaseLeases() -> Int {
        let ids = leases.relinquish()
        channel.stop()
        var released = 0
        var start = 0
        while start < ids.count {
            let batch = ids[start..<min(start + 256, ids.count)]
            let commands = batch.map { id in (RedisRoute.session(id), [Self.arg("HDEL"), Self.arg(Self.leasesKey(id)), Self.arg(replica)]) }
            if let replies = try? transport.scatter(commands) {
                released += replies.reduce(0) { $0 + ($1.int ?? 0) }
            }
            start += 256
        }
        return released
    }
}
