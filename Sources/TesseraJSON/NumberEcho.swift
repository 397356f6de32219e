import TesseraSupport

/// The last value written through `JSONCursor.number(_:echo:)`, with its bytes: the elements of
/// a row share their y and height (every cell of a justified or flow row), and copying 24
/// bytes is cheaper than formatting the number again.
///
/// Hand-written because measured faster on a hot path: writing all 100,000 elements of the
/// justified benchmark layout formats several non-integer doubles per element, the costliest
/// part of an element, and about three cells in four repeat the y and height of the one
/// before (docs/performance.md#number-echo, for the counts before and after).
/// Same value, same bit pattern, same bytes: the formatter is a function of the bits.
/// (`@usableFromInline`, `@inlinable`: the service's encoders, in another module, use it per
/// element; see `JSONCursor`.)
@usableFromInline package struct NumberEcho {
    /// The bytes, zero-padded to 24: the longest number `JSONCursor.number` writes.
    @usableFromInline var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
    @usableFromInline var bits: UInt64 = 0
    /// 0 until a number is written (every number is at least one byte).
    @usableFromInline var count = 0

    @inlinable package init() {}

    /// Writes `value`'s bytes again when it is the last value written; false otherwise.
    @inlinable @inline(__always)
    package func repeatIfSame(_ value: Double, _ c: inout JSONCursor) -> Bool {
        guard count != 0, bits == value.bitPattern else { return false }
        c.out.store(littleEndian: text.0, at: 0)
        c.out.store(littleEndian: text.1, at: 8)
        c.out.store(littleEndian: text.2, at: 16)
        c.out.advance(by: count)
        return true
    }

    /// Keeps `value` and the `count` bytes that were just written for it, the last `count`
    /// of `out`'s; not a non-finite value, whose writing must also flag the cursor it is
    /// written through.
    @inlinable @inline(__always)
    package mutating func remember(_ value: Double, lastBytesOf out: borrowing OutputWriter, count: Int) {
        guard value.isFinite else {
            self.count = 0
            return
        }
        bits = value.bitPattern
        self.count = count
        // The number's bytes in memory order, zero-padded to 24 (at most 24 were written).
        let begin = out.count &- count
        text.0 = out.loadWritten(littleEndianFrom: begin, count: min(count, 8))
        text.1 = count > 8 ? out.loadWritten(littleEndianFrom: begin &+ 8, count: min(count &- 8, 8)) : 0
        text.2 = count > 16 ? out.loadWritten(littleEndianFrom: begin &+ 16, count: count &- 16) : 0
    }
}

extension JSONCursor {
    /// `number(value)`, or the bytes `echo` kept when `value` is the last one written there
    /// (the caller's room for this number must allow 24 bytes: the copy is three eight-byte
    /// stores).
    @inlinable @inline(__always)
    package mutating func number(_ value: Double, echo: inout NumberEcho) {
        if echo.repeatIfSame(value, &self) { return }
        let start = out.count
        number(value)
        echo.remember(value, lastBytesOf: out, count: out.count &- start)
    }
}
