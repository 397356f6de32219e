import Synchronization

/// Encoded replies of recent queries (rect queries and pictures) for every session of this
/// process together, within one byte budget: a client (or a load balancer's worth of
/// clients) asking again for the same rect gets the bytes without a query or an encode, and
/// the cache never holds more than `capacityBytes` however many sessions there are.
///
/// Built for the workload it must not slow down, a scrolling client that asks for a new rect
/// every time (docs/performance.md#reply-cache-admission):
/// - lookup and store are O(1): a table from key to entry, the key's hash computed once when
///   the handler makes it (`ReplyKey`); no list is scanned and no string compared;
/// - a reply is kept only when its key is asked for a second time while the admission
///   filter still remembers the first (`Doorkeeper`), so a rect asked once costs one probe
///   of the table and one of the filter, never a copy, an eviction or a store;
/// - the least recently used entry of any session goes first; a session's entries go when it
///   changes or goes away (each session's entries are linked, so that costs what it removes).
///
/// `ReplyCacheModelTests` holds lookups, admission and eviction to a plain model.
final class ReplyCache: Sendable {
    /// One session's place in the cache: its serial number, which keys carry, and the head of
    /// its list of entries, only read or written under the cache's lock (hence unchecked).
    final class Slot: @unchecked Sendable {
        let serial = ReplySlotSerial.take()
        fileprivate var newest = -1
        init() {}
    }

    /// A kept reply: its body and the headers that went with it (the version's ETag).
    /// Kept together so a hit makes neither again (the entity tag, its array and their
    /// release; docs/performance.md#reply-cache-headers).
    struct CachedReply {
        let body: [UInt8]
        let headers: [(name: String, value: String)]
    }

    /// A lookup's answer: the kept reply, or a miss that says whether a reply made now would
    /// be kept (`admits`: the key was asked for recently; pass the reply to `store`).
    enum Lookup {
        case hit(CachedReply)
        case miss(admits: Bool)
    }

    private struct Entry {
        let key: ReplyKey
        let slot: Slot
        let body: [UInt8]
        let headers: [(name: String, value: String)]
        let cost: Int
        /// The recency list: towards the most recently used, and towards the least.
        var newer = -1
        var older = -1
        /// The session's list of entries.
        var sessionNext = -1
        var sessionPrevious = -1
    }

    private struct State {
        var entries: [Entry?] = []
        var freeIndexes: [Int] = []
        var table: [ReplyKey: Int] = [:]
        var newest = -1
        var oldest = -1
        var bytes = 0
        var doorkeeper: Doorkeeper
    }

    /// Bookkeeping counted per entry besides its body: the entry, its table slot (key, index
    /// and the table's slack), the body's array header and the headers' array.
    static let entryOverhead = 320

    /// What an entry with a body of `bytes` counts against the budget.
    static func cost(ofBody bytes: Int) -> Int { bytes + entryOverhead }

    let capacityBytes: Int
    /// One reply may take at most this much (an eighth of the budget, at most 1 MiB): a
    /// large reply is cheap to recompute relative to its size, and must not flush the rest.
    let maxEntryBytes: Int
    private let state: Mutex<State>

    /// `admissionSlots`: how many first sightings the admission filter remembers (a power of
    /// two); by default one per 4 KiB of budget, from 1,024 to 65,536 (16,384 for the default
    /// 64 MiB: a 64 KiB table). A bigger table remembers longer but is written at a random
    /// place on every miss: at 65,536 eight-byte slots (512 KiB, this machine's whole L2) the
    /// server spent 2–3 % more CPU per random rect than without a cache, for the same
    /// instructions (docs/performance.md#reply-cache-admission).
    init(capacityBytes: Int, admissionSlots: Int? = nil) {
        self.capacityBytes = max(0, capacityBytes)
        maxEntryBytes = min(1 << 20, self.capacityBytes / 8)
        let slots = admissionSlots ?? min(max(self.capacityBytes >> 12, 1 << 10), 1 << 16)
        state = Mutex(State(doorkeeper: Doorkeeper(slots: slots)))
    }

    func lookup(_ key: ReplyKey) -> Lookup {
        guard capacityBytes > 0 else {
            ServiceMetrics.replyCacheMisses.increment()
            return .miss(admits: false)
        }
        let answer: Lookup = state.withLock { state in
            guard let i = state.table[key] else { return .miss(admits: state.doorkeeper.admits(key.hash)) }
            if state.newest != i {
                Self.unlinkRecency(i, &state)
                Self.linkNewest(i, &state)
            }
            let entry = state.entries[i].unsafelyUnwrapped
            return .hit(CachedReply(body: entry.body, headers: entry.headers))
        }
        if case .hit = answer {
            ServiceMetrics.replyCacheHits.increment()
        } else {
            ServiceMetrics.replyCacheMisses.increment()
        }
        return answer
    }

    /// Keeps a reply that `lookup` admitted, evicting the least recently used entries to make
    /// room; a reply over `maxEntryBytes` is not kept, and an entry already there stays as it
    /// is (another thread made the same reply).
    func store(_ key: ReplyKey, slot: Slot, body: [UInt8], headers: [(name: String, value: String)] = []) {
        precondition(key.session == slot.serial, "a reply stored under another session's slot")
        // Kept at its size: a reply written into room reserved by a guess is copied once here
        // rather than held with its slack for as long as it stays (so its bytes count it
        // within an eighth).
        let kept = body.capacity > body.count + body.count / 8 ? body.withUnsafeBufferPointer { Array($0) } : body
        let cost = Self.cost(ofBody: kept.count)
        guard cost <= maxEntryBytes else { return }
        state.withLock { state in
            guard state.table[key] == nil else { return }
            while state.bytes + cost > capacityBytes, state.oldest >= 0 { Self.remove(state.oldest, &state) }
            let entry = Entry(key: key, slot: slot, body: kept, headers: headers, cost: cost)
            let i: Int
            if let free = state.freeIndexes.popLast() {
                i = free
                state.entries[i] = entry
            } else {
                i = state.entries.count
                state.entries.append(entry)
            }
            state.table[key] = i
            state.bytes += cost
            Self.linkNewest(i, &state)
            if slot.newest >= 0 { state.entries[slot.newest]!.sessionPrevious = i }
            state.entries[i]!.sessionNext = slot.newest
            slot.newest = i
        }
    }

    /// Undoes a first sighting that `lookup` recorded for `key` (its `.miss(admits: false)`),
    /// for a query that is asked again elsewhere before it is answered (moved to a worker).
    func forgetSighting(_ key: ReplyKey) {
        guard capacityBytes > 0 else { return }
        state.withLock { $0.doorkeeper.forget(key.hash) }
    }

    /// Drops a session's entries (it changed, or it is gone).
    func removeAll(_ slot: Slot) {
        state.withLock { state in
            while slot.newest >= 0 { Self.remove(slot.newest, &state) }
        }
    }

    /// Bytes held now, bookkeeping included (tests and statistics).
    var bytesInUse: Int { state.withLock { $0.bytes } }

    var count: Int { state.withLock { $0.table.count } }

    /// The keys held, most recently used first (tests).
    var keysByRecency: [ReplyKey] {
        state.withLock { state in
            var keys: [ReplyKey] = []
            var i = state.newest
            while i >= 0 {
                keys.append(state.entries[i]!.key)
                i = state.entries[i]!.older
            }
            return keys
        }
    }

    private static func remove(_ i: Int, _ state: inout State) {
        unlinkRecency(i, &state)
        let entry = state.entries[i].unsafelyUnwrapped
        if entry.sessionPrevious >= 0 {
            state.entries[entry.sessionPrevious]!.sessionNext = entry.sessionNext
        } else {
            entry.slot.newest = entry.sessionNext
        }
        if entry.sessionNext >= 0 { state.entries[entry.sessionNext]!.sessionPrevious = entry.sessionPrevious }
        state.table[entry.key] = nil
        state.bytes -= entry.cost
        state.entries[i] = nil
        state.freeIndexes.append(i)
    }

    private static func unlinkRecency(_ i: Int, _ state: inout State) {
        let newer = state.entries[i]!.newer, older = state.entries[i]!.older
        if newer >= 0 { state.entries[newer]!.older = older } else { state.newest = older }
        if older >= 0 { state.entries[older]!.newer = newer } else { state.oldest = newer }
        state.entries[i]!.newer = -1
        state.entries[i]!.older = -1
    }

    private static func linkNewest(_ i: Int, _ state: inout State) {
        state.entries[i]!.older = state.newest
        state.entries[i]!.newer = -1
        if state.newest >= 0 { state.entries[state.newest]!.newer = i }
        state.newest = i
        if state.oldest < 0 { state.oldest = i }
    }
}

/// The reply cache's admission filter: a mark of each key that missed recently, one per
/// slot of a direct-mapped table. A key is admitted when its slot still holds its mark, that
/// is when it is asked for a second time before another missed key took the slot; the first
/// sighting only writes the slot. A second sighting within the last `slots` misses or so is
/// remembered (about half a second of a saturated server's random rects at the default size,
/// where the cache this replaced kept an entry about 0.2 s under the same load); one-off rects
/// never enter the cache and never push a kept entry out.
struct Doorkeeper {
    /// 32 bits of the key's hash, other bits than the slot's index, with the lowest set so that
    /// an empty slot (0) never matches.
    private var marks: [UInt32]
    private let mask: Int

    /// `slots`: a power of two.
    init(slots: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "admission slots must be a power of two")
        marks = [UInt32](repeating: 0, count: slots)
        mask = slots - 1
    }

    @inline(__always)
    static func mark(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash &>> 32) | 1 }

    /// Whether `hash`'s mark was left since its slot last changed hands; leaves it when not.
    mutating func admits(_ hash: UInt64) -> Bool {
        let i = Int(truncatingIfNeeded: hash) & mask, mark = Self.mark(hash)
        if marks[i] == mark { return true }
        marks[i] = mark
        return false
    }

    /// Empties `hash`'s slot if it holds `hash`'s mark.
    mutating func forget(_ hash: UInt64) {
        let i = Int(truncatingIfNeeded: hash) & mask
        if marks[i] == Self.mark(hash) { marks[i] = 0 }
    }
}
