/// The limits across replicas (`RedisAccountScripts` has the keys and the buckets a cluster
/// splits them over; each bucket is kept as below, with its share of the limits): a change that grows a
/// session reserves its growth under its token first, then compare-and-sets the session,
/// then settles (the session's units of the new version replace the reservation) or cancels
/// it. The total reserved therefore never falls below what is held, whatever the
/// interleaving of replicas, and a change whose outcome stays unknown holds its reservation
/// only until its deadline: reconciling then takes the units from the session itself.
extension RedisSessionStorage {
    /// The accounts bucket of session `id`.
    func bucket(of id: String) -> Int { RedisAccountScripts.bucket(of: id, among: transport.accountBuckets) }

    /// Runs one of `RedisAccountScripts` on `bucket`'s keys.
    func accountsScript(_ script: String, bucket: Int, _ arguments: [[UInt8]]) throws(StorageError) -> RedisReply {
        try eval(script, keys: accountKeys(bucket), route: accountsRoute(bucket), arguments, idempotent: true)
    }

    /// Bucket `bucket`'s keys, and where they live.
    func accountKeys(_ bucket: Int) -> [String] { RedisAccountScripts.keys(bucket: bucket, among: transport.accountBuckets) }
    func accountsRoute(_ bucket: Int) -> RedisRoute { .accounts(tag: RedisAccountScripts.tag(bucket: bucket, among: transport.accountBuckets)) }

    /// How long a pending reservation outlives the call that made it: past this, a change
    /// still unanswered is lost or stalled, and its session's own units are the truth.
    var pendingGraceMilliseconds: Int { max(2000, 4 * commandTimeoutMilliseconds + replicaAckTimeoutMilliseconds) }

    /// Reserves `delta` more units for `id` under `token`; nil when accepted.
    func reserveGrowth(_ id: String, delta: Int, token: String, limits: StorageLimits) throws(StorageError) -> StorageFull? {
        try admit(id, units: delta, token: token, version: -1, isNew: false, limits: limits)
    }

    /// Records a new session's units at its first version; nil when accepted.
    func admitNew(_ id: String, units: Int, version: Int, limits: StorageLimits) throws(StorageError) -> StorageFull? {
        try admit(id, units: units, token: "", version: version, isNew: true, limits: limits)
    }

    private func admit(
        _ id: String, units: Int, token: String, version: Int, isNew: Bool, limits: StorageLimits
    ) throws(StorageError) -> StorageFull? {
        let bucket = bucket(of: id), buckets = transport.accountBuckets
        let arguments = [
            Self.arg(id), Self.arg(units), Self.arg(RedisAccountScripts.share(of: limits.maxSessions, bucket: bucket, among: buckets)),
            Self.arg(RedisAccountScripts.share(of: limits.maxTotalItems, bucket: bucket, among: buckets)), Self.arg(isNew ? "1" : "0"),
            Self.arg(token), Self.arg(pendingGraceMilliseconds), Self.arg(version)
        ]
        var code: Int?
        do {
            code = try accountsScript(RedisAccountScripts.reserve, bucket: bucket, arguments).int
        } catch .unavailable(let why) where buckets > 1 {
            // In a cluster the bucket may live on another shard than the session: a master of
            // that shard failing over must not fail this shard's sessions (issue 39). The
            // change goes ahead unreserved; a new session is settled later by `reconcile`
            // (a growing one's units already are, from its own `u`).
            if isNew { unaccounted.withLock { $0[id] = (units, version) } }
            _ = why
            return nil
        }
        if code != 0 {
            // Sessions that expired by their time to live, and changes that never settled,
            // still hold units until reconciled: reconcile, then try once more.
            try reconcile(bucket: bucket)
            code = try accountsScript(RedisAccountScripts.reserve, bucket: bucket, arguments).int
        }
        switch code {
        case 0: return nil
        case -1: return .sessions(limit: limits.maxSessions)
        default: return .items(limit: limits.maxTotalItems)
        }
    }

    /// `id` holds `units` as of `version`; the pending reservation of `token` (if any) is done.
    func settle(_ id: String, version: Int, units: Int, token: String) throws(StorageError) {
        _ = try accountsScript(
            RedisAccountScripts.settle, bucket: bucket(of: id), [Self.arg(id), Self.arg(version), Self.arg(units), Self.arg(token)])
    }

    /// Gives back the reservation of a change to `id` that did not land.
    func cancel(_ token: String, of id: String) throws(StorageError) {
        _ = try accountsScript(RedisAccountScripts.cancel, bucket: bucket(of: id), [Self.arg(token)])
    }

    /// Forgets a session that is gone.
    func forget(_ id: String) throws(StorageError) {
        _ = try accountsScript(RedisAccountScripts.forget, bucket: bucket(of: id), [Self.arg(id)])
    }

    /// Sessions the accounts hold, over every bucket.
    func accountedSessions() throws(StorageError) -> Int {
        let buckets = transport.accountBuckets
        var total = 0
        for bucket in 0..<buckets {
            let key = Self.arg(accountKeys(bucket)[0])
            total += try transport.send([[Self.arg("HLEN"), key]], to: accountsRoute(bucket), idempotent: true)[0].int ?? 0
        }
        return total
    }

    /// Brings every bucket's accounts back to what the sessions hold, first settling the
    /// sessions created while their bucket could not be reached. A bucket that cannot be
    /// reached does not keep the others from being reconciled.
    func reconcile() throws(StorageError) {
        for (id, held) in unaccounted.withLock({ $0 }) {
            guard (try? settle(id, version: held.version, units: held.units, token: "")) != nil else { continue }
            unaccounted.withLock { _ = $0.removeValue(forKey: id) }
        }
        var first: StorageError?
        for bucket in 0..<transport.accountBuckets {
            do { try reconcile(bucket: bucket) } catch { first = first ?? error }
        }
        if let first { throw first }
    }

    /// Brings one bucket's accounts back to what the sessions hold: drops reservations past
    /// their deadline, forgets sessions whose key is gone (expired by Redis), and sets every
    /// other session's units from its own `u` (a newer settlement wins). Batches of 1,000,
    /// one round trip each way (one per node in a cluster).
    func reconcile(bucket: Int) throws(StorageError) {
        let expired = try accountsScript(RedisAccountScripts.expirePending, bucket: bucket, []).elements ?? []
        var ids = Set(expired.compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self) } })
        let accounts = Self.arg(accountKeys(bucket)[0])
        let keys = try transport.send([[Self.arg("HKEYS"), accounts]], to: accountsRoute(bucket), idempotent: true)[0]
        if case .error(let message) = keys { throw .unavailable("Redis: \(message)") }
        for reply in keys.elements ?? [] {
            if let bytes = reply.bytes { ids.insert(String(decoding: bytes, as: UTF8.self)) }
        }
        let all = Array(ids)
        var start = 0
        while start < all.count {
            let batch = all[start..<min(all.count, start + 1000)]
            let heads = try transport.scatter(
                batch.map { (.session($0), [Self.arg("HMGET"), Self.arg(Self.key($0)), Self.arg("v"), Self.arg("u")]) }, idempotent: true)
            for (id, head) in zip(batch, heads) {
                if case .error(let message) = head { throw .unavailable("Redis: \(message)") }
                let fields = head.elements ?? []
                guard fields.count == 2, let version = fields[0].int else {
                    // The key first, then its account: a session being created is not in the
                    // accounts yet, so a missing key is a session that is gone.
                    try forget(id)
                    continue
                }
                // Sessions written before units were kept (`u`) keep their account as it is.
                if let units = fields[1].int { try settle(id, version: version, units: units, token: "") }
            }
            start += batch.count
        }
    }
}
