#if canImport(Glibc)
    import TesseraSupport
    import Glibc
#endif

/// Reads: the newest version of a session and the entries that make it. A read never needs
/// a write to succeed (issue 34, point 5): a master that refuses writes (`NOREPLICAS` under
/// `min-replicas-to-write`, `MISCONF`, `OOM`) still answers them from everything it
/// acknowledged, with no lease; under Sentinel a master that cannot be reached at all leaves
/// the replica `RedisReplicaQuorum` picks.
extension RedisSessionStorage {
    /// Error replies by which a master refuses a write while it still serves reads.
    static func refusesWrites(_ reply: RedisReply) -> Bool {
        guard case .error(let message) = reply else { return false }
        return message.hasPrefix("NOREPLICAS") || message.hasPrefix("MISCONF") || message.hasPrefix("OOM")
    }

    /// A plain HGET (a read: with `appendfsync always` a write would cost an fsync per query);
    /// the time to live is renewed by a write at most once per tenth of it per session. When
    /// a read lease can be had, the version comes with one (see `leasedVersion`).
    public func currentVersion(of id: String, limits: StorageLimits) throws(StorageError) -> Int? {
        do {
            return try versionFromMaster(id, limits: limits)
        } catch {
            let replica = try freshestReplica(after: error)
            let reply = try replica.command(["HGET", Self.key(id), "v"])
            if case .error(let message) = reply { throw .unavailable("Redis replica: \(message)") }
            return reply.int
        }
    }

    private func versionFromMaster(_ id: String, limits: StorageLimits) throws(StorageError) -> Int? {
        let now = WallClock.milliseconds()
        if leases.lengthMilliseconds > 0, Int64(leases.lengthMilliseconds) * 2 <= limits.idleExpiryMilliseconds,
            let ticket = leases.ticket(for: id, now: MonotonicClock.now())
        {
            switch try grantLease(ticket, limits: limits) {
            case .granted(let version): return version
            case .writesRefused: return try plainVersion(id)
            }
        }
        let due = renewed.withLock { map -> Bool in
            if let last = map[id], now - last < limits.touchSlackMilliseconds { return false }
            if map.count > 100_000 { map.removeAll() }
            map[id] = now
            return true
        }
        if due {
            let command = [
                Array("EVAL".utf8), Array(RedisScripts.touch.utf8), Self.arg(1), Self.arg(Self.key(id)), Self.arg(limits.idleExpiryMilliseconds)
            ]
            let reply = try call([command], on: .session(id), idempotent: true)[0]
            // The renewal is best-effort: the next read past the slack tries again.
            if Self.refusesWrites(reply) { return try plainVersion(id) }
            if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
            return reply.int
        }
        return try plainVersion(id)
    }

    /// The replica to read from when the master failed with `error` (that error when there
    /// is none, with why not).
    private func freshestReplica(after masterError: StorageError) throws(StorageError) -> RedisConnection {
        guard let replicaQuorum, case .unavailable(let master) = masterError else { throw masterError }
        do {
            return try replicaQuorum.freshestReplica()
        } catch {
            throw .unavailable("\(master); \(error.description.dropFirst("store unavailable: ".count))")
        }
    }

    private func plainVersion(_ id: String) throws(StorageError) -> Int? {
        try run(["HGET", Self.key(id), "v"], on: .session(id), idempotent: true).int
    }

    public func load(id: String, after knownVersion: Int?) throws(StorageError) -> StoredSession? {
        do {
            return try load(id, after: knownVersion) { command throws(StorageError) in try self.call([command], on: .session(id), idempotent: true)[0]
            }
        } catch {
            let replica = try freshestReplica(after: error)
            return try load(id, after: knownVersion) { command throws(StorageError) in try replica.command(command) }
        }
    }

    /// The session image (when newer than `knownVersion`) and the log entries after it, through
    /// `send` (the master, or a replica).
    private func load(
        _ id: String, after knownVersion: Int?, _ send: ([[UInt8]]) throws(StorageError) -> RedisReply
    ) throws(StorageError) -> StoredSession? {
        func checked(_ command: [[UInt8]]) throws(StorageError) -> RedisReply {
            let reply = try send(command)
            if case .error(let message) = reply { throw .unavailable("Redis: \(message)") }
            return reply
        }
        let key = Self.arg(Self.key(id))
        let known = knownVersion ?? -1
        for _ in 0..<8 {
            guard
                let head = try checked([Self.arg("HMGET"), key, Self.arg("v"), Self.arg("sv"), Self.arg("sk"), Self.arg("sc"), Self.arg("sb")])
                    .elements,
                head.count == 5, head[0].int != nil
            else { return nil }
            guard let imageVersion = head[1].int else { throw .corrupt("Redis key \(Self.key(id)) is not a Tessera session") }
            var image: (version: Int, bytes: [UInt8])?
            if known < imageVersion {
                if let nonce = head[2].bytes, let count = head[3].int {
                    // In chunk keys (a large image in a cluster); one gone means a compaction
                    // replaced them since the HMGET: read again.
                    let text = String(decoding: nonce, as: UTF8.self)
                    guard let bytes = try Self.readChunks(id, nonce: text, count: count, bytes: head[4].int ?? 0, checked) else { continue }
                    image = (imageVersion, bytes)
                } else {
                    // Gone from `s`: the session is gone, or a compaction moved the image into
                    // chunks since the HMGET; the next round tells.
                    guard let bytes = try checked([Self.arg("HGET"), key, Self.arg("s")]).bytes else { continue }
                    image = (imageVersion, bytes)
                }
            }
            let reply = try checked([
                Self.arg("EVAL"), Self.arg(RedisScripts.load), Self.arg(1), key, Self.arg(known), Self.arg(image == nil ? -1 : imageVersion)
            ])
            guard let parts = reply.elements else { return nil }
            if parts.first?.int == -2 { continue } // compacted meanwhile: read again
            guard parts.count >= 2, let version = parts[0].int, parts[1].int == imageVersion || image == nil else {
                throw .corrupt("Redis key \(Self.key(id)) is not a Tessera session")
            }
            var next = max(known, parts[1].int ?? imageVersion)
            var log: [(version: Int, bytes: [UInt8])] = []
            for part in parts.dropFirst(2) {
                next += 1
                guard let bytes = part.bytes else { throw .corrupt("Redis key \(Self.key(id)) lacks log entry \(next)") }
                log.append((next, bytes))
            }
            return StoredSession(image: image, log: log, version: version)
        }
        throw .unavailable("Redis: session \(id) kept being compacted while loading")
    }
}
