import CLibevent
import Glibc

/// State guarded by a pthread mutex with a condition variable, for the two places that
/// must block a thread: idle workers and `runUntilShutdown`. (`Synchronization.Mutex`
/// has no condition variable.) The pthread objects are heap-allocated because they must
/// never move.
public final class ThreadCondition<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Only touched under `mutex`, one access at a time: no run-time exclusivity check on a
    /// lock taken for every access line (docs/performance.md#unchecked-exclusivity).
    @exclusivity(unchecked) private var state: State
    /// Threads blocked in `wait`, counted under the mutex: with none, `withLock` skips the
    /// broadcast (the log sink's lock is taken for every access line, with its writer
    /// usually asleep in `usleep`, not waiting here).
    @exclusivity(unchecked) private var waiters = 0

    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` under the lock and wakes every waiter afterwards, since `body` may have
    /// made some waiter's condition true.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            if waiters > 0 { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Blocks until `body` returns a value, re-running it each time the state changes.
    public func wait<Result>(until body: (inout State) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = body(&state) { return result }
            waiters += 1
            pthread_cond_wait(condition, mutex)
            waiters -= 1
        }
    }
}

/// Detached pthreads running a Swift closure (no Foundation in this module).
public enum Threads {
    private final class Start {
        let name: String
        let body: @Sendable () -> Void
        init(_ name: String, _ body: @escaping @Sendable () -> Void) {
            self.name = String(name.utf8.prefix(15))!
            self.body = body
        }
    }

    /// - Parameter name: shown by `top -H` and debuggers; Linux keeps 15 bytes.
    public static func detach(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let start = Unmanaged.passRetained(Start(name, body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
            _ = eventhttp_name_current_thread(start.name)
            start.body()
            return nil
        }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
