import Synchronization

/// The sessions, with limits: how many sessions, how many items each, how many items in all,
/// and how long an unused session lives. A full store first drops sessions idle past their
/// expiry, then refuses new ones with 503 `too_many_sessions` (it never evicts a live one).
public final class SessionStore: Sendable {
    public struct Configuration: Sendable {
        public var maxSessions = 1024
        public var maxItemsPerSession = 5_000_000
        /// Across all sessions; bounds memory (~50 bytes per explicit item).
        public var maxTotalItems = 50_000_000
        public var idleExpirySeconds: UInt64 = 900

        public init() {}
    }

    public let configuration: Configuration
    let clock: any SessionClock
    private let sessions = Mutex<[String: Session]>([:])

    public init(configuration: Configuration = Configuration(), clock: any SessionClock = SystemSessionClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    var now: UInt64 { clock.nowNanoseconds() }

    /// `now` may be older than the session's last use: another loop can touch the session
    /// between reading the clock and taking the lock. Such a session is fresh, not expired
    /// (a wrapping subtraction here once deleted live sessions under load).
    private func isExpired(_ session: Session, at now: UInt64) -> Bool {
        let last = session.lastUsedTime
        return now > last && now - last > configuration.idleExpirySeconds * 1_000_000_000
    }

    /// The session, refreshed; nil when unknown or expired.
    func session(_ id: String) -> Session? {
        let now = self.now
        return sessions.withLock { map -> Session? in
            guard let s = map[id] else { return nil }
            if isExpired(s, at: now) {
                map[id] = nil
                return nil
            }
            s.touch(now)
            return s
        }
    }

    /// Adds a session with a fresh unguessable id, or throws when the store is full.
    func add(_ state: SessionState) throws(APIError) -> Session {
        let now = self.now
        let items = state.dataSource.totalItemCount
        let result: Result<Session, APIError> = sessions.withLock { map in
            if map.count >= configuration.maxSessions || total(map) + items > configuration.maxTotalItems {
                map = map.filter { !isExpired($0.value, at: now) }
            }
            guard map.count < configuration.maxSessions else {
                return .failure(.tooManySessions(limit: configuration.maxSessions))
            }
            guard total(map) + items <= configuration.maxTotalItems else {
                return .failure(APIError(status: 503, code: "too_many_sessions",
                                         message: "the session store holds its maximum of \(configuration.maxTotalItems) items; delete a session or retry later",
                                         headers: [("Retry-After", "5")]))
            }
            var id = SessionID.make()
            while map[id] != nil { id = SessionID.make() }
            let session = Session(id: id, state: state, now: now)
            map[id] = session
            return .success(session)
        }
        return try result.get()
    }

    private func total(_ map: [String: Session]) -> Int {
        map.values.reduce(0) { $0 + $1.itemCount }
    }

    /// Removes a session; false when there was none.
    func remove(_ id: String) -> Bool {
        sessions.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// Drops expired sessions (called periodically and when the store is full).
    public func sweep() {
        let now = self.now
        sessions.withLock { map in map = map.filter { !isExpired($0.value, at: now) } }
    }

    public var count: Int { sessions.withLock { $0.count } }

    /// Items across all sessions held (the metrics' `tessera_session_items`).
    public var itemCount: Int { sessions.withLock { total($0) } }
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
