import Synchronization

/// Today's behaviour: sessions live in this process only. The storage keeps what the limits
/// and the compare-and-set need (version, counts, last use), never the session data itself.
public final class MemorySessionStorage: SessionStorage {
    struct Entry {
        var version: Int
        var counts: StoredCounts
        var lastUsed: UInt64
    }

    private let entries = Mutex<[SessionKey: Entry]>([:])
    /// Monotonic nanoseconds (injectable so expiry is tested without sleeping).
    private let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    public var keepsSessionData: Bool { false }

    public var metricsName: String? { nil }

    /// `now` may be older than an entry's last use: another thread can touch it between
    /// reading the clock and taking the lock. Such a session is fresh, not expired (a
    /// wrapping subtraction here once deleted live sessions under load).
    private static func isExpired(_ e: Entry, at now: UInt64, _ limits: StorageLimits) -> Bool {
        now > e.lastUsed && now - e.lastUsed > limits.idleExpirySeconds &* 1_000_000_000
    }

    private static func units(_ map: [SessionKey: Entry]) -> Int {
        map.values.reduce(0) { $0 + $1.counts.units }
    }

    public func create(
        id: String, version: Int, image: [UInt8], holding counts: StoredCounts,
        limits: StorageLimits
    ) -> CreateOutcome {
        let now = self.now()
        return entries.withLock { map -> CreateOutcome in
            if map.count >= limits.maxSessions || Self.units(map) + counts.units > limits.maxTotalItems {
                map = map.filter { !Self.isExpired($0.value, at: now, limits) }
            }
            guard map.count < limits.maxSessions else { return .full(.sessions(limit: limits.maxSessions)) }
            guard Self.units(map) + counts.units <= limits.maxTotalItems else { return .full(.items(limit: limits.maxTotalItems)) }
            map[SessionKey(id)] = Entry(version: version, counts: counts, lastUsed: now)
            return .created
        }
    }

    public func currentVersion(of id: String, limits: StorageLimits) -> Int? {
        let now = self.now()
        let key = SessionKey(id)
        // One hash lookup: the entry is found by index and its idle time updated in place.
        return entries.withLock { map -> Int? in
            guard let index = map.index(forKey: key) else { return nil }
            if Self.isExpired(map.values[index], at: now, limits) {
                map.remove(at: index)
                return nil
            }
            map.values[index].lastUsed = max(map.values[index].lastUsed, now)
            return map.values[index].version
        }
    }

    /// Nothing is kept to load: the process's own copy is the session.
    public func load(id: String, after knownVersion: Int?) -> StoredSession? { nil }

    public func append(
        id: String, baseVersion: Int, entry: [UInt8], from old: StoredCounts, to new: StoredCounts,
        limits: StorageLimits
    ) -> AppendOutcome {
        let now = self.now()
        let key = SessionKey(id)
        return entries.withLock { map -> AppendOutcome in
            guard var e = map[key] else { return .gone }
            guard e.version == baseVersion else { return .stale(current: e.version) }
            let delta = new.units - e.counts.units
            if delta > 0 {
                var total = Self.units(map)
                if total + delta > limits.maxTotalItems {
                    map = map.filter { $0.key == key || !Self.isExpired($0.value, at: now, limits) }
                    total = Self.units(map)
                }
                guard total + delta <= limits.maxTotalItems else { return .full(.items(limit: limits.maxTotalItems)) }
            }
            e.version = baseVersion + 1
            e.counts = new
            e.lastUsed = max(e.lastUsed, now)
            map[key] = e
            return .appended(logBytes: 0, imageBytes: 0)
        }
    }

    public func compact(id: String, version: Int, image: [UInt8]) {}

    public func remove(id: String, ifVersion: Int?) -> RemoveOutcome {
        let key = SessionKey(id)
        return entries.withLock { map -> RemoveOutcome in
            guard let e = map[key] else { return .gone }
            if let ifVersion, ifVersion != e.version { return .stale(current: e.version) }
            map[key] = nil
            return .removed
        }
    }

    public func quarantine(id: String, reason: String) {
        _ = entries.withLock { $0.removeValue(forKey: SessionKey(id)) }
    }

    public func sweep(limits: StorageLimits) {
        let now = self.now()
        entries.withLock { map in map = map.filter { !Self.isExpired($0.value, at: now, limits) } }
    }

    public func sessionCount(limits: StorageLimits) -> Int? { entries.withLock { $0.count } }

    public func ping() {}

    public func contains(_ id: String) -> Bool { entries.withLock { $0[SessionKey(id)] != nil } }

    public func existing(_ ids: [String]) -> Set<String> { Set(ids.filter(contains)) }

    /// Marks a session used at `time` (tests: a touch from another thread newer than "now";
    /// package access, as nothing outside the tests calls it).
    package func touch(_ id: String, at time: UInt64) {
        let key = SessionKey(id)
        entries.withLock { map in
            if let index = map.index(forKey: key) { map.values[index].lastUsed = max(map.values[index].lastUsed, time) }
        }
    }
}
