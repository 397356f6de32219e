#if canImport(Glibc)
import Glibc
#endif

/// A plain mutex that may be held across a blocking store call (Synchronization's Mutex only
/// lends its value to a closure, which cannot carry typed throws out cleanly).
final class BlockingLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func locked<T>(_ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
