/// Multi-byte UTF-8 scalars as JSON strings may hold them (RFC 8259 §8.1, RFC 3629): no
/// overlongs, no surrogates, nothing above U+10FFFF. One rule for the JSON parser and the
/// snapshot body scanner, which must take exactly the strings the parser takes.
package enum UTF8Sequence {
    /// The length of the scalar whose lead byte (0x80 or more) is at `p`, or nil when the
    /// bytes there are not one, or are cut short by the end of `bytes`.
    @inlinable
    package static func length(_ bytes: UnsafeBufferPointer<UInt8>, at p: Int) -> Int? {
        let length: Int
        var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
        switch bytes[p] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return nil
        }
        guard p + length <= bytes.count else { return nil }
        let second = bytes[p + 1]
        guard second >= lower && second <= upper else { return nil }
        for k in 2..<max(2, length) where bytes[p + k] & 0xC0 != 0x80 { return nil }
        return length
    }
}
