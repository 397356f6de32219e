import Synchronization

/// The last few encoded replies of a session, keyed by the request that produced them and
/// the session version. A client (or a load balancer's health of many clients) asking again
/// for the same visible rect gets the bytes without a query or an encode.
final class ReplyCache: Sendable {
    /// Keyed by version and raw query, compared as they are: building one key string per
    /// lookup cost more than the lookup.
    private struct Entry {
        var version: Int
        var query: String
        var body: [UInt8]
    }

    private let capacity: Int
    private let entries = Mutex<[Entry]>([])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lookup(version: Int, query: String) -> [UInt8]? {
        let body: [UInt8]? = entries.withLock { entries in
            guard let i = entries.lastIndex(where: { $0.version == version && $0.query == query }) else { return nil }
            if i != entries.count - 1 { entries.append(entries.remove(at: i)) }  // most recent last
            return entries[entries.count - 1].body
        }
        (body == nil ? ServiceMetrics.replyCacheMisses : ServiceMetrics.replyCacheHits).increment()
        return body
    }

    func store(version: Int, query: String, _ body: [UInt8]) {
        // Large replies are cheap to recompute relative to their size; keep memory bounded.
        guard body.count <= 1 << 20 else { return }
        entries.withLock { entries in
            entries.removeAll { $0.version == version && $0.query == query }
            if entries.count >= capacity { entries.removeFirst() }
            entries.append(Entry(version: version, query: query, body: body))
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
