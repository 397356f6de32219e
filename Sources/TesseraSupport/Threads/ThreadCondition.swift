#if canImport(Glibc)
    import Glibc
#endif

/// State guarded by a pthread mutex with a condition variable, for the places that must
/// block a thread until the state changes: idle workers, `runUntilShutdown`, the log sink's
/// writer, a Redis writer waiting for revocations. (`Synchronization.Mutex` has no condition
/// variable: a lock with nothing to wait for is `BlockingLock` or a `Mutex` of its own.)
/// The pthread objects are heap-allocated because they must never move.
///
/// `@inlinable` (with `@usableFromInline` storage): the worker pool and the log sink take
/// this lock per request from other modules; unspecialised generic calls would cost more.
package final class ThreadCondition<State>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Only touched under `mutex`, one access at a time: no run-time exclusivity check on a
    /// lock taken for every access line (docs/performance.md#unchecked-exclusivity).
    @exclusivity(unchecked) @usableFromInline var state: State
    /// Threads blocked in `wait`, counted under the mutex: with none, `withLock` skips the
    /// broadcast (the log sink's lock is taken for every access line, with its writer
    /// usually asleep in `usleep`, not waiting here).
    @exclusivity(unchecked) @usableFromInline var waiters = 0

    package init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock (`MonotonicClock`): a wall-clock step
        // must not cut a wait short or stretch it.
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

    /// Runs `body` under the lock and wakes every waiter afterwards, since `body` may have
    /// made some waiter's condition true.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            if waiters > 0 { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Blocks until `body` returns a value, re-running it each time the state changes.
    @inlinable
    package func wait<Result>(until body: (inout State) -> Result?) -> Result {
        waitUnderLock(until: body, deadline: nil).unsafelyUnwrapped // no deadline: only a value ends it
    }

    /// Blocks until `body` returns a value or the monotonic `deadline` (nanoseconds, as
    /// `MonotonicClock.now()` counts) passes; then `body` has a last say (nil: still not).
    @inlinable
    package func wait<Result>(until body: (inout State) -> Result?, deadline: UInt64) -> Result? {
        waitUnderLock(until: body, deadline: deadline)
    }

    /// The one waiting loop: `body` under the lock, then sleep on the condition until the
    /// next change (or the deadline, when there is one).
    @inlinable
    func waitUnderLock<Result>(until body: (inout State) -> Result?, deadline: UInt64?) -> Result? {
        var limit = deadline.map { timespec(tv_sec: Int($0 / 1_000_000_000), tv_nsec: Int($0 % 1_000_000_000)) }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&state) { return result }
            waiters += 1
            var timedOut = false
            if limit == nil {
                pthread_cond_wait(condition, mutex)
            } else {
                timedOut = pthread_cond_timedwait(condition, mutex, &limit!) == ETIMEDOUT
            }
            waiters -= 1
            if timedOut { return body(&state) }
        }
    }
}
