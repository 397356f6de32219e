/// Lowercase hexadecimal digits in ASCII: request ids, session ids, `\u00XX` escapes.
@usableFromInline package enum HexDigits {
    /// The lowercase hex digit of the low four bits of `nibble`.
    @inlinable @inline(__always)
    package static func lowercase(_ nibble: UInt8) -> UInt8 {
        let n = nibble & 0x0F
        return n < 10 ? UInt8(ascii: "0") &+ n : UInt8(ascii: "a") &+ (n &- 10)
    }

    /// The two digits of `byte` at `out` (two bytes the caller checked), from a table of
    /// pairs, not a digit at a time (docs/performance.md#class-observers, the request ids).
    @inlinable @inline(__always)
    static func writePair(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) {
        let pairs: StaticString =
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
        UnsafeMutableRawPointer(out).storeBytes(
            of: UnsafeRawPointer(pairs.utf8Start).loadUnaligned(fromByteOffset: 2 &* Int(byte), as: UInt16.self),
            as: UInt16.self)
    }
}

extension OutputWriter {
    /// The sixteen lowercase hex digits of `value`, most significant first (zeros in front).
    @inlinable @inline(__always)
    package mutating func hex(_ value: UInt64) {
        checkRoom(16)
        for i in 0..<8 {
            HexDigits.writePair(UInt8(truncatingIfNeeded: value &>> UInt64(56 &- 8 &* i)), to: position + 2 &* i)
        }
        position += 16
    }
}
