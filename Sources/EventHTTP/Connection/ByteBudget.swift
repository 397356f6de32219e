import Synchronization

/// Bytes the whole server may hold at once for one purpose, shared by every loop.
///
/// Request bodies: a request reserves its body's bytes as they arrive (not what its head
/// declares: a client trickling a byte now and then into a 64 MiB body would hold 64 MiB
/// while sending nothing) and gives them back when its reply has been written or its
/// connection closes, so bodies being received, queued for a worker and being handled all
/// count, and a body is refused (503) as soon as what it has sent does not fit.
///
/// Reply bodies: a reply reserves its body when it is handed to libevent and gives it back
/// when libevent lets go of it (written, or the connection dropped), so clients that do
/// not read cannot make the server hold replies without bound.
final class ByteBudget: Sendable {
    let capacity: Int
    private let reserved = Atomic<Int>(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes `bytes` from the budget if they fit; false (and nothing taken) otherwise.
    func tryReserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        var current = reserved.load(ordering: .relaxed)
        while true {
            guard bytes <= capacity - current else { return false }
            let (exchanged, original) = reserved.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        reserved.subtract(bytes, ordering: .relaxed)
    }

    /// Bytes reserved now (tests and statistics).
    var inUse: Int { reserved.load(ordering: .relaxed) }
}
