import SessionStorage
import Synchronization

/// The sessions: a storage backend that holds them (memory, SQLite or Redis) and enforces
/// the limits across every process that shares it, plus this process's copies of the ones it
/// has served. A full store refuses new sessions and growing changes with 503
/// `too_many_sessions` (it never evicts a live one); idle sessions expire by the store's
/// time to live.
public final class SessionStore: Sendable {
    public struct Configuration: Sendable {
        public var maxSessions = 1024
        public var maxItemsPerSession = 5_000_000
        /// Items plus sections across all sessions (a section counts as an item); bounds
        /// memory (~50 bytes per explicit item).
        public var maxTotalItems = 50_000_000
        public var idleExpirySeconds: UInt64 = 900

        public init() {}

        var limits: StorageLimits {
            StorageLimits(maxSessions: maxSessions, maxTotalItems: maxTotalItems, idleExpirySeconds: idleExpirySeconds)
        }
    }

    public let configuration: Configuration
    public let storage: any SessionStorage
    let clock: any SessionClock
    private let copies = Mutex<[String: Session]>([:])
    /// Serialises first loads, so two requests for an unseen session build it once.
    let coldLoads = BlockingLock()

    /// Sessions in this process's memory only (today's behaviour, and the tests' default).
    public convenience init(configuration: Configuration = Configuration(), clock: any SessionClock = SystemSessionClock()) {
        self.init(configuration: configuration, storage: MemorySessionStorage { clock.nowNanoseconds() }, clock: clock)
    }

    public init(configuration: Configuration, storage: any SessionStorage, clock: any SessionClock = SystemSessionClock()) {
        self.configuration = configuration
        self.storage = storage
        self.clock = clock
    }

    /// Opens the backend `--store` names; a database that cannot be opened or fails its
    /// check is refused here, at start-up, with the reason.
    public static func open(_ location: StoreLocation, configuration: Configuration) throws(StorageError) -> SessionStore {
        switch location {
        case .memory: return SessionStore(configuration: configuration)
        case .sqlite(let path): return SessionStore(configuration: configuration, storage: try SQLiteSessionStorage(path: path))
        case .redis(let endpoint): return SessionStore(configuration: configuration, storage: RedisSessionStorage(endpoint))
        }
    }

    var limits: StorageLimits { configuration.limits }

    var now: UInt64 { clock.nowNanoseconds() }

    // MARK: This process's copies

    func copy(_ id: String) -> Session? {
        let s = copies.withLock { $0[id] }
        s?.touch(now)
        return s
    }

    func keep(_ session: Session) {
        session.touch(now)
        copies.withLock { $0[session.id] = session }
    }

    func forget(_ id: String) {
        _ = copies.withLock { $0.removeValue(forKey: id) }
    }

    // MARK: The store, its failures as API errors

    func storing<T>(_ body: () throws(StorageError) -> T) throws(APIError) -> T {
        do { return try body() } catch { throw .storeUnavailable(error) }
    }

    /// The newest acknowledged version of a session (nil: unknown or expired), refreshing its
    /// idle time.
    func storedVersion(_ id: String) throws(APIError) -> Int? {
        try storing { () throws(StorageError) in try storage.currentVersion(of: id, limits: limits) }
    }

    /// Adds a session with a fresh unguessable id, or throws when the store is full.
    func add(_ state: SessionState) throws(APIError) -> Session {
        var id = SessionID.make()
        while copies.withLock({ $0[id] != nil }) { id = SessionID.make() }
        let snapshot = storage.keepsSessionData ? SessionSnapshot(state).encoded : []
        let outcome = try storing { () throws(StorageError) in
            try storage.create(id: id, version: state.version, snapshot: snapshot, holding: state.counts, limits: limits)
        }
        if case .full(let limit) = outcome { throw .storeFull(limit) }
        let session = Session(id: id, state: state, now: now)
        keep(session)
        return session
    }

    /// Removes a session; with `ifVersion`, only at that version (one atomic step in the store).
    func remove(_ id: String, ifVersion: Int?) throws(APIError) -> RemoveOutcome {
        let outcome = try storing { () throws(StorageError) in try storage.remove(id: id, ifVersion: ifVersion) }
        switch outcome {
        case .stale: break
        case .removed, .gone: forget(id)
        }
        return outcome
    }

    /// Drops expired sessions from the store and copies nobody used for as long (called
    /// periodically).
    public func sweep() {
        try? storage.sweep(limits: limits)
        let now = self.now
        let ttl = configuration.idleExpirySeconds * 1_000_000_000
        let memory = storage as? MemorySessionStorage
        copies.withLock { map in
            map = map.filter { id, s in
                if let memory { return memory.contains(id) }
                let last = s.lastUsedTime
                return !(now > last && now - last > ttl)
            }
        }
    }

    /// Sessions held by the store (this process's copies when the store cannot say).
    public var count: Int {
        storage.sessionCount(limits: limits) ?? copies.withLock { $0.count }
    }
}

/// 128 random bits from the system's CSPRNG, as 32 hex digits: unguessable.
enum SessionID {
    static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for _ in 0..<2 {
            var v = rng.next() as UInt64
            for _ in 0..<16 {
                out.append(hex[Int(v & 15)])
                v >>= 4
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
