import Synchronization

/// A lock guarding no value of its own, for code that must hold it across a blocking call
/// (a store's statement, a Redis round trip, a cold load): the standard library's `Mutex`,
/// kept in a class so that every holder shares one. Its body may throw a typed error.
package final class BlockingLock: Sendable {
    private let mutex = Mutex<Void>(())

    package init() {}

    package func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try mutex.withLock { (_: inout Void) throws(E) -> T in try body() }
    }
}
