/// A cheap fingerprint of one packed identifier (`IdentifierColumn`): its length, its first
/// and last eight packed bytes and, for an identifier longer than 16 bytes, the bytes between
/// them. `PackedSnapshot.alignedMatch` keeps a bitmap of the left-over identifiers'
/// fingerprints and looks up only the identifiers whose fingerprint is in it. Equal
/// identifiers have equal fingerprints; unequal ones may too, which only costs a lookup.
///
/// The middle is mixed in because identifiers that differ only there are common
/// (`product/1234567/variant`: same length, same first and last eight bytes): with the ends
/// alone they all shared one fingerprint, every paired item hit the bitmap, and a PUT of a
/// million of them cost 1.66–1.97× (per body byte) what random identifiers cost
/// (docs/performance.md#new-side-fingerprints). A packed identifier of up to 17 bytes (a
/// 16-byte identifier and its tag) is fingerprinted as before, at no extra cost; up to 24,
/// one more word; longer ones, a multiply per further word.
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
            if length > 17 {
                // The ninth to sixteenth bytes, turned so that they do not cancel against the last
                // word they overlap; past 24 bytes, each further word through a multiply.
                w ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self)).rotated(by: 29)
                var i = start &+ 16
                while i < end &- 8 {
                    w = (w ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* 0x9E37_79B9_7F4A_7C15
                    i &+= 8
                }
            }
        } else {
            w = 0
            for k in start..<end { w = w << 8 | UInt64(bytes[k]) }
        }
        return UInt32(truncatingIfNeeded: ((w ^ UInt64(truncatingIfNeeded: length)) &* 0xC4CE_B9FE_1A85_EC53) &>> 32)
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotated(by k: UInt64) -> UInt64 { (self &<< k) | (self &>> (64 &- k)) }
}
