/// The one way Tessera writes bytes into memory it has not yet initialised: a cursor over
/// exactly `capacity` bytes that were reserved for it (`OutputBuffer.withReserved`,
/// `OutputBuffer.withTemporary`, `OutputBuffer.string`). Every store checks that it stays
/// inside the reservation, and what was written (`count`, never more than `capacity`) is what
/// the reservation publishes when it ends. docs/memory-safety.md says why and what uses it.
///
/// The check: each method checks the whole extent it is about to touch once (a number's
/// digits, a fragment, an eight-byte store ahead of the position) and then writes without a
/// check per byte. In debug builds (and so in every test run) a write past the reservation
/// is a `precondition` failure: the process traps before the store. In release builds the
/// per-store check is an `assert` (compiled out); the reservation itself is still checked
/// there: it is sized by the buffer, never by hand, and a writer that ends past it traps
/// (`OutputBuffer.withReserved`, `withUnsafeUninitializedBytes`).
///
/// Noncopyable: a writer cannot be copied out of the closure it is lent to and used after
/// its reservation has ended (or after the buffer behind it has grown and moved).
///
/// `@usableFromInline` (here, on `OutputBuffer` and on `DecimalDigits`): without it the
/// `@inlinable` members of a `package` type are not inlined into other modules, and every
/// store was a call (docs/performance.md#inlinable-writer).
@usableFromInline package struct OutputWriter: ~Copyable {
    /// The reservation's first byte and the write position (a pointer, as the hand-written
    /// cursors kept it: one add per store), and the end of the reservation.
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>

    /// Over `capacity` uninitialised bytes at `start`: only `OutputBuffer` makes writers, over
    /// memory whose size it knows.
    @inlinable
    init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        precondition(capacity >= 0, "a negative reservation")
        self.start = start
        position = start
        end = start + capacity
    }

    /// The bytes reserved: every store must end at or before this.
    @inlinable package var capacity: Int { end - start }

    /// The bytes written so far, from the reservation's start (what it publishes when it ends).
    @inlinable package var count: Int { position - start }

    /// The bytes of the reservation not written yet.
    @inlinable package var remaining: Int { end - position }

    /// Traps unless `byteCount` bytes from `offset` bytes past the write position lie inside
    /// the reservation: the check every store goes through. A `precondition` in debug builds
    /// (every test run); an `assert`, compiled out, in release builds, where the reservation
    /// is checked instead (`OutputBuffer.withReserved`) and the stores inside it are not: kept
    /// on, these checks made the big-reply encoder measurably slower
    /// (docs/performance.md#release-store-checks, docs/memory-safety.md).
    @inlinable @inline(__always)
    func checkRoom(_ byteCount: Int, at offset: Int = 0) {
        // Unsigned comparisons: a negative offset or count wraps to a huge value and fails.
        let room = end - position // never negative
        #if DEBUG
            precondition(
                UInt(bitPattern: offset) <= UInt(bitPattern: room)
                    && UInt(bitPattern: byteCount) <= UInt(bitPattern: room &- offset),
                "OutputWriter: \(byteCount) bytes at \(count + offset) past a reservation of \(capacity)")
        #else
            assert(
                UInt(bitPattern: offset) <= UInt(bitPattern: room)
                    && UInt(bitPattern: byteCount) <= UInt(bitPattern: room &- offset),
                "OutputWriter: a write past the reservation")
        #endif
    }

    // MARK: Appending (each moves the write position on)

    /// One byte.
    @inlinable @inline(__always)
    package mutating func byte(_ b: UInt8) {
        checkRoom(1)
        position.initialize(to: b)
        position += 1
    }

    /// Constant text (keys with their punctuation, markup): one copy.
    @inlinable @inline(__always)
    package mutating func bytes(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        checkRoom(n)
        position.initialize(from: text.utf8Start, count: n)
        position += n
    }

    @inlinable @inline(__always)
    package mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        let n = source.count
        checkRoom(n)
        if let base = source.baseAddress { position.initialize(from: base, count: n) }
        position += n
    }

    @inlinable @inline(__always)
    package mutating func bytes(_ source: UnsafeRawBufferPointer) {
        bytes(source.assumingMemoryBound(to: UInt8.self))
    }

    @inlinable
    package mutating func bytes(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { bytes($0) }
    }

    @inlinable
    package mutating func bytes(_ source: ArraySlice<UInt8>) {
        source.withUnsafeBufferPointer { bytes($0) }
    }

    /// `count` copies of `b`.
    @inlinable
    package mutating func repeating(_ b: UInt8, count n: Int) {
        checkRoom(n)
        position.initialize(repeating: b, count: n)
        position += n
    }

    /// `v`'s bytes, least significant first (two, four or eight for UInt16, UInt32, UInt64).
    @inlinable @inline(__always)
    package mutating func littleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ v: Value) {
        checkRoom(MemoryLayout<Value>.size)
        UnsafeMutableRawPointer(position).storeBytes(of: v.littleEndian, as: Value.self)
        position += MemoryLayout<Value>.size
    }

    /// The decimal digits of `value` (one digit for 0), two at a time from a table: the
    /// extent is checked once for the whole number.
    @inlinable @inline(__always)
    package mutating func decimal(_ value: UInt64) {
        let n = max(1, DecimalDigits.count(value))
        checkRoom(n)
        DecimalDigits.write(value, count: n, to: position)
        position += n
    }

    /// The decimal digits of `value` < 10^8, made eight at a time (`DecimalDigits.eight`) and
    /// stored in one eight-byte store, of which the write position moves past the digits
    /// only: needs eight bytes of room whatever the count.
    @inlinable @inline(__always)
    package mutating func shortDecimal(_ value: UInt32) {
        assert(value < 100_000_000, "OutputWriter.shortDecimal: more than eight digits")
        checkRoom(8)
        // The digits' values, first digit in the lowest byte: the number's leading zeros are
        // the low zero bytes (all but the last digit of 0).
        let values = DecimalDigits.eightValues(value)
        let leadingZeros = values == 0 ? 7 : values.trailingZeroBitCount &>> 3
        let digits = (values | 0x3030_3030_3030_3030) &>> UInt64(truncatingIfNeeded: leadingZeros &* 8)
        UnsafeMutableRawPointer(position).storeBytes(of: digits.littleEndian, as: UInt64.self)
        position += 8 &- leadingZeros
    }

    /// `value` in decimal, a minus sign first when negative (`Int.min` included).
    @inlinable @inline(__always)
    package mutating func decimal(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        decimal(UInt64(value.magnitude))
    }

    /// `value` in exactly `digits` digits, zeros in front (the leading digits are dropped when
    /// it has more): times, fixed-width fields.
    @inlinable @inline(__always)
    package mutating func fixedDigits(_ value: UInt64, count digits: Int) {
        checkRoom(digits)
        DecimalDigits.write(value, count: digits, to: position)
        position += digits
    }

    /// Moves the write position on by `n` bytes written ahead with `store` (which must have
    /// written all of them: the reservation publishes them).
    @inlinable @inline(__always)
    package mutating func advance(by n: Int) {
        checkRoom(n)
        position += n
    }

    // MARK: Ahead of the write position (number formatting writes a fixed width, then moves)

    /// `b` at `offset` bytes past the write position, which does not move.
    @inlinable @inline(__always)
    package func store(_ b: UInt8, at offset: Int) {
        checkRoom(1, at: offset)
        (position + offset).initialize(to: b)
    }

    /// Eight bytes, least significant first, at `offset` bytes past the write position, which
    /// does not move (unaligned).
    @inlinable @inline(__always)
    package func store(littleEndian v: UInt64, at offset: Int) {
        checkRoom(8, at: offset)
        UnsafeMutableRawPointer(position + offset).storeBytes(of: v.littleEndian, as: UInt64.self)
    }

    /// The digit pair "00"…"99" of `pair` at `offset` past the write position.
    @inlinable @inline(__always)
    package func store(twoDigits pair: Int, at offset: Int) {
        checkRoom(2, at: offset)
        DecimalDigits.writePair(pair, to: position + offset)
    }

    /// The eight bytes at `offset` past the write position, least significant first, as
    /// `store(littleEndian:at:)` wrote them: bytes of this reservation written ahead.
    @inlinable @inline(__always)
    package func load(littleEndianAt offset: Int) -> UInt64 {
        checkRoom(8, at: offset)
        return UInt64(littleEndian: UnsafeRawPointer(position + offset).loadUnaligned(as: UInt64.self))
    }

    /// Up to eight bytes already written, from `index` (counted from the reservation's
    /// start), least significant first and zero-padded: to keep a copy of what was written.
    @inlinable @inline(__always)
    package func loadWritten(littleEndianFrom index: Int, count n: Int) -> UInt64 {
        #if DEBUG
            precondition(
                index >= 0 && n >= 0 && n <= 8 && n <= count &- index,
                "OutputWriter: reading \(n) bytes at \(index) of \(count) written")
        #else
            assert(index >= 0 && n >= 0 && n <= 8 && n <= count &- index, "OutputWriter: reading past what was written")
        #endif
        let source = start + index
        if n == 8 { return UInt64(littleEndian: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)) }
        if n > 0 && index &+ n >= 8 {
            // The eight written bytes that end where these do, shifted down: one load.
            let word = UInt64(littleEndian: UnsafeRawPointer(source + n - 8).loadUnaligned(as: UInt64.self))
            return word &>> UInt64(8 &* (8 &- n))
        }
        var v: UInt64 = 0
        var i = 0
        while i < n {
            v |= UInt64(source[i]) &<< UInt64(8 &* i)
            i &+= 1
        }
        return v
    }

    // MARK: Lending memory to code that takes a pointer and a length (C formatters)

    /// Lends the next `maxCount` bytes of the reservation (checked to lie inside it) to `body`,
    /// which writes a prefix of them and returns its length (checked, always: at most
    /// `maxCount`); the write position moves past that prefix. For functions that take a
    /// buffer and its size, such as the standard library's double formatter.
    @inlinable @inline(__always)
    package mutating func withUnsafeUninitializedBytes(
        maxCount: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        // Checked in release builds too: the memory is handed to code this type cannot see.
        precondition(
            UInt(bitPattern: maxCount) <= UInt(bitPattern: end - position),
            "OutputWriter: lending \(maxCount) bytes at \(count) of a reservation of \(capacity)")
        let n = body(UnsafeMutableBufferPointer(start: position, count: maxCount))
        precondition(n >= 0 && n <= maxCount, "OutputWriter: wrote \(n) bytes into \(maxCount)")
        position += n
    }

    /// The bytes written so far, read-only.
    @inlinable
    package func withWrittenBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: start, count: count))
    }
}

/// Decimal digits in ASCII: counts, pairs from a table, eight at a time.
@usableFromInline package enum DecimalDigits {
    /// The number of decimal digits of `x` (0 for 0): from its bit length, log10(2) ≈
    /// 1233/4096 gives the count or one less, and one comparison decides.
    @inlinable @inline(__always)
    package static func count(_ x: UInt64) -> Int {
        let estimate = ((64 &- x.leadingZeroBitCount) &* 1233) &>> 12
        return x >= powerOf10(estimate) ? estimate &+ 1 : estimate
    }

    /// 10^e for 0 ≤ e ≤ 19, exact in 64 bits. A switch, not an array: a global array costs a
    /// lazy-initialisation check per call.
    @inlinable @inline(__always)
    package static func powerOf10(_ e: Int) -> UInt64 {
        switch e {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// The eight decimal digits of `n` < 10^8 (leading zeros included) as ASCII, first digit
    /// in the lowest byte: split into halves of four, pairs and digits in parallel lanes
    /// (x/100 as x·10486 >> 20 for x < 10^4, x/10 as x·103 >> 10 for x < 100, both exact).
    @inlinable @inline(__always)
    package static func eight(_ n: UInt32) -> UInt64 {
        eightValues(n) | 0x3030_3030_3030_3030
    }

    /// `eight(n)` before the ASCII offset: each byte the value of its digit, 0…9.
    @inlinable @inline(__always)
    package static func eightValues(_ n: UInt32) -> UInt64 {
        let upper = n / 10_000
        var x = UInt64(upper) | (UInt64(n &- upper &* 10_000) &<< 32)
        let hundreds = ((x &* 10486) &>> 20) & 0x0000_007F_0000_007F
        x = hundreds | ((x &- hundreds &* 100) &<< 16)
        let tens = ((x &* 103) &>> 10) & 0x000F_000F_000F_000F
        return tens | ((x &- tens &* 10) &<< 8)
    }

    /// "00" … "99" for `pair` in 0...99, at `out` (two bytes the caller checked).
    @inlinable @inline(__always)
    static func writePair(_ pair: Int, to out: UnsafeMutablePointer<UInt8>) {
        let table: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        let source = table.utf8Start + pair &* 2
        out[0] = source[0]
        out[1] = source[1]
    }

    /// The last `count` digits of `value`, right-aligned in `count` bytes at `out` (checked by
    /// the caller), zeros in front: two at a time from the right.
    @inlinable @inline(__always)
    static func write(_ value: UInt64, count: Int, to out: UnsafeMutablePointer<UInt8>) {
        var v = value
        var i = count
        while i >= 2 {
            i &-= 2
            writePair(Int(truncatingIfNeeded: v % 100), to: out + i)
            v /= 100
        }
        if i == 1 { out.initialize(to: UInt8(truncatingIfNeeded: v % 10) &+ UInt8(ascii: "0")) }
    }
}
