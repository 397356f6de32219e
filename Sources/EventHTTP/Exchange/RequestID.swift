import TesseraSupport

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
        if state == (0, 0, 0, 0) { state.0 = 1 } // the one state xoshiro never leaves
    }

    /// 32 hex digits, written two at a time (`OutputWriter.hex`).
    mutating func next() -> String {
        let words = (nextWord(), nextWord())
        return OutputBuffer.string(capacity: 32) { out in
            out.hex(words.0)
            out.hex(words.1)
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
