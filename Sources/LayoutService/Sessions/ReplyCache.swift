import Synchronization

/// Encoded replies of recent rect queries, for every session of this process together,
/// within one byte budget: a client (or a load balancer's worth of clients) asking again for
/// the same visible rect gets the bytes without a query or an encode, and the cache never
/// holds more than `capacityBytes` however many sessions there are (a cache per session
/// made the bound sessions × entries × entry size, some 16 GB with the defaults).
///
/// Each session holds a `Slot` that lists its entries, so a lookup scans that short list
/// under the cache's lock, comparing version and raw query as they are (no key is built or
/// hashed per lookup). The least recently used entry of any session goes first; a
/// session's entries go when it changes or goes away.
final class ReplyCache: Sendable {
    /// One session's place in the cache. Its list is only read or written under the
    /// cache's lock, hence unchecked.
    final class Slot: @unchecked Sendable {
        fileprivate var entries: [Int] = []
        init() {}
    }

    /// A kept reply: its body and the headers that went with it (the version's ETag).
    /// Kept together so a hit makes neither again (the entity tag, its array and their
    /// release; docs/performance.md#reply-cache-headers).
    struct Reply {
        let body: [UInt8]
        let headers: [(name: String, value: String)]
    }

    private struct Node {
        var slot: Slot
        var version: Int
        var query: String
        var body: [UInt8]
        var headers: [(name: String, value: String)]
        /// Towards the most recently used, and towards the least.
        var newer = -1
        var older = -1
        var cost: Int { body.count + query.utf8.count + ReplyCache.entryOverhead }
    }

    private struct State {
        var nodes: [Node?] = []
        var freeSlots: [Int] = []
        var newest = -1
        var oldest = -1
        var bytes = 0
        var count = 0
    }

    /// Bookkeeping counted per entry besides its bytes (node, list slot).
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

    func lookup(_ slot: Slot, version: Int, query: String) -> Reply? {
        let reply: Reply? = state.withLock { state in
            guard let i = Self.find(slot, version, query, state) else { return nil }
            if state.newest != i {
                Self.unlink(i, &state)
                Self.linkNewest(i, &state)
            }
            return Reply(body: state.nodes[i]!.body, headers: state.nodes[i]!.headers)
        }
        (reply == nil ? ServiceMetrics.replyCacheMisses : ServiceMetrics.replyCacheHits).increment()
        return reply
    }

    func store(_ slot: Slot, version: Int, query: String, _ body: [UInt8], headers: [(name: String, value: String)] = []) {
        let node = Node(slot: slot, version: version, query: query, body: body, headers: headers)
        guard node.cost <= maxEntryBytes else { return }
        state.withLock { state in
            if let old = Self.find(slot, version, query, state) { Self.remove(old, &state) }
            while state.bytes + node.cost > capacityBytes, state.oldest >= 0 {
                Self.remove(state.oldest, &state)
            }
            let i: Int
            if let free = state.freeSlots.popLast() {
                i = free
                state.nodes[i] = node
            } else {
                i = state.nodes.count
                state.nodes.append(node)
            }
            state.bytes += node.cost
            state.count += 1
            slot.entries.append(i)
            Self.linkNewest(i, &state)
        }
    }

    /// Drops a session's entries (it changed, or it is gone).
    func removeAll(_ slot: Slot) {
        state.withLock { state in
            while let i = slot.entries.last { Self.remove(i, &state) }
        }
    }

    /// Bytes held now, bookkeeping included (tests and statistics).
    var bytesInUse: Int { state.withLock { $0.bytes } }

    var count: Int { state.withLock { $0.count } }

    private static func find(_ slot: Slot, _ version: Int, _ query: String, _ state: State) -> Int? {
        slot.entries.last { state.nodes[$0]!.version == version && state.nodes[$0]!.query == query }
    }

    private static func remove(_ i: Int, _ state: inout State) {
        unlink(i, &state)
        let node = state.nodes[i]!
        state.bytes -= node.cost
        state.count -= 1
        if let k = node.slot.entries.lastIndex(of: i) { node.slot.entries.remove(at: k) }
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
