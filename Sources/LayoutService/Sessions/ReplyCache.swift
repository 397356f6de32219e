import Synchronization

/// The last few encoded replies of a session, keyed by the request that produced them and
/// the session version. A client (or a load balancer's health of many clients) asking again
/// for the same visible rect gets the bytes without a query or an encode.
final class ReplyCache: Sendable {
    private struct Entry {
        var key: String
        var body: [UInt8]
    }

    private let capacity: Int
    private let entries = Mutex<[Entry]>([])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lookup(_ key: String) -> [UInt8]? {
        let body: [UInt8]? = entries.withLock { entries in
            guard let i = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: i)
            entries.append(entry)  // most recent last
            return entry.body
        }
        (body == nil ? ServiceMetrics.replyCacheMisses : ServiceMetrics.replyCacheHits).increment()
        return body
    }

    func store(_ key: String, _ body: [UInt8]) {
        // Large replies are cheap to recompute relative to their size; keep memory bounded.
        guard body.count <= 1 << 20 else { return }
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(Entry(key: key, body: body))
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
