/// A session id as a dictionary key that hashes 16 of its bytes (its first and last eight)
/// instead of all of them.
///
/// Why: a cached rect query looks its session up twice (this process's copies, and the
/// memory store's version and idle time), and hashing the 32-byte id with `String`'s
/// `hash(into:)` cost ~550 instructions each time (callgrind, cached rect query,
/// BENCHMARKS.md "Per-request costs after the telemetry pass"); one `UInt64` costs a
/// fraction of that.
///
/// Sound against collision flooding: the ids the server inserts are its own (32 random hex
/// digits, so those 16 bytes carry 64 random bits); a client's id is only looked up, which
/// cannot lengthen a chain. Equality still compares the whole id, so any ids (a test's
/// `"s1"`, `"s2"`) work, only less evenly spread.
public struct SessionKey: Hashable, Sendable {
    public let id: String
    private let digest: UInt64

    public init(_ id: String) {
        self.id = id
        var id = id
        digest = id.withUTF8 { bytes -> UInt64 in
            guard bytes.count >= 8, let start = bytes.baseAddress else {
                // Short ids: their bytes and length, folded into one word.
                return bytes.reduce(UInt64(bytes.count)) { $0 &* 31 &+ UInt64($1) }
            }
            let first = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            let last = UnsafeRawPointer(start + bytes.count - 8).loadUnaligned(as: UInt64.self)
            return first ^ (last << 1 | last >> 63) ^ UInt64(bytes.count)
        }
    }

    public static func == (a: SessionKey, b: SessionKey) -> Bool {
        a.digest == b.digest && a.id == b.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}
