/// A cheap fingerprint of one packed identifier (`IdentifierColumn`): its length and its first
/// and last eight packed bytes, two multiplies. `PackedSnapshot.alignedMatch` keeps a bitmap
/// of the left-over identifiers' fingerprints and looks up only the identifiers whose
/// fingerprint is in it. Equal identifiers have equal fingerprints; unequal ones may too, which
/// only costs a lookup.
///
/// A snapshot's decoder takes each string identifier's fingerprint from its UTF-8 bytes while
/// it packs them (`ofString`), so that the match does not read every identifier once more
/// (docs/performance.md#decoded-fingerprints). Both give the same number for the same
/// identifier (`PackedSnapshotTests.aStringsFingerprintIsItsPackedOnes`,
/// `IdentifierReaderTests.entriesComeWithTheirColumnsFingerprints`); were they to differ, a
/// repeat could go unseen.
public enum IdentifierFingerprint {
    /// The fingerprint of `bytes[start..<end]`, one packed identifier (its tag included).
    @inlinable @inline(__always)
    public static func of(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> UInt32 {
        let length = end &- start
        guard length >= 8 else {
            var w: UInt64 = 0
            for k in start..<end { w = w << 8 | UInt64(bytes[k]) }
            return finish(w, packedLength: length)
        }
        return mix(
            first: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
            last: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)),
            packedLength: length)
    }

    /// The fingerprint of the string identifier `utf8[from..<from + length]` once packed (a tag
    /// byte, then these bytes), taken without packing it.
    @inlinable @inline(__always)
    public static func ofString(_ utf8: UnsafeRawBufferPointer, _ from: Int, _ length: Int) -> UInt32 {
        let tag = UInt64(IdentifierColumn.stringTag)
        if length >= 8 {
            return ofStringWords(
                first: UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: from, as: UInt64.self)),
                last: UInt64(littleEndian: utf8.loadUnaligned(fromByteOffset: from &+ length &- 8, as: UInt64.self)),
                length: length)
        }
        if length == 7 {
            // Eight packed bytes: the first eight are the last eight.
            var word = tag
            for k in 0..<7 { word |= UInt64(utf8[from &+ k]) << (8 &* UInt64(k &+ 1)) }
            return mix(first: word, last: word, packedLength: 8)
        }
        var w = tag
        for k in 0..<length { w = w << 8 | UInt64(utf8[from &+ k]) }
        return finish(w, packedLength: length &+ 1)
    }

    /// `ofString` for a string of at least eight bytes, from its first and last eight (as
    /// little-endian words), for a decoder that has just read them.
    @inlinable @inline(__always)
    public static func ofStringWords(first: UInt64, last: UInt64, length: Int) -> UInt32 {
        // The packed form's first eight bytes are the tag and the string's first seven.
        mix(first: first << 8 | UInt64(IdentifierColumn.stringTag), last: last, packedLength: length &+ 1)
    }

    @inlinable @inline(__always)
    static func mix(first: UInt64, last: UInt64, packedLength: Int) -> UInt32 {
        finish(last ^ (first &* 0x9E37_79B9_7F4A_7C15), packedLength: packedLength)
    }

    @inlinable @inline(__always)
    static func finish(_ w: UInt64, packedLength: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: ((w ^ UInt64(truncatingIfNeeded: packedLength)) &* 0xC4CE_B9FE_1A85_EC53) &>> 32)
    }
}

extension IdentifierColumn {
    /// The fingerprint of identifier `i` (`IdentifierFingerprint`).
    package func fingerprint(at i: Int) -> UInt32 {
        let r = range(i)
        return bytes.withUnsafeBytes { IdentifierFingerprint.of($0, r.lowerBound, r.upperBound) }
    }
}
