extension PackedSnapshot {
    /// How far past a mismatch the walk of `alignedMatch` looks on each side for the two
    /// columns to agree again (one item suffices for a lone insert, delete or move).
    static let alignmentLookahead = 4
    /// Identifiers the walk compares at once while the columns agree.
    static let alignmentBlock = 32

    /// `match` for a new column that keeps most of the old one's order, without a table over
    /// every old identifier: nil when `new` repeats an identifier (or when that cannot be ruled
    /// out), for `hashedMatch` to answer with the error; otherwise the same origins.
    ///
    /// 1. A walk over both columns pairs equal identifiers in order: a block of identifiers at
    ///    a time while the bytes and the places they are cut at agree, one at a time past a
    ///    mismatch, looking a few places ahead on each side to agree again. Old identifiers
    ///    are unique, so equal bytes are the answer for that new item. The new items it does
    ///    not pair are left over.
    /// 2. A table over the left-over new identifiers (a repeat among them: nil), and a bitmap
    ///    of a cheap fingerprint of each.
    /// 3. One pass over the old identifiers: one the walk left unpaired is looked up in the
    ///    table (a moved item is found there); one the walk paired is looked up only when its
    ///    fingerprint is in the bitmap, and found there it means a new identifier named twice
    ///    (nil). With nothing left over, there is nothing to look up.
    ///
    /// - Complexity: O(n) for n identifiers: their bytes compared once, a fingerprint per old
    ///   item, the table only for the left-over items and for the few old ones whose
    ///   fingerprint collides. Whatever the fingerprints, never more table lookups than
    ///   `hashedMatch` makes.
    static func alignedMatch(_ new: IdentifierColumn, in old: IdentifierColumn) -> [Int]? {
        let n = old.count, m = new.count
        var leftOver: [Int] = []
        var paired = [Bool](repeating: false, count: n)
        // Every new item's origin is written once: its old position, or -1 for now.
        var origin = [Int](unsafeUninitializedCapacity: m) { origin, initialized in
            paired.withUnsafeMutableBufferPointer { paired in
                walk(old, new, origin: origin, paired: paired, leftOver: &leftOver)
            }
            initialized = m
        }
        guard !leftOver.isEmpty else { return origin }

        var table = IdentifierIndex(capacity: leftOver.count)
        var bits = 64
        while bits < leftOver.count * 32 && bits < 1 << 31 { bits <<= 1 }
        let shift = UInt32(32 - bits.trailingZeroBitCount)
        var bitmap = [UInt64](repeating: 0, count: bits / 64)
        let repeated = new.withPacked { newBytes, newEnds -> Bool in
            bitmap.withUnsafeMutableBufferPointer { bitmap in
                for k in leftOver {
                    let start = k == 0 ? 0 : Int(newEnds[k - 1]), end = Int(newEnds[k])
                    if table.lookup(newBytes, start, end, in: newBytes, ends: newEnds, inserting: k) != nil { return true }
                    let bit = Int(fingerprint(newBytes, start, end) >> shift)
                    bitmap[bit >> 6] |= 1 << UInt64(bit & 63)
                }
                return false
            }
        }
        if repeated { return nil }

        return placeLeftOver(&origin, old: old, new: new, paired: paired, table: &table, bitmap: bitmap, shift: shift)
            ? origin : nil
    }

    /// Step 1 of `alignedMatch`: initialises every element of `origin`, and marks the old
    /// identifiers it pairs.
    @inline(never)
    private static func walk(
        _ old: IdentifierColumn, _ new: IdentifierColumn, origin: UnsafeMutableBufferPointer<Int>,
        paired: UnsafeMutableBufferPointer<Bool>, leftOver: inout [Int]
    ) {
        let n = old.count, m = new.count
        let lookahead = alignmentLookahead, block = alignmentBlock
        old.withPacked { oldBytes, oldEnds in
            new.withPacked { newBytes, newEnds in
                @inline(__always) func equal(_ i: Int, _ j: Int) -> Bool {
                    sameBytes(
                        oldBytes, i == 0 ? 0 : Int(oldEnds[i &- 1]), Int(oldEnds[i]),
                        newBytes, j == 0 ? 0 : Int(newEnds[j &- 1]), Int(newEnds[j]))
                }
                var i = 0, j = 0
                var oldStart = 0, newStart = 0 // where identifiers i and j start
                // Blocks until one does not agree, then one at a time until the mismatch in it
                // has been stepped past.
                var blocks = true
                while i < n && j < m {
                    if blocks && i &+ block <= n && j &+ block <= m {
                        let oldEnd = Int(oldEnds[i &+ block &- 1]), newEnd = Int(newEnds[j &+ block &- 1])
                        if oldEnd &- oldStart == newEnd &- newStart,
                            sameCuts(oldEnds, i, newEnds, j, count: block, shift: UInt32(truncatingIfNeeded: oldStart &- newStart)),
                            sameBytes(oldBytes, oldStart, oldEnd, newBytes, newStart, newEnd)
                        {
                            for k in 0..<block {
                                origin.initializeElement(at: j &+ k, to: i &+ k)
                                paired[i &+ k] = true
                            }
                            i &+= block
                            j &+= block
                            oldStart = oldEnd
                            newStart = newEnd
                            continue
                        }
                        blocks = false
                    }
                    let oldEnd = Int(oldEnds[i]), newEnd = Int(newEnds[j])
                    if sameBytes(oldBytes, oldStart, oldEnd, newBytes, newStart, newEnd) {
                        origin.initializeElement(at: j, to: i)
                        paired[i] = true
                        i &+= 1
                        j &+= 1
                        oldStart = oldEnd
                        newStart = newEnd
                        continue
                    }
                    // Past a mismatch: new items inserted here, old items gone from here, or
                    // (neither found close by) one of each.
                    var skipOld = 1, skipNew = 1
                    for d in 1...lookahead {
                        if j + d < m && equal(i, j + d) {
                            (skipOld, skipNew) = (0, d)
                            break
                        }
                        if i + d < n && equal(i + d, j) {
                            (skipOld, skipNew) = (d, 0)
                            break
                        }
                    }
                    for k in j..<j + skipNew {
                        origin.initializeElement(at: k, to: -1)
                        leftOver.append(k)
                    }
                    i += skipOld
                    j += skipNew
                    oldStart = i == 0 ? 0 : Int(oldEnds[i - 1])
                    newStart = j == 0 ? 0 : Int(newEnds[j - 1])
                    blocks = true
                }
                for k in j..<m {
                    origin.initializeElement(at: k, to: -1)
                    leftOver.append(k)
                }
            }
        }
    }

    /// Step 3 of `alignedMatch`: the left-over new items found among the old identifiers the
    /// walk did not pair (`origin` updated); false when one of them is an identifier the walk
    /// paired (a repeat).
    @inline(never)
    private static func placeLeftOver(
        _ origin: inout [Int], old: IdentifierColumn, new: IdentifierColumn, paired: [Bool],
        table: inout IdentifierIndex, bitmap: [UInt64], shift: UInt32
    ) -> Bool {
        old.withPacked { oldBytes, oldEnds in
            new.withPacked { newBytes, newEnds in
                let candidates = bitmap.withUnsafeBufferPointer { bitmap in
                    paired.withUnsafeBufferPointer { paired in
                        lookupCandidates(oldBytes, oldEnds, paired: paired, bitmap: bitmap, shift: shift)
                    }
                }
                return origin.withUnsafeMutableBufferPointer { origin -> Bool in
                    for i in candidates {
                        let start = i == 0 ? 0 : Int(oldEnds[i - 1]), end = Int(oldEnds[i])
                        if let k = table.lookup(oldBytes, start, end, in: newBytes, ends: newEnds, inserting: nil) {
                            // Paired with one new item and left over as another: a repeat.
                            guard !paired[i] else { return false }
                            origin[k] = i
                        }
                    }
                    return true
                }
            }
        }
    }

    /// The old identifiers step 3 looks up: those the walk left unpaired, and the paired ones
    /// whose fingerprint is in the bitmap. One tight pass over every old identifier, with
    /// nothing else live in it (its own function: kept apart from the lookups, it takes
    /// about half the instructions per identifier).
    @inline(never)
    private static func lookupCandidates(
        _ bytes: UnsafeRawBufferPointer, _ ends: UnsafeBufferPointer<UInt32>,
        paired: UnsafeBufferPointer<Bool>, bitmap: UnsafeBufferPointer<UInt64>,
        shift: UInt32
    ) -> [Int] {
        var candidates: [Int] = []
        var start = 0
        for i in 0..<ends.count {
            let end = Int(ends[i])
            defer { start = end }
            if paired[i] {
                let bit = Int(fingerprint(bytes, start, end) >> shift)
                guard bitmap[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 else { continue }
            }
            candidates.append(i)
        }
        return candidates
    }

    /// Whether identifiers `i..<i + count` of one column end where identifiers
    /// `j..<j + count` of another do, once `shift` (the first's start less the second's,
    /// modulo 2³²) is taken off. Ends are below 2³², so equal modulo 2³² is equal.
    @inline(__always)
    static func sameCuts(
        _ a: UnsafeBufferPointer<UInt32>, _ i: Int, _ b: UnsafeBufferPointer<UInt32>, _ j: Int,
        count: Int, shift: UInt32
    ) -> Bool {
        var differ: UInt32 = 0
        for k in 0..<count { differ |= (a[i &+ k] &- b[j &+ k]) ^ shift }
        return differ == 0
    }

    /// Whether `a[aStart..<aEnd]` and `b[bStart..<bEnd]` hold the same bytes: eight at a time,
    /// the last eight (overlapping the ones before) for the rest; byte by byte only below eight.
    @inline(__always)
    static func sameBytes(
        _ a: UnsafeRawBufferPointer, _ aStart: Int, _ aEnd: Int,
        _ b: UnsafeRawBufferPointer, _ bStart: Int, _ bEnd: Int
    ) -> Bool {
        let n = aEnd &- aStart
        guard n == bEnd &- bStart else { return false }
        guard n >= 8 else { return IdentifierIndex.equal(a, aStart, aEnd, b, bStart, bEnd) }
        var differ: UInt64 = 0
        var k = 0
        while k &+ 8 < n {
            differ |=
                a.loadUnaligned(fromByteOffset: aStart &+ k, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: bStart &+ k, as: UInt64.self)
            k &+= 8
        }
        differ |=
            a.loadUnaligned(fromByteOffset: aEnd &- 8, as: UInt64.self)
            ^ b.loadUnaligned(fromByteOffset: bEnd &- 8, as: UInt64.self)
        return differ == 0
    }

    /// A cheap fingerprint of an identifier's packed bytes (its length and its first and last
    /// eight bytes), for the bitmap of `alignedMatch`: equal identifiers have equal
    /// fingerprints; unequal ones may too, which only costs a table lookup. Two multiplies.
    @inline(__always)
    static func fingerprint(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt32 {
        let length = end &- start
        var w: UInt64
        if length >= 8 {
            w =
                bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
                ^ (bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self) &* 0x9E37_79B9_7F4A_7C15)
        } else {
            w = 0
            for k in start..<end { w = w << 8 | UInt64(bytes[k]) }
        }
        return UInt32(truncatingIfNeeded: ((w ^ UInt64(truncatingIfNeeded: length)) &* 0xC4CE_B9FE_1A85_EC53) &>> 32)
    }
}
