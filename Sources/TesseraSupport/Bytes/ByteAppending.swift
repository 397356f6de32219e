extension Array where Element == UInt8 {
    /// Appends raw bytes with one memcpy. `append(contentsOf:)` given an
    /// UnsafeRawBufferPointer (or a slice of one) copies it byte by byte through the generic
    /// sequence path, a large share of a cached rect query; typed as UInt8 the same bytes
    /// take the contiguous copy (docs/performance.md#typed-byte-appends).
    @inlinable
    package mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) }
    }
}
