/// An open-addressed hash table from packed identifiers (`IdentifierColumn`) to their
/// positions. It hashes the packed bytes in place, so finding a million identifiers makes no
/// `String` and no `SnapshotIdentifier`: a Swift `Dictionary<SnapshotIdentifier, Int>` costs
/// several times more per identifier (docs/performance.md, "identifier index").
///
/// Slots hold a position + 1 (0: empty) in the low 32 bits and the hash's high bits above,
/// so most probes that miss are told apart without reading the identifiers. The table is at
/// most half full. The hash is seeded once per process, so identifiers a client chooses cannot
/// be aimed at one chain from outside.
struct IdentifierIndex {
    private var slots: [UInt64]
    private var mask: Int
    private var count = 0

    /// A table for `capacity` entries; it grows past that.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// Twice the slots, every entry placed again (its hash computed from its bytes).
    private mutating func grow(_ column: UnsafeRawBufferPointer, _ ends: UnsafeBufferPointer<UInt32>) {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for s in old where s != 0 {
            let p = Int(s & 0xFFFF_FFFF) - 1
            let h = Self.hash(column, p == 0 ? 0 : Int(ends[p - 1]), Int(ends[p]))
            var slot = Int(truncatingIfNeeded: h) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = s
        }
    }

    private static let seed = UInt64.random(in: .min ... .max)

    /// A hash of `bytes[start..<end]` (folded 64×64→128-bit multiplies, 8 bytes a step).
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt64 {
        var h = seed ^ (UInt64(end - start) &* 0x9E37_79B9_7F4A_7C15)
        var i = start
        while i + 8 <= end {
            h = fold(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < end {
            var w: UInt64 = 0, shift: UInt64 = 0
            while i < end {
                w |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = fold(h ^ w)
        }
        return fold(h ^ 0xA076_1D64_78BD_642F)
    }

    @inline(__always)
    private static func fold(_ x: UInt64) -> UInt64 {
        let m = x.multipliedFullWidth(by: 0xE703_7ED1_A0B4_28DB)
        return m.high ^ m.low
    }

    /// Whether `a[aStart..<aEnd]` and `b[bStart..<bEnd]` hold the same bytes.
    @inline(__always)
    static func equal(
        _ a: UnsafeRawBufferPointer, _ aStart: Int, _ aEnd: Int,
        _ b: UnsafeRawBufferPointer, _ bStart: Int, _ bEnd: Int
    ) -> Bool {
        let n = aEnd - aStart
        guard n == bEnd - bStart else { return false }
        var k = 0
        while k + 8 <= n {
            guard
                a.loadUnaligned(fromByteOffset: aStart + k, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: bStart + k, as: UInt64.self)
            else { return false }
            k += 8
        }
        while k < n {
            guard a[aStart + k] == b[bStart + k] else { return false }
            k += 1
        }
        return true
    }

    /// Finds the identifier `key[start..<end]` among the entries of `column`, or inserts it
    /// as `position` when absent (`insert`). Returns the position found, or nil.
    @inline(__always)
    mutating func lookup(
        _ key: UnsafeRawBufferPointer, _ start: Int, _ end: Int,
        in column: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<UInt32>,
        inserting position: Int?
    ) -> Int? {
        let h = Self.hash(key, start, end)
        let tag = h & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let s = slots[slot]
            if s == 0 {
                if let position {
                    slots[slot] = tag | UInt64(position + 1)
                    count += 1
                    // At most half full, so a probe ends soon and always ends.
                    if count * 2 > slots.count { grow(column, ends) }
                }
                return nil
            }
            if s & 0xFFFF_FFFF_0000_0000 == tag {
                let p = Int(s & 0xFFFF_FFFF) - 1
                let pStart = p == 0 ? 0 : Int(ends[p - 1])
                if Self.equal(column, pStart, Int(ends[p]), key, start, end) { return p }
            }
            slot = (slot + 1) & mask
        }
    }
}

extension IdentifierColumn {
    /// Runs `body` with this column's bytes and ends, for the index's loops.
    @inline(__always)
    func withPacked<R>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { b in try ends.withUnsafeBufferPointer { e in try body(b, e) } }
    }
}
