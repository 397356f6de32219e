#if canImport(Glibc)
import Glibc
#endif

/// A plain mutex that may be held across a blocking store call (Synchronization's Mutex only
/// lends its value to a closure, which cannot carry typed throws out cleanly).
public final class BlockingLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
