import Dispatch
import LayoutEngine
import SeededRandom
import Synchronization
import Testing
@testable import LayoutService

/// The reply cache (`ReplyCache`) against a plain model of what it promises: entries in a
/// list by recency, found by scanning it; the admission filter as an array of the mark
/// (32 bits of the hash) last seen in each slot; eviction from the least recent end until the new entry fits. Every
/// answer, the entries and their order, and the bytes held must agree after every operation.
@Suite("Reply cache")
struct ReplyCacheTests {
    private struct Model {
        let capacity: Int
        let maxEntry: Int
        var entries: [(key: ReplyKey, body: [UInt8])] = [] // most recent first
        var seen: [UInt32]

        init(capacity: Int, admissionSlots: Int) {
            self.capacity = capacity
            maxEntry = min(1 << 20, capacity / 8)
            seen = [UInt32](repeating: 0, count: admissionSlots)
        }

        var bytes: Int { entries.reduce(0) { $0 + ReplyCache.cost(ofBody: $1.body.count) } }

        /// A hit's body, or a miss and whether the key is admitted.
        mutating func lookup(_ key: ReplyKey) -> (hit: [UInt8]?, admits: Bool) {
            guard capacity > 0 else { return (nil, false) }
            if let i = entries.firstIndex(where: { $0.key == key }) {
                let entry = entries.remove(at: i)
                entries.insert(entry, at: 0)
                return (entry.body, false)
            }
            let slot = Int(truncatingIfNeeded: key.hash) & (seen.count - 1)
            let mark = UInt32(truncatingIfNeeded: key.hash >> 32) | 1
            if seen[slot] == mark { return (nil, true) }
            seen[slot] = mark
            return (nil, false)
        }

        mutating func store(_ key: ReplyKey, _ body: [UInt8]) {
            let cost = ReplyCache.cost(ofBody: body.count)
            guard cost <= maxEntry, !entries.contains(where: { $0.key == key }) else { return }
            while bytes + cost > capacity, !entries.isEmpty { entries.removeLast() }
            entries.insert((key, body), at: 0)
        }

        mutating func forget(_ key: ReplyKey) {
            let slot = Int(truncatingIfNeeded: key.hash) & (seen.count - 1)
            if seen[slot] == UInt32(truncatingIfNeeded: key.hash >> 32) | 1 { seen[slot] = 0 }
        }

        mutating func removeAll(session: UInt64) {
            entries.removeAll { $0.key.session == session }
        }
    }

    private static func key(_ slot: ReplyCache.Slot, version: Int, y: Int, picture: Bool = false) -> ReplyKey {
        let rect = Rect(x: 0, y: Double(y), width: 390, height: 844)
        let query: ReplyQuery =
            picture
            ? .picture(rect: rect, progress: nil, labels: true, scale: 1, dark: false)
            : .elements(rect: rect, progress: nil)
        return ReplyKey(session: slot.serial, version: version, query: query)
    }

    /// Random lookups, stores of what was admitted, forgotten sightings and removals over a
    /// small set of keys (so that keys come back, collide in the filter, and entries are
    /// evicted), in a cache of a few kilobytes with eight admission slots.
    @Test(arguments: [0, 1, 2, 3])
    func theCacheAnswersAsThePlainModel(seed: UInt64) {
        let capacity = 6_000, slots = 8
        let cache = ReplyCache(capacityBytes: capacity, admissionSlots: slots)
        var model = Model(capacity: capacity, admissionSlots: slots)
        var g = XorShiftStar(state: 0x5EED_0000 + seed)
        let sessions = (0..<3).map { _ in ReplyCache.Slot() }
        for step in 0..<20_000 {
            let slot = sessions[Int(g.next() % 3)]
            let key = Self.key(slot, version: Int(g.next() % 2), y: Int(g.next() % 12), picture: g.next() % 5 == 0)
            switch g.next() % 100 {
            case 0..<2:
                cache.removeAll(slot)
                model.removeAll(session: slot.serial)
            case 2..<5:
                cache.forgetSighting(key)
                model.forget(key)
            default:
                let expected = model.lookup(key)
                switch cache.lookup(key) {
                case .hit(let reply):
                    #expect(expected.hit == reply.body, "step \(step): a hit the model misses")
                case .miss(let admits):
                    #expect(expected.hit == nil, "step \(step): a miss the model hits")
                    #expect(expected.admits == admits, "step \(step): admission differs")
                    if admits {
                        // Bodies of 50 to 800 bytes: some over the largest entry (750).
                        let body = [UInt8](repeating: UInt8(step & 0x7F), count: 50 + Int(g.next() % 751))
                        cache.store(key, slot: slot, body: body, headers: [("ETag", "\"\(key.version)\"")])
                        model.store(key, body)
                    }
                }
            }
            #expect(cache.keysByRecency == model.entries.map(\.key), "step \(step)")
            #expect(cache.bytesInUse == model.bytes && cache.bytesInUse <= capacity, "step \(step)")
            if cache.keysByRecency != model.entries.map(\.key) { return }
        }
    }

    /// Four threads at once looking up, storing, forgetting and removing over a small set of
    /// keys (so that keys come back, collide in the admission filter and are evicted): every
    /// hit is the body stored for its key, and afterwards every key held answers with its own
    /// body and the budget holds.
    @Test func threadsAtOnceGetTheirOwnReplies() {
        let capacity = 20_000
        let cache = ReplyCache(capacityBytes: capacity, admissionSlots: 64)
        let sessions = (0..<4).map { _ in ReplyCache.Slot() }
        let wrongHits = Atomic<Int>(0), hits = Atomic<Int>(0), stores = Atomic<Int>(0)
        @Sendable func body(_ key: ReplyKey) -> [UInt8] {
            [UInt8](repeating: UInt8(truncatingIfNeeded: key.hash), count: 50 + Int(key.hash % 700))
        }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var g = XorShiftStar(state: 0xC0C0_0000 + UInt64(thread))
            for _ in 0..<50_000 {
                let slot = sessions[Int(g.next() % 4)]
                let key = Self.key(slot, version: Int(g.next() % 2), y: Int(g.next() % 40))
                switch g.next() % 1000 {
                case 0..<3: cache.removeAll(slot)
                case 3..<30: cache.forgetSighting(key)
                default:
                    switch cache.lookup(key) {
                    case .hit(let reply):
                        hits.add(1, ordering: .relaxed)
                        if reply.body != body(key) { wrongHits.add(1, ordering: .relaxed) }
                    case .miss(let admits):
                        if admits {
                            stores.add(1, ordering: .relaxed)
                            cache.store(key, slot: slot, body: body(key))
                        }
                    }
                }
            }
        }
        #expect(wrongHits.load(ordering: .relaxed) == 0)
        #expect(hits.load(ordering: .relaxed) > 1_000, "the keys came back too seldom to test hits")
        #expect(stores.load(ordering: .relaxed) > 1_000, "too few replies were admitted to test eviction")
        #expect(cache.bytesInUse <= capacity)
        for key in cache.keysByRecency {
            guard case .hit(let reply) = cache.lookup(key) else { return #expect(Bool(false), "a held key missed") }
            #expect(reply.body == body(key))
        }
    }

    /// A rect asked once is never kept; asked twice it is kept; the third time it is a hit.
    @Test func aReplyIsKeptOnItsSecondRequest() {
        let cache = ReplyCache(capacityBytes: 1 << 20)
        let slot = ReplyCache.Slot()
        let key = Self.key(slot, version: 1, y: 100)
        guard case .miss(admits: false) = cache.lookup(key) else { return #expect(Bool(false), "first sighting admitted") }
        #expect(cache.count == 0)
        guard case .miss(admits: true) = cache.lookup(key) else { return #expect(Bool(false), "second sighting refused") }
        cache.store(key, slot: slot, body: [1, 2, 3])
        guard case .hit(let reply) = cache.lookup(key) else { return #expect(Bool(false), "third request missed") }
        #expect(reply.body == [1, 2, 3])
        // Another version, another session, another rect: other keys.
        for other in [Self.key(slot, version: 2, y: 100), Self.key(ReplyCache.Slot(), version: 1, y: 100), Self.key(slot, version: 1, y: 101)] {
            guard case .miss(admits: false) = cache.lookup(other) else { return #expect(Bool(false), "\(other) shared an entry") }
        }
    }

    /// A sighting forgotten (the query moved to a worker, which asks again) does not count.
    @Test func aForgottenSightingDoesNotCount() {
        let cache = ReplyCache(capacityBytes: 1 << 20)
        let key = Self.key(ReplyCache.Slot(), version: 1, y: 7)
        _ = cache.lookup(key)
        cache.forgetSighting(key)
        guard case .miss(admits: false) = cache.lookup(key) else { return #expect(Bool(false), "a forgotten sighting counted") }
        guard case .miss(admits: true) = cache.lookup(key) else { return #expect(Bool(false), "the second sighting was refused") }
    }

    /// Without a budget nothing is admitted or kept.
    @Test func aCacheWithoutBytesKeepsNothing() {
        let cache = ReplyCache(capacityBytes: 0)
        let slot = ReplyCache.Slot()
        let key = Self.key(slot, version: 1, y: 0)
        for _ in 0..<3 {
            guard case .miss(admits: false) = cache.lookup(key) else { return #expect(Bool(false), "admitted without a budget") }
        }
        cache.store(key, slot: slot, body: [1])
        #expect(cache.count == 0 && cache.bytesInUse == 0)
    }

    /// A reply kept with slack in its buffer is kept at its size.
    @Test func aReplyIsKeptAtItsSize() {
        let cache = ReplyCache(capacityBytes: 1 << 20)
        let slot = ReplyCache.Slot()
        let key = Self.key(slot, version: 1, y: 0)
        var body = [UInt8](repeating: 7, count: 100)
        body.reserveCapacity(10_000)
        cache.store(key, slot: slot, body: body)
        guard case .hit(let reply) = cache.lookup(key) else { return #expect(Bool(false), "not kept") }
        #expect(reply.body == body && reply.body.capacity < 200)
        #expect(cache.bytesInUse == ReplyCache.cost(ofBody: 100))
    }

    /// Equal normalised queries are one key: numbers as the values they parse to, −0 as 0.
    @Test func keysAreNormalisedQueries() throws {
        let slot = ReplyCache.Slot()
        func key(_ query: String) throws -> ReplyKey {
            let q = try RectQuery(query)
            return ReplyKey(session: slot.serial, version: 3, query: try #require(q.replyQuery))
        }
        #expect(try key("rect=0,0,390,844") == key("rect=0.0,0,390.00,844"))
        #expect(try key("rect=-0,0,390,844") == key("rect=0,0,390,844"))
        #expect(try key("rect=0,0,390,844&progress=0.5") == key("progress=0.50&rect=0,0,390,844"))
        #expect(try key("rect=0,0,390,844") != key("rect=0,1,390,844"))
        #expect(try key("rect=0,0,390,844") != key(""))
        #expect(try key("rect=0,0,390,844") != key("rect=0,0,390,844&progress=0"))
        // A progress that is not a number is never cached (its answer is an error).
        #expect(try RectQuery("rect=0,0,1,1&progress=abc").replyQuery == nil)
    }
}
