#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    ///    not pair are left over, and the old ones it steps past unpaired; both are copied
    ///    into columns of their own. It takes every new identifier's fingerprint on the way.
    /// 2. A table over the left-over new identifiers (a repeat among them: nil), and a bitmap
    ///    of a cheap fingerprint of each.
    /// 3. One pass over the walk's fingerprints: a new identifier the walk paired whose
    ///    fingerprint is in the bitmap is looked up in the table, and found there it is a new
    ///    identifier named twice (nil). A paired new identifier equals its old one, so this
    ///    also finds a left-over item that repeats an old identifier the walk paired.
    /// 4. The old identifiers the walk stepped past are looked up in the table: a moved item
    ///    is found there.
    ///
    /// - Complexity: O(n) for n identifiers: their bytes compared once, a fingerprint per new
    ///   item, the table only for the left-over items, the unpaired old ones and the few new
    ///   ones whose fingerprint collides. Whatever the fingerprints, never more table lookups
    ///   than `hashedMatch` makes.
    static func alignedMatch(_ new: IdentifierColumn, in old: IdentifierColumn) -> [Int]? {
        let m = new.count
        var leftOver = WalkRemainder(), unpaired = WalkRemainder()
        // Every new item's origin is written once: its old position, or -1 for now.
        // And its fingerprint, taken by the walk while its bytes are in cache, so that step 3
        // reads 4 bytes an item instead of the column (docs/performance.md#new-side-fingerprints).
        var fingerprints: [UInt32] = []
        var origin = [Int](unsafeUninitializedCapacity: m) { origin, initialized in
            fingerprints = [UInt32](unsafeUninitializedCapacity: m) { fingerprints, taken in
                walk(old, new, origin: origin, fingerprints: fingerprints, leftOver: &leftOver, unpaired: &unpaired)
                taken = m
            }
            initialized = m
        }
        guard !leftOver.positions.isEmpty else { return origin }

        // The table and the bitmap are built over the left-over identifiers' own column, and
        // the old ones stepped past are looked up from theirs: gathered by the walk while
        // their bytes were in cache, they are not read again at random places of columns of
        // tens of megabytes (docs/performance.md#walk-remainder).
        var table = IdentifierIndex(capacity: leftOver.positions.count)
        // 128 bits or more per left-over item: under 1 % of the other items are looked up
        // for nothing (each lookup a cache miss or two), for a bitmap of 1 bit an item at 1 %
        // apart (docs/performance.md#new-side-fingerprints).
        var bits = 64
        while bits < leftOver.positions.count * 128 && bits < 1 << 31 { bits <<= 1 }
        let shift = UInt32(32 - bits.trailingZeroBitCount)
        var bitmap = [UInt64](repeating: 0, count: bits / 64)
        let repeated = leftOver.ids.withPacked { leftBytes, leftEnds -> Bool in
            let leftOverRepeats = bitmap.withUnsafeMutableBufferPointer { bitmap -> Bool in
                for k in 0..<leftEnds.count {
                    let start = k == 0 ? 0 : Int(leftEnds[k - 1]), end = Int(leftEnds[k])
                    if table.lookup(leftBytes, start, end, in: leftBytes, ends: leftEnds, inserting: k) != nil { return true }
                    let bit = Int(IdentifierFingerprint.of(leftBytes, start, end) >> shift)
                    bitmap[bit >> 6] |= 1 << UInt64(bit & 63)
                }
                return false
            }
            if leftOverRepeats { return true }
            return new.withPacked { newBytes, newEnds -> Bool in
                let candidates = bitmap.withUnsafeBufferPointer { bitmap in
                    fingerprints.withUnsafeBufferPointer { fingerprintHits($0, bitmap: bitmap, shift: shift) }
                }
                for j in candidates where origin[j] >= 0 {
                    let start = j == 0 ? 0 : Int(newEnds[j - 1]), end = Int(newEnds[j])
                    // Paired with an old identifier and equal to a left-over one: a repeat.
                    if table.lookup(newBytes, start, end, in: leftBytes, ends: leftEnds, inserting: nil) != nil { return true }
                }
                return false
            }
        }
        if repeated { return nil }

        // Moved items: left over on the new side, stepped past on the old.
        unpaired.ids.withPacked { pastBytes, pastEnds in
            leftOver.ids.withPacked { leftBytes, leftEnds in
                for u in 0..<pastEnds.count {
                    let start = u == 0 ? 0 : Int(pastEnds[u - 1]), end = Int(pastEnds[u])
                    if let k = table.lookup(pastBytes, start, end, in: leftBytes, ends: leftEnds, inserting: nil) {
                        origin[leftOver.positions[k]] = unpaired.positions[u]
                    }
                }
            }
        }
        return origin
    }

    /// Step 1 of `alignedMatch`: initialises every element of `origin` and of `fingerprints`;
    /// the new items it leaves over and the old ones it steps past, each in order.
    @inline(never)
    private static func walk(
        _ old: IdentifierColumn, _ new: IdentifierColumn, origin: UnsafeMutableBufferPointer<Int>,
        fingerprints: UnsafeMutableBufferPointer<UInt32>, leftOver: inout WalkRemainder, unpaired: inout WalkRemainder
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
                /// Pairs new identifiers `j..<j + count`, starting at byte `start`, with old
                /// ones from `i` on, and takes their fingerprints.
                @inline(__always) func pair(_ i: Int, _ j: Int, count: Int, start: Int) {
                    var start = start
                    for k in 0..<count {
                        let end = Int(newEnds[j &+ k])
                        origin.initializeElement(at: j &+ k, to: i &+ k)
                        fingerprints.initializeElement(at: j &+ k, to: IdentifierFingerprint.of(newBytes, start, end))
                        start = end
                    }
                }
                @inline(__always) func leaveOver(_ j: Int) {
                    let start = j == 0 ? 0 : Int(newEnds[j &- 1])
                    origin.initializeElement(at: j, to: -1)
                    fingerprints.initializeElement(at: j, to: IdentifierFingerprint.of(newBytes, start, Int(newEnds[j])))
                    leftOver.add(j, of: new)
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
                            sameSpan(oldBytes, oldStart, newBytes, newStart, count: oldEnd &- oldStart)
                        {
                            pair(i, j, count: block, start: newStart)
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
                        pair(i, j, count: 1, start: newStart)
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
                    for k in j..<j + skipNew { leaveOver(k) }
                    for k in i..<i + skipOld { unpaired.add(k, of: old) }
                    i += skipOld
                    j += skipNew
                    oldStart = i == 0 ? 0 : Int(oldEnds[i - 1])
                    newStart = j == 0 ? 0 : Int(newEnds[j - 1])
                    blocks = true
                }
                for k in j..<m { leaveOver(k) }
                for k in i..<n { unpaired.add(k, of: old) }
            }
        }
    }

    /// Step 3 of `alignedMatch`: the new identifiers whose fingerprint is in the bitmap. One
    /// tight pass over the walk's fingerprints, with nothing else live in it (its own function:
    /// kept apart from the lookups, it takes about half the instructions per identifier).
    @inline(never)
    private static func fingerprintHits(
        _ fingerprints: UnsafeBufferPointer<UInt32>, bitmap: UnsafeBufferPointer<UInt64>, shift: UInt32
    ) -> [Int] {
        var hits: [Int] = []
        for j in 0..<fingerprints.count {
            let bit = Int(fingerprints[j] &>> shift)
            if bitmap[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 { hits.append(j) }
        }
        return hits
    }

    /// Whether identifiers `i..<i + count` of one column end where identifiers
    /// `j..<j + count` of another do, once `shift` (the first's start less the second's,
    /// modulo 2³²) is taken off. Ends are below 2³², so equal modulo 2³² is equal.
    @inline(__always)
    static func sameCuts(
        _ a: UnsafeBufferPointer<UInt32>, _ i: Int, _ b: UnsafeBufferPointer<UInt32>, _ j: Int,
        count: Int, shift: UInt32
    ) -> Bool {
        // Four ends a step in one vector (docs/performance.md#aligned-walk-vectors).
        let x = UnsafeRawPointer(a.baseAddress! + i), y = UnsafeRawPointer(b.baseAddress! + j)
        let shifts = SIMD4<UInt32>(repeating: shift)
        var differ = SIMD4<UInt32>()
        var k = 0
        while k &+ 4 <= count {
            differ |=
                (x.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt32>.self)
                    &- y.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt32>.self)) ^ shifts
            k &+= 4
        }
        var rest: UInt32 = 0
        while k < count {
            rest |= (a[i &+ k] &- b[j &+ k]) ^ shift
            k &+= 1
        }
        return differ == SIMD4() && rest == 0
    }

    /// Whether `count` bytes from `aStart` and from `bStart` are the same: a block of the
    /// walk, some hundreds of bytes, through the C library's vector comparison
    /// (docs/performance.md#aligned-walk-vectors).
    @inline(__always)
    static func sameSpan(_ a: UnsafeRawBufferPointer, _ aStart: Int, _ b: UnsafeRawBufferPointer, _ bStart: Int, count: Int) -> Bool {
        precondition(aStart >= 0 && bStart >= 0 && aStart + count <= a.count && bStart + count <= b.count)
        return memcmp(a.baseAddress! + aStart, b.baseAddress! + bStart, count) == 0
    }

    /// Whether `a[aStart..<aEnd]` and `b[bStart..<bEnd]` hold the same bytes: sixteen at a
    /// time in one vector, the last sixteen (overlapping the ones before) for the rest; eight
    /// at a time below sixteen, byte by byte only below eight.
    @inline(__always)
    static func sameBytes(
        _ a: UnsafeRawBufferPointer, _ aStart: Int, _ aEnd: Int,
        _ b: UnsafeRawBufferPointer, _ bStart: Int, _ bEnd: Int
    ) -> Bool {
        let n = aEnd &- aStart
        guard n == bEnd &- bStart else { return false }
        guard n >= 16 else {
            guard n >= 8 else { return IdentifierIndex.equal(a, aStart, aEnd, b, bStart, bEnd) }
            let differ =
                (a.loadUnaligned(fromByteOffset: aStart, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: bStart, as: UInt64.self))
                | (a.loadUnaligned(fromByteOffset: aEnd &- 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: bEnd &- 8, as: UInt64.self))
            return differ == 0
        }
        // docs/performance.md#aligned-walk-vectors
        var differ = SIMD2<UInt64>()
        var k = 0
        while k &+ 16 < n {
            differ |=
                a.loadUnaligned(fromByteOffset: aStart &+ k, as: SIMD2<UInt64>.self)
                ^ b.loadUnaligned(fromByteOffset: bStart &+ k, as: SIMD2<UInt64>.self)
            k &+= 16
        }
        differ |=
            a.loadUnaligned(fromByteOffset: aEnd &- 16, as: SIMD2<UInt64>.self)
            ^ b.loadUnaligned(fromByteOffset: bEnd &- 16, as: SIMD2<UInt64>.self)
        return differ == SIMD2()
    }
}

/// The identifiers of one column that the walk of `alignedMatch` leaves to the table: their
/// positions, and a column of their own bytes, copied while the walk has them in cache.
struct WalkRemainder {
    var positions: [Int] = []
    var ids = IdentifierColumn()

    @inline(__always)
    mutating func add(_ position: Int, of column: IdentifierColumn) {
        positions.append(position)
        ids.append(from: column, at: position)
    }
}
