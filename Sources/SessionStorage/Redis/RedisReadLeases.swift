import Synchronization

/// This replica's read leases on Redis sessions: while it holds an unexpired lease on a
/// session, no other replica can acknowledge a change to it without first hearing from this
/// one, so queries are answered from the local copy without a round trip to Redis.
///
/// The argument, step by step (docs/deployment.md, "Running more than one replica"):
/// - A lease is granted by a script that reads the session's version and records
///   `replica → expiry:nonce` (expiry on Redis's clock) in the session's lease hash, in one
///   atomic step. Locally it lasts from a monotonic instant taken *before* the request was
///   sent, for the lease's length less a margin, so it ends (in real time) before Redis's
///   record of it does.
/// - Every change (append, remove) runs in a script that sees the unexpired leases recorded
///   for the session and publishes a revocation to each holder. The writer does not
///   acknowledge until each holder has confirmed that it dropped the lease, or until Redis's
///   own clock says the lease is over.
/// - A holder drops the lease here (`revoke`) *before* it confirms, so once a change is
///   acknowledged no holder answers from the version before it.
/// - A revocation can overtake the grant's reply (they travel on different connections):
///   each session counts its revocations, a grant remembers the count from before its
///   request, and is installed only if the count has not moved. Losing the revocation
///   channel (`deafen`) drops every lease: revocations sent meanwhile were lost.
///
/// Why leases and not a version check shared by the requests that arrive together: a shared
/// check must still be issued after each request arrived, so every request keeps waiting for
/// a round trip (and Redis still serves a read per batch); measured, the round trip per
/// request held Redis replicas to about half the memory store's throughput under wrk
/// (docs/performance.md#read-leases). A lease moves the cost to writes, which are rarer than
/// queries and already wait for fsync.
final class RedisReadLeases: Sendable {
    private struct Entry {
        /// The version the lease was granted at; the local copy must be at least this new.
        var version = 0
        /// Monotonic nanoseconds; 0: no lease.
        var deadline: UInt64 = 0
        var revocations: UInt64 = 0
        /// When the last revocation arrived: for a tenth of a lease length after it, reads do
        /// not ask for a lease but read the version (each grant is a write, and a session
        /// changed again and again would only lose it again).
        var revokedAt: UInt64 = 0
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Moves on every loss or gain of the revocation channel: grants asked for under
        /// another generation are refused.
        var generation: UInt64 = 0
        var listening = false
    }

    /// What a grant must find unchanged to be installed.
    struct Ticket {
        let id: String
        let revocations: UInt64
        let generation: UInt64
        let requestedAt: UInt64
    }

    /// How long a lease lasts on Redis's clock, and locally (shorter by the margin).
    let lengthMilliseconds: Int
    private let localLengthNanoseconds: UInt64
    private let state = Mutex(State())
    /// Entries kept at most; beyond, every lease is dropped (conservative, and rare).
    private let capacity = 65_536

    init(lengthMilliseconds: Int) {
        self.lengthMilliseconds = lengthMilliseconds
        // An eighth of the lease covers any difference between the rates of this machine's
        // monotonic clock and Redis's clock, with a wide berth.
        localLengthNanoseconds = UInt64(lengthMilliseconds) * 1_000_000 / 8 * 7
    }

    /// The version a valid lease vouches for, or nil.
    func version(of id: String, now: UInt64) -> Int? {
        state.withLock { s -> Int? in
            guard let e = s.entries[id], now < e.deadline else { return nil }
            return e.version
        }
    }

    /// A ticket to ask Redis for a lease, or nil when none should be asked for now: the
    /// revocation channel is down, or the session was revoked within the last tenth of a lease length.
    func ticket(for id: String, now: UInt64) -> Ticket? {
        state.withLock { s -> Ticket? in
            guard s.listening else { return nil }
            let e = s.entries[id]
            if let e, e.revokedAt != 0, now &- e.revokedAt < UInt64(lengthMilliseconds) * 100_000 { return nil }
            return Ticket(id: id, revocations: e?.revocations ?? 0, generation: s.generation, requestedAt: now)
        }
    }

    /// Installs the lease Redis granted at `version`, unless a revocation (or a loss of the
    /// channel) came in since the ticket was taken.
    func grant(_ ticket: Ticket, version: Int) {
        state.withLock { s in
            guard s.listening, s.generation == ticket.generation else { return }
            if s.entries.count >= capacity, s.entries[ticket.id] == nil { Self.dropAll(&s) }
            var e = s.entries[ticket.id] ?? Entry()
            guard e.revocations == ticket.revocations else { return }
            e.version = version
            e.deadline = ticket.requestedAt &+ localLengthNanoseconds
            s.entries[ticket.id] = e
        }
    }

    /// Drops the lease on `id` (a change was made or is being made elsewhere); grants in
    /// flight for it are refused.
    func revoke(_ id: String, now: UInt64) {
        state.withLock { s in
            if s.entries.count >= capacity, s.entries[id] == nil { Self.dropAll(&s) }
            var e = s.entries[id] ?? Entry()
            e.deadline = 0
            e.revocations &+= 1
            e.revokedAt = max(now, 1)
            s.entries[id] = e
        }
    }

    /// The revocation channel is subscribed: leases may be granted from now on.
    func listen() {
        state.withLock { s in
            Self.dropAll(&s)
            s.listening = true
        }
    }

    /// The revocation channel is lost: revocations may have been missed, so no lease is
    /// trusted or granted until it is back.
    func deafen() {
        state.withLock { s in
            Self.dropAll(&s)
            s.listening = false
        }
    }

    /// Stops trusting and granting leases for good (shutdown), and answers the sessions this
    /// process may hold one on in Redis: every entry known here (an entry dropped with the
    /// channel or past `capacity` is not known any more; its lease ends at its expiry).
    func relinquish() -> [String] {
        state.withLock { s in
            let ids = Array(s.entries.keys)
            Self.dropAll(&s)
            s.listening = false
            return ids
        }
    }

    private static func dropAll(_ s: inout State) {
        s.entries.removeAll()
        s.generation &+= 1
    }
}
