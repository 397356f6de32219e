import TesseraSupport

/// The JSON writer's hot paths: a reservation of the reply's `OutputBuffer` sized beforehand
/// (`JSONWriter.appendWritten`), written through its bounds-checked `OutputWriter` with one
/// check per piece rather than an `Array.append` per piece, published in place.
///
/// Hand-written because measured faster on a hot path: `Array.append` per piece (its
/// uniqueness and capacity checks) was more than half of encoding a big element list
/// (docs/performance.md#element-writer).
/// Every method writes exactly what the `JSONWriter` method of the same name wrote before
/// (`JSONWriterTests`, `ElementEncodingTests`).
///
/// Noncopyable because its writer is: made from the writer a reservation lends
/// (`JSONCursor(writer)`), handed back with `out` when done.
///
/// `@usableFromInline` and `@inlinable` throughout: the service's encoders (another module)
/// write every element through a cursor, and its methods must inline there as they did when
/// it was in the same module (see `OutputWriter` for why `package` alone is not enough).
/// `@frozen` so that those encoders can take `out` back when they are done (a partial
/// consumption, refused on a type another module may lay out differently).
@frozen @usableFromInline package struct JSONCursor: ~Copyable {
    @usableFromInline package var out: OutputWriter
    /// See `JSONWriter.wroteNonFiniteNumber`.
    @usableFromInline package var wroteNonFiniteNumber = false

    @inlinable @inline(__always)
    package init(_ out: consuming OutputWriter) {
        self.out = out
    }

    /// The most bytes `number` may touch: the standard formatter is lent 32 bytes, and
    /// `ShortestDecimal` and `NumberEcho` store eight bytes at a time past what they keep.
    /// (Computed, so that other modules see a constant rather than a global to load.)
    @inlinable package static var maxNumberBytes: Int { 32 }
    /// The most bytes `integer` writes: `-9223372036854775808`.
    @inlinable package static var maxIntegerBytes: Int { 20 }

    /// The most bytes `quoted` writes for `s`: quotes and a six-byte escape per byte.
    @inlinable package static func maxQuotedBytes(_ s: String) -> Int { 2 + 6 * s.utf8.count }

    @inlinable @inline(__always)
    package mutating func byte(_ b: UInt8) {
        out.byte(b)
    }

    /// Constant JSON text (keys with their punctuation, pre-rendered).
    @inlinable @inline(__always)
    package mutating func fragment(_ text: StaticString) {
        out.bytes(text)
    }

    /// Below 10^8 (every index and most coordinates), the digits made eight at a time and
    /// stored in one eight-byte store (`OutputWriter.shortDecimal`, which needs eight bytes of
    /// room: `maxIntegerBytes` leaves them); else two at a time.
    @inlinable @inline(__always)
    package mutating func integer(_ value: Int) {
        if UInt(bitPattern: value) < 100_000_000 {
            out.shortDecimal(UInt32(truncatingIfNeeded: value))
        } else {
            out.decimal(value)
        }
    }

    /// `JSONWriter.number`'s rules: integers without a fraction, other finite values in
    /// Swift's shortest round-trip form (`ShortestDecimal` where it applies, else the
    /// standard library's formatter), a non-finite value as 0 and flagged.
    @inlinable @inline(__always)
    package mutating func number(_ value: Double) {
        // An integer below 9·10^15 (NaN fails the comparison): converted there and back,
        // which is cheaper than `rounded(.towardZero)` (a call to `trunc`).
        if value.magnitude < 9.0e15, Double(Int(value)) == value {
            integer(Int(value))
        } else if value.isFinite {
            shortest(value)
        } else {
            wroteNonFiniteNumber = true
            byte(UInt8(ascii: "0"))
        }
    }

    /// Swift's shortest round-trip form of a finite double, the bytes of `description`.
    @inlinable @inline(__always)
    package mutating func shortest(_ value: Double) {
        if ShortestDecimal.write(value, to: &out) { return }
        // The standard library's formatter (`description` calls it) expects a buffer of
        // ASCII zeros: it writes only the digits that differ from them.
        out.withUnsafeUninitializedBytes(maxCount: Self.maxNumberBytes) { scratch in
            scratch.initialize(repeating: UInt8(ascii: "0"))
            return Int(truncatingIfNeeded: swiftFloat64ToString(scratch.baseAddress!, UInt(scratch.count), value, false))
        }
    }

    /// A JSON string: copied whole when nothing needs escaping (keys, categories, kinds),
    /// else walked byte by byte.
    @inlinable
    package mutating func quoted(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { quoted(utf8: $0) }
        if done == nil { Array(s.utf8).withUnsafeBufferPointer { quoted(utf8: $0) } }
    }

    /// `quoted` for UTF-8 bytes held elsewhere (identifiers in their packed column).
    @inlinable
    package mutating func quoted(utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        if let base = utf8.baseAddress, !Self.needsEscaping(base, utf8.count) {
            out.bytes(utf8)
        } else {
            for b in utf8 {
                switch b {
                case UInt8(ascii: "\""):
                    byte(0x5C)
                    byte(0x22)
                case UInt8(ascii: "\\"):
                    byte(0x5C)
                    byte(0x5C)
                case 0x0A:
                    byte(0x5C)
                    byte(UInt8(ascii: "n"))
                case 0x0D:
                    byte(0x5C)
                    byte(UInt8(ascii: "r"))
                case 0x09:
                    byte(0x5C)
                    byte(UInt8(ascii: "t"))
                case 0..<0x20:
                    fragment("\\u00")
                    byte(Self.hexDigit(b >> 4))
                    byte(Self.hexDigit(b & 15))
                default: byte(b)
                }
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// Whether any byte is a quote, a backslash or a control character: eight bytes at a
    /// time (a zero byte of `word ^ c` marks a `c`; `word − 0x20` borrows out of a byte below
    /// 0x20 that has its high bit clear), the tail byte by byte.
    @inlinable @inline(__always)
    package static func needsEscaping(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = 0
        while i &+ 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((word &- ones &* 0x20) & ~word)
            if special & 0x8080_8080_8080_8080 != 0 { return true }
            i &+= 8
        }
        while i < count {
            let byte = base[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i &+= 1
        }
        return false
    }

    @inlinable
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// The standard library's double formatter (Swift's runtime ABI; `Double.description` and
/// `debugDescription` are built on it): writes the shortest digits that round-trip into
/// `buffer` and returns their count. 32 bytes always suffice.
@usableFromInline @_silgen_name("swift_float64ToString")
func swiftFloat64ToString(
    _ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt,
    _ value: Double, _ debug: Bool
) -> UInt64
