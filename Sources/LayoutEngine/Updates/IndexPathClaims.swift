/// Which request first named each index path (U1 for old index paths, U4 for new ones): an
/// open-addressed table over the path's two numbers. A `Dictionary<IndexPath, Int>` spent
/// most of a large batch's validation hashing (SipHash) and growing; this table hashes with
/// one seeded multiply and is sized once (docs/performance.md#index-path-claims).
///
/// The seed is drawn once per process, as `IdentifierIndex`'s is: index paths come from
/// clients, who cannot aim them at one chain without knowing it.
struct IndexPathClaims {
    /// Slot contents: the claimed path and its claimant; `section` −1 marks an empty slot
    /// (claimed paths are never negative: U1 and U4 check that first).
    private var sections: [Int]
    private var items: [Int]
    private var claimants: [Int]
    private var mask: Int
    private var count = 0

    private static let seed = UInt64.random(in: .min ... .max)

    /// A table for `capacity` claims; it grows past that.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        sections = [Int](repeating: -1, count: size)
        items = [Int](repeating: 0, count: size)
        claimants = [Int](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private static func hash(_ p: IndexPath) -> Int {
        let product = (UInt64(bitPattern: Int64(p.item)) ^ seed)
            .multipliedFullWidth(by: UInt64(bitPattern: Int64(p.section)) ^ 0x9E37_79B9_7F4A_7C15)
        return Int(truncatingIfNeeded: product.high ^ product.low)
    }

    /// Claims `p` for `claimant`, or answers who claimed it first (and then changes nothing).
    mutating func claim(_ p: IndexPath, by claimant: Int) -> Int? {
        precondition(p.section >= 0, "claims are checked non-negative first")
        if (count + 1) * 2 > sections.count { grow() }
        var slot = Self.hash(p) & mask
        while sections[slot] >= 0 {
            if sections[slot] == p.section && items[slot] == p.item { return claimants[slot] }
            slot = (slot &+ 1) & mask
        }
        sections[slot] = p.section
        items[slot] = p.item
        claimants[slot] = claimant
        count += 1
        return nil
    }

    /// Twice the slots, every claim placed again.
    private mutating func grow() {
        let old = (sections, items, claimants)
        self = IndexPathClaims(capacity: sections.count)
        for slot in old.0.indices where old.0[slot] >= 0 {
            _ = claim(IndexPath(old.0[slot], old.1[slot]), by: old.2[slot])
        }
    }
}
