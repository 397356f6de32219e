#if canImport(Glibc)
import Glibc
#endif

/// Writers of this replica waiting for lease holders to confirm a revocation. A writer
/// registers its token before its change reaches Redis (a confirmation may arrive before
/// the script's reply), then waits for the holders the script named.
final class RedisRevocationWaits: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Token → the holders that have confirmed so far.
    private var confirmed: [String: Set<String>] = [:]

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func register(_ token: String) {
        pthread_mutex_lock(mutex)
        confirmed[token] = []
        pthread_mutex_unlock(mutex)
    }

    func unregister(_ token: String) {
        pthread_mutex_lock(mutex)
        confirmed[token] = nil
        pthread_mutex_unlock(mutex)
    }

    /// A holder confirmed it dropped its lease for the change `token` names.
    func confirm(_ token: String, by holder: String) {
        pthread_mutex_lock(mutex)
        if confirmed[token] != nil {
            confirmed[token]!.insert(holder)
            pthread_cond_broadcast(condition)
        }
        pthread_mutex_unlock(mutex)
    }

    /// True once every one of `holders` confirmed; false when the monotonic `deadline`
    /// (nanoseconds) passed first.
    func wait(_ token: String, for holders: Set<String>, until deadline: UInt64) -> Bool {
        var limit = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if holders.isSubset(of: confirmed[token] ?? []) { return true }
            if pthread_cond_timedwait(condition, mutex, &limit) == ETIMEDOUT {
                return holders.isSubset(of: confirmed[token] ?? [])
            }
        }
    }
}
