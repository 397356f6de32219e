/// The Lua scripts that make each step atomic inside Redis. Every script touches only the
/// keys of one hash tag, so Redis Cluster can run it on the shard that owns them.
///
/// A session is one hash, `tessera:{ID}`: `v` the newest version, `sv` the session image's
/// version, `s` the session image, `sb`/`lb` image and log bytes, `u` the units (items plus
/// sections) of the newest version (what reconciling the limits takes as held), `l:N` the entry that made
/// version N and `w:N` its write id (the writer's token, kept as long as the entry). Its time to live is the session's idle expiry. Its read leases are the hash
/// `tessera:{ID}:leases` (replica → `expiry:nonce`), same hash tag. `sv`, `s` and `sb` keep
/// the first letter of the images' old name, snapshot: stored names never change, so that
/// sessions written before still load.
///
/// In a Redis Cluster an image over a megabyte is not kept in `s` but in chunk keys
/// `tessera:{ID}:s:NONCE:N` (N from 0; same hash tag), named by the hash's `sk` (the nonce of
/// the compaction or create that wrote them) and `sc` (how many): a slot migration moves a key
/// whole, and one key of tens of megabytes would hold its node for as long (issue 39). The
/// chunk keys live as long as the session: every script that renews the session's time to live
/// renews theirs (`chunks` below); removing the session removes them.
enum RedisScripts {
    /// Lua helpers for the chunk keys of the session hash `key`.
    private static let chunks = """
        local function eachChunk(key, action, ...)
            local c = redis.call('HMGET', key, 'sk', 'sc')
            if c[1] then
                for n = 0, tonumber(c[2]) - 1 do redis.call(action, key .. ':s:' .. c[1] .. ':' .. n, ...) end
            end
        end

        """

    /// ARGV: ttl ms. The newest version (nil when gone), refreshing the time to live.
    static let touch =
        chunks + """
            local v = redis.call('HGET', KEYS[1], 'v')
            if v then
                redis.call('PEXPIRE', KEYS[1], ARGV[1])
                eachChunk(KEYS[1], 'PEXPIRE', ARGV[1])
            end
            return v
            """

    /// Revokes the read leases other replicas hold on the session (docs/deployment.md,
    /// "Running more than one replica"): each unexpired holder but the writer itself gets `r ID TOKEN LEASE`
    /// on its channel (the prefix and the holder's name, sent with `publish`: `PUBLISH` to
    /// `tessera:leases:HOLDER` with one master, `SPUBLISH` to a channel in the session's own
    /// slot in a cluster, `RedisTransport.leaseChannelPrefix`); expired entries are dropped. Returns {now ms on Redis's clock, holder,
    /// expiry, holder, expiry, ...}: the writer acknowledges once each holder confirmed or
    /// its expiry passed. Entries stay until their holder confirms, so a later writer waits
    /// for a holder still dropping its lease too.
    private static let revokeLeases = """
        local function revoke(leases, id, self, token, prefix, publish)
            local t = redis.call('TIME')
            local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
            local out = {now}
            local all = redis.call('HGETALL', leases)
            for i = 1, #all, 2 do
                local holder, lease = all[i], all[i + 1]
                local expiry = tonumber(string.match(lease, '^(%d+)')) or 0
                if expiry <= now then
                    redis.call('HDEL', leases, holder)
                elseif holder ~= self then
                    redis.call(publish, prefix .. holder, 'r ' .. id .. ' ' .. token .. ' ' .. lease)
                    out[#out + 1] = holder
                    out[#out + 1] = expiry
                end
            end
            return out
        end

        """

    /// KEYS: the session, its leases. ARGV: base version, entry, ttl ms, replica, token, id,
    /// units of the new version, the holders' channel prefix, the publish command.
    /// {0, logBytes, imageBytes, now, holder, expiry, ...} | {-1} gone | {-2, current} |
    /// {1, logBytes, imageBytes} when this very change (its token, `w:N`) already made
    /// version base + 1: a repeat after a lost reply answers the first run's outcome.
    static let append =
        chunks + revokeLeases + """
            local v = redis.call('HGET', KEYS[1], 'v')
            if not v then return {-1} end
            v = tonumber(v)
            local base = tonumber(ARGV[1])
            if v > base and redis.call('HGET', KEYS[1], 'w:' .. (base + 1)) == ARGV[5] then
                -- Written again (the same value): a write, so a WAIT after this reply waits
                -- for the replicas to have everything up to the first run's change too.
                redis.call('HSET', KEYS[1], 'w:' .. (base + 1), ARGV[5])
                return {1, tonumber(redis.call('HGET', KEYS[1], 'lb')), tonumber(redis.call('HGET', KEYS[1], 'sb'))}
            end
            if v ~= base then return {-2, v} end
            redis.call('HSET', KEYS[1], 'v', v + 1, 'l:' .. (v + 1), ARGV[2], 'w:' .. (v + 1), ARGV[5], 'u', ARGV[7])
            local lb = redis.call('HINCRBY', KEYS[1], 'lb', #ARGV[2])
            redis.call('PEXPIRE', KEYS[1], ARGV[3])
            eachChunk(KEYS[1], 'PEXPIRE', ARGV[3])
            local out = {0, lb, tonumber(redis.call('HGET', KEYS[1], 'sb'))}
            for _, x in ipairs(revoke(KEYS[2], ARGV[6], ARGV[4], ARGV[5], ARGV[8], ARGV[9])) do out[#out + 1] = x end
            return out
            """

    /// KEYS: the session, its leases. ARGV: replica, lease ms, ttl ms, nonce. The newest
    /// version (nil when gone), after recording this replica's lease as `expiry:nonce`
    /// (expiry on Redis's clock; the nonce tells this grant from a later one) and renewing
    /// the session's time to live. A write, so Redis persists it like any change.
    static let grantLease =
        chunks + """
            local v = redis.call('HGET', KEYS[1], 'v')
            if not v then return false end
            local t = redis.call('TIME')
            local length = tonumber(ARGV[2])
            local expiry = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + length
            redis.call('HSET', KEYS[2], ARGV[1], string.format('%.0f', expiry) .. ':' .. ARGV[4])
            redis.call('PEXPIRE', KEYS[2], 2 * length)
            redis.call('PEXPIRE', KEYS[1], ARGV[3])
            eachChunk(KEYS[1], 'PEXPIRE', ARGV[3])
            return v
            """

    /// KEYS: the leases. ARGV: holder, the lease revoked, the writer's channel, its token, the
    /// publish command (`PUBLISH`, or `SPUBLISH` in a cluster).
    /// A holder that has dropped its lease removes the entry (only if it is still that grant,
    /// not a newer one) and tells the writer. Nothing here is worth persisting (a lease
    /// entry back after a Redis restart costs one more revocation, no more), so it is kept
    /// out of the append-only file: no fsync per confirmation.
    static let confirmRevocation = """
        redis.set_repl(redis.REPL_NONE)
        if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
        redis.call(ARGV[5], ARGV[3], 'a ' .. ARGV[4] .. ' ' .. ARGV[1])
        return 1
        """

    /// ARGV: the version entries are wanted after, the image version the caller holds
    /// (-1: none). {v, sv, entries after ARGV[1]...} | {-2} when the image changed since the
    /// caller read it (a compaction: read again) | nil when gone. The image itself is read
    /// with a plain HGET: a script would copy its megabytes twice more.
    static let load = """
        local v = redis.call('HGET', KEYS[1], 'v')
        if not v then return false end
        v = tonumber(v)
        local sv = tonumber(redis.call('HGET', KEYS[1], 'sv'))
        if tonumber(ARGV[2]) >= 0 and sv ~= tonumber(ARGV[2]) then return {-2} end
        local out = {v, sv}
        for n = math.max(tonumber(ARGV[1]), sv) + 1, v do out[#out + 1] = redis.call('HGET', KEYS[1], 'l:' .. n) end
        return out
        """

    /// ARGV: version, session image. Keeps the entries after the new image only.
    static let compact =
        chunks + """
            local sv = redis.call('HGET', KEYS[1], 'sv')
            if not sv then return 0 end
            sv = tonumber(sv)
            local target = tonumber(ARGV[1])
            if sv >= target then return 0 end
            eachChunk(KEYS[1], 'DEL')
            redis.call('HDEL', KEYS[1], 'sk', 'sc')
            redis.call('HSET', KEYS[1], 's', ARGV[2], 'sv', target, 'sb', #ARGV[2])
            for n = sv + 1, target do redis.call('HDEL', KEYS[1], 'l:' .. n, 'w:' .. n) end
            local v = tonumber(redis.call('HGET', KEYS[1], 'v'))
            local lb = 0
            for n = target + 1, v do lb = lb + redis.call('HSTRLEN', KEYS[1], 'l:' .. n) end
            redis.call('HSET', KEYS[1], 'lb', lb)
            return 1
            """

    /// The image of version ARGV[1] was written (ARGV[4] bytes) as ARGV[3] chunk keys under
    /// nonce ARGV[2], each alive for a while only: make it the session's image, with the
    /// session's time to live, and drop the image and entries it replaces. When the session is
    /// gone or has a newer image already, the new chunks go instead. 1 | 0.
    static let compactChunked =
        chunks + """
            local sv = redis.call('HGET', KEYS[1], 'sv')
            local target = tonumber(ARGV[1])
            if not sv or tonumber(sv) >= target then
                for n = 0, tonumber(ARGV[3]) - 1 do redis.call('DEL', KEYS[1] .. ':s:' .. ARGV[2] .. ':' .. n) end
                return 0
            end
            sv = tonumber(sv)
            eachChunk(KEYS[1], 'DEL')
            redis.call('HDEL', KEYS[1], 's')
            redis.call('HSET', KEYS[1], 'sk', ARGV[2], 'sc', ARGV[3], 'sv', target, 'sb', ARGV[4])
            local ttl = redis.call('PTTL', KEYS[1])
            if ttl > 0 then eachChunk(KEYS[1], 'PEXPIRE', ttl) else eachChunk(KEYS[1], 'PERSIST') end
            for n = sv + 1, target do redis.call('HDEL', KEYS[1], 'l:' .. n, 'w:' .. n) end
            local v = tonumber(redis.call('HGET', KEYS[1], 'v'))
            local lb = 0
            for n = target + 1, v do lb = lb + redis.call('HSTRLEN', KEYS[1], 'l:' .. n) end
            redis.call('HSET', KEYS[1], 'lb', lb)
            return 1
            """

    /// KEYS: the session, its leases. ARGV: required version (-1: any), replica, token, id, the
    /// holders' channel prefix, the publish command.
    /// {1, now, holder, expiry, ...} removed | 0 gone | {-2, current}.
    static let remove =
        chunks + revokeLeases + """
            local v = redis.call('HGET', KEYS[1], 'v')
            if not v then return 0 end
            local wanted = tonumber(ARGV[1])
            if wanted >= 0 and tonumber(v) ~= wanted then return {-2, tonumber(v)} end
            eachChunk(KEYS[1], 'DEL')
            redis.call('DEL', KEYS[1])
            local out = {1}
            for _, x in ipairs(revoke(KEYS[2], ARGV[4], ARGV[2], ARGV[3], ARGV[5], ARGV[6])) do out[#out + 1] = x end
            return out
            """

    /// KEYS: the session, its quarantine key (same hash tag). ARGV: reason.
    static let quarantine =
        chunks + """
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            -- The chunks keep their names (the quarantined hash names them) and their data.
            eachChunk(KEYS[1], 'PERSIST')
            redis.call('RENAME', KEYS[1], KEYS[2])
            redis.call('PERSIST', KEYS[2])
            redis.call('HSET', KEYS[2], 'quarantine', ARGV[1])
            return 1
            """
}
