/// The scripts that keep the limits (`--max-sessions`, `--max-total-items`) across replicas.
/// Every key of one bucket has the bucket's hash tag, so each script runs on one Redis Cluster
/// shard. With one master there is one bucket, `{accounts}`; in a cluster the sessions are
/// split over `clusterBuckets` buckets by their id, each holding its share of the limits, so
/// that no slot takes every create and change and a growth scans one bucket's sessions, not
/// all of them (issue 39). Bucket b's keys are `tessera:{TAG}:accounts…`, TAG the tag of the
/// slot in the middle of the b-th sixteenth of the slots: spread evenly over the slot space, so
/// masters holding equal ranges hold as many buckets (5, 5 and 6 of three).
///
/// The keys of a bucket (shown for `{accounts}`):
/// - `tessera:{accounts}`: session id → units (items plus sections) of one of its versions;
/// - `tessera:{accounts}:versions`: session id → that version, so a late or repeated
///   settlement never replaces a newer one;
/// - `tessera:{accounts}:pending`: change token → `delta deadline id`, growth reserved by a
///   change not yet settled. A change whose outcome is unknown (a Redis stall, a crashed
///   replica) leaves its entry; past its deadline (Redis's clock) reconciling drops it and
///   sets the session's units from the session itself, so what is reserved comes back to
///   what is held once every change has settled (issue 34, point 8).
enum RedisAccountScripts {
    static let clusterBuckets = 16

    /// The hash tag of bucket `bucket` of `buckets`: with one, the single bucket's name of before.
    static func tag(bucket: Int, among buckets: Int) -> String {
        guard buckets > 1 else { return "accounts" }
        let width = RedisClusterSlot.count / buckets
        return RedisClusterSlotTags.tag(of: bucket * width + width / 2)
    }

    /// The bucket's accounts, versions and pending keys, in the order the scripts take them.
    static func keys(bucket: Int, among buckets: Int) -> [String] {
        let accounts = buckets > 1 ? "tessera:{\(tag(bucket: bucket, among: buckets))}:accounts" : "tessera:{accounts}"
        return [accounts, accounts + ":versions", accounts + ":pending"]
    }

    /// The bucket a session's units are kept in (FNV-1a of its id): fixed by the id alone, so
    /// every replica finds it without asking.
    static func bucket(of id: String, among buckets: Int) -> Int {
        guard buckets > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(buckets))
    }

    /// Bucket `bucket`'s share of `limit`: the shares add up to `limit` exactly, the first
    /// `limit % buckets` buckets holding one more.
    static func share(of limit: Int, bucket: Int, among buckets: Int) -> Int {
        guard buckets > 1 else { return limit }
        return limit / buckets + (bucket < limit % buckets ? 1 : 0)
    }

    /// ARGV: id, delta, max sessions, max units, 1 when the id is new, token, grace ms,
    /// version (`-1`: reserve `delta` as pending under the token; else settle the id at
    /// `delta` units of that version at once, as a create does).
    /// 0 accepted | -1 too many sessions | -2 too many units.
    /// Sent again after a dropped connection, a pending entry is written again under the same
    /// token, not counted twice.
    static let reserve = """
        local id, delta, token = ARGV[1], tonumber(ARGV[2]), ARGV[6]
        local version = tonumber(ARGV[8])
        if version < 0 and redis.call('HEXISTS', KEYS[3], token) == 1 then return 0 end
        if ARGV[5] == '1' and redis.call('HEXISTS', KEYS[1], id) == 0
            and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return -1 end
        if delta > 0 then
            local total = 0
            for _, held in ipairs(redis.call('HVALS', KEYS[1])) do total = total + tonumber(held) end
            for _, entry in ipairs(redis.call('HVALS', KEYS[3])) do
                total = total + tonumber(string.match(entry, '^(%-?%d+)'))
            end
            if total + delta > tonumber(ARGV[4]) then return -2 end
        end
        if version >= 0 then
            redis.call('HSET', KEYS[1], id, delta)
            redis.call('HSET', KEYS[2], id, version)
        else
            local t = redis.call('TIME')
            local deadline = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[7])
            redis.call('HSET', KEYS[3], token, delta .. ' ' .. string.format('%.0f', deadline) .. ' ' .. id)
        end
        return 0
        """

    /// ARGV: id, version, units, token (empty: none). Drops the token's pending entry and
    /// records `units` for the id unless a newer version's are recorded already.
    static let settle = """
        if ARGV[4] ~= '' then redis.call('HDEL', KEYS[3], ARGV[4]) end
        local known = tonumber(redis.call('HGET', KEYS[2], ARGV[1]))
        if known == nil or known < tonumber(ARGV[2]) then
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
            redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
        end
        return 1
        """

    /// ARGV: token. Gives a pending reservation back (its change did not land).
    static let cancel = """
        return redis.call('HDEL', KEYS[3], ARGV[1])
        """

    /// ARGV: id. Forgets a session that is gone.
    static let forget = """
        redis.call('HDEL', KEYS[1], ARGV[1])
        redis.call('HDEL', KEYS[2], ARGV[1])
        return 1
        """

    /// Drops the pending entries past their deadline; returns the ids they were for (to be
    /// settled from their sessions).
    static let expirePending = """
        local t = redis.call('TIME')
        local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
        local out = {}
        local all = redis.call('HGETALL', KEYS[3])
        for i = 1, #all, 2 do
            local deadline, id = string.match(all[i + 1], '^%-?%d+ (%d+) (.*)$')
            if deadline == nil or tonumber(deadline) <= now then
                redis.call('HDEL', KEYS[3], all[i])
                if id then out[#out + 1] = id end
            end
        end
        return out
        """
}
