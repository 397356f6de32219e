/// A cheap fingerprint of one packed identifier (`IdentifierColumn`): its length and its first
/// and last eight packed bytes, two multiplies. `PackedSnapshot.alignedMatch` keeps a bitmap
/// of the left-over identifiers' fingerprints and looks up only the identifiers whose
/// fingerprint is in it. Equal identifiers have equal fingerprints; unequal ones may too, which
/// only costs a lookup.
enum IdentifierFingerprint {
    /// The fingerprint of `bytes[start..<end]`, one packed identifier (its tag included).
    @inline(__always)
    static func of(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt32 {
        let length = end &- start
        var w: UInt64
        if length >= 8 {
            w =
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
                ^ (UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15)
        } else {
            w = 0
            for k in start..<end { w = w << 8 | UInt64(bytes[k]) }
        }
        return UInt32(truncatingIfNeeded: ((w ^ UInt64(truncatingIfNeeded: length)) &* 0xC4CE_B9FE_1A85_EC53) &>> 32)
    }
}
