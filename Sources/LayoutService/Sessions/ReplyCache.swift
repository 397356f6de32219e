import Synchronization

/// Encoded replies of recent rect queries, for every session of this process together,
/// within one byte budget: a client (or a load balancer's worth of clients) asking again for
/// the same visible rect gets the bytes without a query or an encode, and the cache never
/// holds more than `capacityBytes` however many sessions there are (a cache per session
/// made the bound sessions × entries × entry size, some 16 GB with the defaults).
///
/// Entries are kept per session (its `owner`, the session object's identity: no string is
/// built or hashed per lookup) by version and raw query, compared as they are; the least
/// recently used entry of any session goes first. A session's entries go when it changes or
/// goes away.
final class ReplyCache: Sendable {
    private struct Node {
        var owner: ObjectIdentifier
        var version: Int
        var query: String
        var body: [UInt8]
        /// Towards the most recently used, and towards the least.
        var newer = -1
        var older = -1
        var cost: Int { body.count + query.utf8.count + ReplyCache.entryOverhead }
    }

    private struct State {
        /// Each session's entries (node indexes), few enough to scan.
        var owners: [ObjectIdentifier: [Int]] = [:]
        var nodes: [Node?] = []
        var freeSlots: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
    }

    /// Bookkeeping counted per entry besides its bytes (node, list slots).
    static let entryOverhead = 96

    let capacityBytes: Int
    /// One reply may take at most this much (an eighth of the budget, at most 1 MiB): a
    /// large reply is cheap to recompute relative to its size, and must not flush the rest.
    let maxEntryBytes: Int
    private let state = Mutex(State())

    init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
        maxEntryBytes = min(1 << 20, self.capacityBytes / 8)
    }

    func lookup(owner: ObjectIdentifier, version: Int, query: String) -> [UInt8]? {
        let body: [UInt8]? = state.withLock { state in
            guard let i = Self.find(owner, version, query, state) else { return nil }
            Self.unlink(i, &state)
            Self.linkNewest(i, &state)
            return state.nodes[i]!.body
        }
        (body == nil ? ServiceMetrics.replyCacheMisses : ServiceMetrics.replyCacheHits).increment()
        return body
    }

    func store(owner: ObjectIdentifier, version: Int, query: String, _ body: [UInt8]) {
        let node = Node(owner: owner, version: version, query: query, body: body)
        guard node.cost <= maxEntryBytes else { return }
        state.withLock { state in
            if let old = Self.find(owner, version, query, state) { Self.remove(old, &state) }
            while state.bytes + node.cost > capacityBytes, state.oldest >= 0 {
                Self.remove(state.oldest, &state)
            }
            let i: Int
            if let slot = state.freeSlots.popLast() {
                i = slot
                state.nodes[i] = node
            } else {
                i = state.nodes.count
                state.nodes.append(node)
            }
            state.bytes += node.cost
            state.owners[owner, default: []].append(i)
            Self.linkNewest(i, &state)
        }
    }

    /// Drops a session's entries (it changed, or it is gone).
    func removeAll(owner: ObjectIdentifier) {
        state.withLock { state in
            guard let entries = state.owners[owner] else { return }
            for i in entries { Self.remove(i, &state) }
        }
    }

    /// Bytes held now, bookkeeping included (tests and statistics).
    var bytesInUse: Int { state.withLock { $0.bytes } }

    var count: Int { state.withLock { $0.owners.values.reduce(0) { $0 + $1.count } } }

    private static func find(_ owner: ObjectIdentifier, _ version: Int, _ query: String, _ state: State) -> Int? {
        state.owners[owner]?.last { state.nodes[$0]!.version == version && state.nodes[$0]!.query == query }
    }

    private static func remove(_ i: Int, _ state: inout State) {
        unlink(i, &state)
        let node = state.nodes[i]!
        state.bytes -= node.cost
        if var entries = state.owners[node.owner] {
            entries.removeAll { $0 == i }
            state.owners[node.owner] = entries.isEmpty ? nil : entries
        }
        state.nodes[i] = nil
        state.freeSlots.append(i)
    }

    private static func unlink(_ i: Int, _ state: inout State) {
        let newer = state.nodes[i]!.newer, older = state.nodes[i]!.older
        if newer >= 0 { state.nodes[newer]!.older = older } else { state.newest = older }
        if older >= 0 { state.nodes[older]!.newer = newer } else { state.oldest = newer }
        state.nodes[i]!.newer = -1
        state.nodes[i]!.older = -1
    }

    private static func linkNewest(_ i: Int, _ state: inout State) {
        state.nodes[i]!.older = state.newest
        state.nodes[i]!.newer = -1
        if state.newest >= 0 { state.nodes[state.newest]!.newer = i }
        state.newest = i
        if state.oldest < 0 { state.oldest = i }
    }
}
