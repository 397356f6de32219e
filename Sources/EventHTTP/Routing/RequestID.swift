/// Request ids: a client's `X-Request-ID` is echoed when it is safe to copy into logs and
/// headers, and replaced by a fresh one otherwise, so a hostile value can neither forge log
/// lines nor grow them without bound.
public enum RequestID {
    /// Longer client ids are replaced (a UUID is 36 bytes; trace ids are at most 55).
    public static let maxLength = 128

    /// The client's id if it is 1…`maxLength` bytes of letters, digits and `-_.:/+=@`;
    /// nil otherwise (spaces, quotes, backslashes, control bytes and non-ASCII are refused:
    /// each could break out of a JSON string, a log line or a header).
    public static func sanitised(_ candidate: String) -> String? {
        let bytes = candidate.utf8
        guard !bytes.isEmpty, bytes.count <= maxLength, bytes.allSatisfy(isAllowed) else { return nil }
        return candidate
    }

    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
             UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }
}

/// New request ids: 128 bits from a per-loop xoshiro256** generator seeded from the
/// system's CSPRNG, as 32 lowercase hex digits. Unique, not secret: it costs no system
/// call per request (SystemRandomNumberGenerator would read getrandom(2) every time).
/// Loop-confined, so it needs no lock.
struct RequestIDGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    init() {
        var seed = SystemRandomNumberGenerator()
        state = (seed.next(), seed.next(), seed.next(), seed.next())
        if state == (0, 0, 0, 0) { state.0 = 1 }  // the one state xoshiro never leaves
    }

    /// A byte's two hex digits at a time through the pointer, not a digit at a time through
    /// the bounds-checked buffer (docs/performance.md#class-observers, the same step).
    mutating func next() -> String {
        let words = (nextWord(), nextWord())
        return String(unsafeUninitializedCapacity: 32) { buffer in
            let pairs: StaticString = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
            let hex = UnsafeRawPointer(pairs.utf8Start), out = UnsafeMutableRawPointer(buffer.baseAddress!)
            func put(_ word: UInt64, at offset: Int) {
                for i in 0..<8 {
                    let byte = Int(truncatingIfNeeded: word >> UInt64(56 - 8 * i)) & 0xFF
                    out.storeBytes(of: hex.loadUnaligned(fromByteOffset: 2 * byte, as: UInt16.self),
                                   toByteOffset: offset + 2 * i, as: UInt16.self)
                }
            }
            put(words.0, at: 0)
            put(words.1, at: 16)
            return 32
        }
    }

    private mutating func nextWord() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    private func rotateLeft(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
