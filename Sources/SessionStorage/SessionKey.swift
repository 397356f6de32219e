import Glibc

/// A session id as a dictionary key that hashes 16 of its bytes (its first and last eight)
/// instead of all of them.
///
/// Why: a cached rect query looks its session up twice (this process's copies, and the
/// memory store's version and idle time), and hashing the 32-byte id with `String`'s
/// `hash(into:)` hashes all 32 bytes each time; one `UInt64` costs a fraction of that
/// (docs/performance.md#session-key).
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

    /// The whole ids' bytes compared with memcmp: `String ==` on two ids in different
    /// storage went through the standard library's general comparison on every lookup.
    public static func == (a: SessionKey, b: SessionKey) -> Bool {
        guard a.digest == b.digest else { return false }
        let left = a.id.utf8, right = b.id.utf8
        guard left.count == right.count else { return false }
        return left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in l.isEmpty || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0 }
        }.flatMap { $0 } ?? (a.id == b.id)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// Dictionary's hook for a key's hash under its per-table seed. The digest is already
    /// 64 random bits (see above), so one multiply-and-xor mixes in the seed, where `Hasher`
    /// runs SipHash-1-3 over the word, two lookups per cached rect query
    /// (docs/performance.md#session-key). Equal keys have equal digests, so they hash alike,
    /// as `Hashable` requires.
    public func _rawHashValue(seed: Int) -> Int {
        let mixed = (digest ^ UInt64(truncatingIfNeeded: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
