import Dispatch
import SessionStorage
import Synchronization
import TesseraSupport

/// The sessions: a storage backend that holds them (memory, SQLite or Redis) and enforces
/// the limits across every process that shares it, plus this process's copies of the ones it
/// has served. A full store refuses new sessions and growing changes with 503
/// `too_many_sessions` (it never evicts a live one); idle sessions expire by the store's
/// time to live.
public final class SessionStore: Sendable {
    public struct Configuration: Sendable {
        public var maxSessions = 1024
        public var maxItemsPerSession = 5_000_000
        /// Sections in one session or request (an empty section still costs a few hundred
        /// bytes of prepared geometry; see docs/limits.md, "Memory").
        public var maxSectionsPerSession = 2_000
        /// Identifier bytes (packed) in one session (issue 34, point 4).
        public var maxIdentifierBytesPerSession = 256 << 20
        /// Items, sections and identifier units (`StoredCounts.units`) across all sessions;
        /// bounds memory (up to 85 bytes per item).
        public var maxTotalItems = 50_000_000
        public var idleExpirySeconds: UInt64 = 900
        /// Encoded replies of repeated rect queries kept for all sessions together (0: none).
        public var replyCacheBytes = 64 << 20

        public init() {}

        var limits: StorageLimits {
            StorageLimits(maxSessions: maxSessions, maxTotalItems: maxTotalItems, idleExpirySeconds: idleExpirySeconds)
        }
    }

    public let configuration: Configuration
    public let storage: any SessionStorage
    /// The backend's name in metrics (nil: not measured). Read once, like `callsMayWait`:
    /// it is asked on every store call
    /// (docs/performance.md#store-metrics-name).
    private let metricsName: String?
    let clock: any SessionClock
    private let copies = Mutex<[SessionKey: Session]>([:])
    /// Serialises first loads, so two requests for an unseen session build it once.
    let coldLoads = BlockingLock()
    /// Recent rect-query replies of every session, within `replyCacheBytes`.
    let replies: ReplyCache

    /// The storage's `callsMayWaitOnTheNetwork` and `keepsSessionData`, read once (they are
    /// asked on every loop request).
    public let callsMayWait: Bool
    public let keepsSessionData: Bool

    public init(configuration: Configuration, storage: any SessionStorage, clock: any SessionClock = SystemSessionClock()) {
        self.configuration = configuration
        self.storage = storage
        callsMayWait = storage.callsMayWaitOnTheNetwork
        keepsSessionData = storage.keepsSessionData
        self.clock = clock
        metricsName = storage.metricsName
        replies = ReplyCache(capacityBytes: configuration.replyCacheBytes)
    }

    var limits: StorageLimits { configuration.limits }

    var now: UInt64 { clock.nowNanoseconds() }

    // MARK: This process's copies

    func copy(_ id: String) -> Session? {
        let key = SessionKey(id)
        let s = copies.withLock { $0[key] }
        s?.touch(now)
        return s
    }

    func keep(_ session: Session) {
        session.touch(now)
        let key = SessionKey(session.id)
        copies.withLock { $0[key] = session }
        if storage.keepsSessionData { boundCopies(keeping: key) }
    }

    /// With a shared store, this process's copies are a cache of what the store holds: they
    /// count against `maxTotalItems` like the store's sessions do (items plus sections), and
    /// past it the least recently used copies go (they are rebuilt from the store when asked
    /// for again). Before, copies of sessions changed or made through other replicas were
    /// counted nowhere (~75 MB per 1M-item session).
    func boundCopies(keeping kept: SessionKey? = nil) {
        copies.withLock { map in
            var units = map.values.reduce(0) { $0 + $1.current.counts.units }
            guard units > configuration.maxTotalItems else { return }
            let oldestFirst = map.filter { $0.key != kept }.sorted { $0.value.lastUsedTime < $1.value.lastUsedTime }
            for (key, copy) in oldestFirst where units > configuration.maxTotalItems {
                units -= copy.current.counts.units
                map.removeValue(forKey: key)
            }
        }
    }

    /// Whether a request for session `id` can be answered without a store call that may
    /// wait: always with a local store; with Redis only under a read lease and with a copy at
    /// least as new as the lease vouches for. Anything else (no lease, a copy to build or to
    /// bring up to date, a change) belongs on a worker, so that a stalled Redis or a rebuild
    /// of millions of items never holds an event loop and everything else it serves.
    public func answersWithoutWaiting(_ id: String) -> Bool {
        guard callsMayWait else { return true }
        guard let leased = storage.leasedVersion(of: id) else { return false }
        let key = SessionKey(id)
        guard let copy = copies.withLock({ $0[key] }) else { return false }
        return copy.version >= leased
    }

    func forget(_ id: String) {
        let key = SessionKey(id)
        _ = copies.withLock { $0.removeValue(forKey: key) }
    }

    // MARK: The store, its failures as API errors

    /// One store call: a failure is 503 `store_unavailable`; with a durable store the call is
    /// counted and timed (`tessera_store_operations_total`, `…_duration_seconds`).
    func storing<T>(_ operation: String, _ body: () throws(StorageError) -> T) throws(APIError) -> T {
        guard let backend = metricsName else {
            do { return try body() } catch { throw .storeUnavailable(error) }
        }
        let start = ContinuousClock.now
        do {
            let result = try body()
            ServiceMetrics.recordStoreOperation(backend: backend, operation: operation, duration: .now - start, failed: false)
            return result
        } catch {
            ServiceMetrics.recordStoreOperation(backend: backend, operation: operation, duration: .now - start, failed: true)
            throw .storeUnavailable(error)
        }
    }

    /// The newest acknowledged version of a session (nil: unknown or expired), refreshing its
    /// idle time. A replica holding a read lease on the session knows it without asking
    /// (not a store call: neither counted nor timed).
    func storedVersion(_ id: String) throws(APIError) -> Int? {
        if let leased = storage.leasedVersion(of: id) { return leased }
        return try storing("version") { () throws(StorageError) in try storage.currentVersion(of: id, limits: limits) }
    }

    /// Starts storing a new session under a fresh unguessable id. With a durable store the
    /// write (an image of the whole session) runs on another thread while the caller
    /// prepares the layout; `finishAdd` waits for it.
    func beginAdd(_ image: SessionImage, counts: StoredCounts) -> PendingCreate {
        var id = SessionID.make()
        while copies.withLock({ $0[SessionKey(id)] != nil }) { id = SessionID.make() }
        let pending = PendingCreate(id: id, counts: counts)
        guard storage.keepsSessionData else { return pending }
        let (storage, limits) = (self.storage, self.limits)
        pending.start { () throws(StorageError) -> CreateOutcome in
            try storage.create(id: pending.id, version: image.version, image: image.encoded, holding: counts, limits: limits)
        }
        return pending
    }

    /// The stored session, or the store's refusal (full, unavailable).
    func finishAdd(_ pending: PendingCreate, _ state: SessionState) throws(APIError) -> Session {
        let outcome: CreateOutcome
        if storage.keepsSessionData {
            outcome = try storing("create") { () throws(StorageError) in try pending.wait() }
        } else {
            outcome = try storing("create") { () throws(StorageError) in
                try storage.create(id: pending.id, version: state.version, image: [], holding: pending.counts, limits: limits)
            }
        }
        if case .full(let limit) = outcome { throw .storeFull(limit) }
        let session = Session(id: pending.id, state: state, now: now, replies: replies)
        keep(session)
        return session
    }

    /// The layout was refused after all: the stored session goes again.
    func abandonAdd(_ pending: PendingCreate) {
        guard storage.keepsSessionData, case .created? = try? pending.wait() else { return }
        _ = try? storage.remove(id: pending.id, ifVersion: nil)
    }

    /// Removes a session; with `ifVersion`, only at that version (one atomic step in the store).
    func remove(_ id: String, ifVersion: Int?) throws(APIError) -> RemoveOutcome {
        let outcome = try storing("remove") { () throws(StorageError) in try storage.remove(id: id, ifVersion: ifVersion) }
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
        dropCopiesTheStoreNoLongerHolds()
        let now = self.now
        let ttl = configuration.idleExpirySeconds * 1_000_000_000
        let memory = storage as? MemorySessionStorage
        copies.withLock { map in
            map = map.filter { key, s in
                if let memory { return memory.contains(key.id) }
                let last = s.lastUsedTime
                return !(now > last && now - last > ttl)
            }
        }
    }

    /// With a shared store: copies of sessions deleted (or expired) through another replica
    /// go at the next sweep, not when they have gone unused for the idle expiry (15 min).
    func dropCopiesTheStoreNoLongerHolds() {
        guard storage.keepsSessionData else { return }
        let ids = copies.withLock { $0.keys.map(\.id) }
        guard !ids.isEmpty, let held = try? storage.existing(ids) else { return }
        copies.withLock { map in
            for id in ids where !held.contains(id) { map.removeValue(forKey: SessionKey(id)) }
        }
    }

    /// Sessions held: the memory store's, or with a shared store this process's copies
    /// (/healthz must answer without asking the store).
    public var count: Int {
        guard !storage.keepsSessionData, let n = storage.sessionCount(limits: limits) else { return copies.withLock { $0.count } }
        return n
    }

    /// Items across the sessions this process holds (the metrics' `tessera_session_items`;
    /// with the memory store, all of them).
    public var itemCount: Int {
        copies.withLock { $0.values }.reduce(0) { $0 + $1.current.dataSource.totalItemCount }
    }
}

/// 128 random bits from the system's CSPRNG, as 32 hex digits: unguessable.
enum SessionID {
    static func make() -> String {
        var rng = SystemRandomNumberGenerator()
        return OutputBuffer.string(capacity: 32) { out in
            out.hex(rng.next())
            out.hex(rng.next())
        }
    }

    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

/// A store write running beside the request that started it.
final class PendingCreate: @unchecked Sendable {
    let id: String
    let counts: StoredCounts
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the writing thread before it signals `done`; read after waiting.
    private var result: Result<CreateOutcome, StorageError> = .failure(.unavailable("not started"))
    private var waited: Result<CreateOutcome, StorageError>?

    init(id: String, counts: StoredCounts) {
        self.id = id
        self.counts = counts
    }

    func start(_ write: @escaping @Sendable () throws(StorageError) -> CreateOutcome) {
        DispatchQueue.global().async {
            do throws(StorageError) { self.result = .success(try write()) } catch { self.result = .failure(error) }
            self.done.signal()
        }
    }

    func wait() throws(StorageError) -> CreateOutcome {
        if let waited { return try waited.get() }
        done.wait()
        waited = result
        return try result.get()
    }
}
