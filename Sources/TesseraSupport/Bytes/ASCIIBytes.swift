/// ASCII byte classes shared by the request parser, the header and query readers and the
/// percent-decoder. `@inlinable`: they run per byte of a request, from other modules.

/// `byte` with A–Z folded to a–z (other bytes unchanged).
@inlinable @inline(__always)
package func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
}

/// The value of a hex digit (either case), nil for any other byte.
@inlinable @inline(__always)
package func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
