/// A write position in memory that was sized beforehand (`JSONWriter.appendWritten`): the
/// writer's hot paths write through a pointer with no capacity or uniqueness check per byte,
/// then append the result to the reply in one copy.
///
/// Hand-written because measured faster on a hot path: `Array.append` per piece (its
/// uniqueness and capacity checks) was more than half of encoding a big element list
/// (~45 appends and ~5,000 instructions per element; BENCHMARKS.md "Big replies").
/// Every method writes exactly what the `JSONWriter` method of the same name wrote before
/// (`JSONWriterTests`, `ElementEncodingTests`).
struct JSONCursor {
    var position: UnsafeMutablePointer<UInt8>
    /// See `JSONWriter.wroteNonFiniteNumber`.
    var wroteNonFiniteNumber = false

    /// The most bytes `number` writes (the standard formatter's longest output fits 32).
    static let maxNumberBytes = 32
    /// The most bytes `integer` writes: `-9223372036854775808`.
    static let maxIntegerBytes = 20

    /// The most bytes `quoted` writes for `s`: quotes and a six-byte escape per byte.
    static func maxQuotedBytes(_ s: String) -> Int { 2 + 6 * s.utf8.count }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        position.initialize(to: b)
        position += 1
    }

    /// Constant JSON text (keys with their punctuation, pre-rendered).
    @inline(__always)
    mutating func fragment(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        position.initialize(from: text.utf8Start, count: count)
        position += count
    }

    @inline(__always)
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var v = value.magnitude
        var count = 1  // a magnitude has at most 19 digits: |Int.min| = 9223372036854775808
        var limit: UInt = 10
        while v >= limit && count < 19 {
            limit &*= 10
            count &+= 1
        }
        var i = count
        while i >= 2 {
            i &-= 2
            ShortestDecimal.twoDigits(Int(truncatingIfNeeded: v % 100), to: position + i)
            v /= 100
        }
        if i == 1 { position.initialize(to: UInt8(truncatingIfNeeded: v) &+ UInt8(ascii: "0")) }
        position += count
    }

    /// `JSONWriter.number`'s rules: integers without a fraction, other finite values in
    /// Swift's shortest round-trip form (`ShortestDecimal` where it applies, else the
    /// standard library's formatter), a non-finite value as 0 and flagged.
    @inline(__always)
    mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(.towardZero), value.magnitude < 9.0e15 {
            integer(Int(value))
        } else if value.isFinite {
            shortest(value)
        } else {
            wroteNonFiniteNumber = true
            byte(UInt8(ascii: "0"))
        }
    }

    /// Swift's shortest round-trip form of a finite double, the bytes of `description`.
    @inline(__always)
    mutating func shortest(_ value: Double) {
        if let count = ShortestDecimal.write(value, to: position) {
            position += count
            return
        }
        // The standard library's formatter (`description` calls it) expects a buffer of
        // ASCII zeros: it writes only the digits that differ from them.
        position.initialize(repeating: UInt8(ascii: "0"), count: Self.maxNumberBytes)
        position += Int(truncatingIfNeeded: swiftFloat64ToString(position, UInt(Self.maxNumberBytes), value, false))
    }

    /// A JSON string: copied whole when nothing needs escaping (keys, categories, kinds),
    /// else walked byte by byte.
    mutating func quoted(_ s: String) {
        byte(UInt8(ascii: "\""))
        let copied = s.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            if let base = utf8.baseAddress { position.initialize(from: base, count: utf8.count) }
            position += utf8.count
            return true
        }
        if copied != true {
            for b in s.utf8 {
                switch b {
                case UInt8(ascii: "\""): byte(0x5C); byte(0x22)
                case UInt8(ascii: "\\"): byte(0x5C); byte(0x5C)
                case 0x0A: byte(0x5C); byte(UInt8(ascii: "n"))
                case 0x0D: byte(0x5C); byte(UInt8(ascii: "r"))
                case 0x09: byte(0x5C); byte(UInt8(ascii: "t"))
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

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// The standard library's double formatter (Swift's runtime ABI; `Double.description` and
/// `debugDescription` are built on it): writes the shortest digits that round-trip into
/// `buffer` and returns their count. 32 bytes always suffice.
@_silgen_name("swift_float64ToString")
func swiftFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt,
                          _ value: Double, _ debug: Bool) -> UInt64
