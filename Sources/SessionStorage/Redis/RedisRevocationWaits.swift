import TesseraSupport

/// Writers of this replica waiting for lease holders to confirm a revocation. A writer
/// registers its token before its change reaches Redis (a confirmation may arrive before
/// the script's reply), then waits for the holders the script named.
final class RedisRevocationWaits: Sendable {
    /// Token → the holders that have confirmed so far.
    private let confirmed = ThreadCondition<[String: Set<String>]>([:])

    func register(_ token: String) {
        confirmed.withLock { $0[token] = [] }
    }

    func unregister(_ token: String) {
        confirmed.withLock { $0[token] = nil }
    }

    /// A holder confirmed it dropped its lease for the change `token` names (waking the
    /// waiters: `withLock` broadcasts).
    func confirm(_ token: String, by holder: String) {
        confirmed.withLock { waits in
            if waits[token] != nil { waits[token]!.insert(holder) }
        }
    }

    /// True once every one of `holders` confirmed; false when the monotonic `deadline`
    /// (nanoseconds) passed first.
    func wait(_ token: String, for holders: Set<String>, until deadline: UInt64) -> Bool {
        confirmed.wait(until: { holders.isSubset(of: $0[token] ?? []) ? true : nil }, deadline: deadline) ?? false
    }
}
