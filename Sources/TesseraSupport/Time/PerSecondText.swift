/// Text that depends only on the wall-clock second (a reply's Date field, an access line's
/// time up to the second), made again when the second changes and read as it stands
/// otherwise: one event loop's copy, used by its thread only. Up to `capacity` bytes kept
/// inline (no allocation), always followed by a NUL, so C may read it as a string.
///
/// Why: formatting a date per reply or per line through gmtime_r and strftime, or even
/// through `CivilDate`, costs far more than a clock read and a comparison
/// (docs/performance.md#cached-date); requests in a second share the first one's text.
/// nginx caches its Date the same way.
package struct PerSecondText {
    /// The most bytes a second's text may have (one word of the 32 is left for the NUL).
    package static let capacity = 31

    @usableFromInline var second = Int.min
    @usableFromInline var count = 0
    @usableFromInline var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    package init() {}

    /// Lends `body` the text of `second` (its bytes, a NUL after them), first writing it with
    /// `format` when the text held is another second's. `format` gets the second and a
    /// writer over `capacity` bytes.
    @inlinable @inline(__always)
    package mutating func withText<R>(
        for second: Int, format: (Int, inout OutputWriter) -> Void, _ body: (UnsafeRawBufferPointer) -> R
    ) -> R {
        if second != self.second { remake(for: second, format: format) }
        let count = self.count
        return withUnsafeBytes(of: &text) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    /// Once a second: not inlined into the readers.
    @usableFromInline
    mutating func remake(for second: Int, format: (Int, inout OutputWriter) -> Void) {
        var written = 0
        text = OutputBuffer.withTemporary(capacity: Self.capacity) { out in
            format(second, &out)
            let n = out.count
            written = n
            // Zero-padded words: the bytes past the text, the NUL among them, are zeros.
            let a = n > 0 ? out.loadWritten(littleEndianFrom: 0, count: min(8, n)) : 0
            let b = n > 8 ? out.loadWritten(littleEndianFrom: 8, count: min(8, n - 8)) : 0
            let c = n > 16 ? out.loadWritten(littleEndianFrom: 16, count: min(8, n - 16)) : 0
            let d = n > 24 ? out.loadWritten(littleEndianFrom: 24, count: n - 24) : 0
            return (a, b, c, d)
        }
        count = written
        self.second = second
    }
}
