/// A growable byte buffer whose only way to write raw bytes is a reservation: `withReserved(n)`
/// lends an `OutputWriter` over exactly `n` bytes of spare capacity, every store of which is
/// checked against `n`, and publishes the bytes the writer wrote (at most `n`) when the closure
/// returns. Everything else appends through safe conveniences. docs/memory-safety.md.
///
/// Backed by a `[UInt8]`, written in place through `Array.append(addingCapacity:
/// initializingWith:)` (grows geometrically): `bytes` hands the array over without a copy,
/// which is what the replies, the session images and the log lines are made of. Chosen by
/// measurement over a `ManagedBuffer` of its own (which must copy into an array at the end)
/// and over the old scratch-then-append: docs/memory-safety.md "Measurements".
@usableFromInline package struct OutputBuffer {
    @usableFromInline var storage: [UInt8]

    /// An empty buffer with room for `capacity` bytes.
    @inlinable
    package init(capacity: Int = 0) {
        storage = []
        if capacity > 0 { storage.reserveCapacity(capacity) }
    }

    /// A buffer that starts with `bytes` (appends go after them).
    @inlinable
    package init(_ bytes: [UInt8]) {
        storage = bytes
    }

    /// The bytes written so far (no copy).
    @inlinable package var bytes: [UInt8] { storage }

    @inlinable package var count: Int { storage.count }
    @inlinable package var isEmpty: Bool { storage.isEmpty }
    @inlinable package var capacity: Int { storage.capacity }

    /// Room for `total` bytes in all (never shrinks).
    @inlinable
    package mutating func reserveCapacity(_ total: Int) {
        if total > storage.capacity { storage.reserveCapacity(total) }
    }

    /// Lends `body` a writer over exactly `n` bytes after the last byte written (growing the
    /// buffer first when it has less spare room), then publishes what the writer wrote. A
    /// store outside the `n` bytes traps in debug builds (see `OutputWriter`); in release
    /// builds a writer that ended past them traps here.
    @inlinable @inline(__always)
    package mutating func withReserved<R, E: Error>(
        _ n: Int, _ body: (inout OutputWriter) throws(E) -> R
    ) throws(E) -> R {
        precondition(n >= 0, "OutputBuffer: a negative reservation")
        // Nothing to lend (an empty column, say): a writer over no bytes, no array storage.
        if n == 0 { return try Self.withNothingReserved(body) }
        var result: R?
        try storage.append(addingCapacity: n) { (span: inout OutputSpan<UInt8>) throws(E) in
            try span.withUnsafeMutableBufferPointer { (spare, initialized) throws(E) in
                // The span is over exactly the n bytes asked for.
                var writer = OutputWriter(start: spare.baseAddress.unsafelyUnwrapped, capacity: spare.count)
                defer {
                    // In release builds too: stores are unchecked there, and a writer that went
                    // past its reservation must stop the process, not publish the overrun.
                    precondition(writer.count <= spare.count, "OutputBuffer: a write past the reservation")
                    initialized = writer.count
                }
                result = try body(&writer)
            }
        }
        return result.unsafelyUnwrapped
    }

    /// A writer over no bytes at all (its every store traps in debug builds).
    @inlinable
    static func withNothingReserved<R, E: Error>(_ body: (inout OutputWriter) throws(E) -> R) throws(E) -> R {
        var none: UInt8 = 0
        return try withUnsafeMutablePointer(to: &none) { (start) throws(E) -> R in
            var writer = OutputWriter(start: start, capacity: 0)
            let result = try body(&writer)
            precondition(writer.count == 0, "OutputBuffer: a write past an empty reservation")
            return result
        }
    }

    // MARK: Safe conveniences

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    /// Constant text (through the array's own checked append: measured cheaper than a
    /// reservation for a few bytes, in the SVG writer's markup).
    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        storage.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    package mutating func append(contentsOf bytes: [UInt8]) {
        storage.append(contentsOf: bytes)
    }

    @inlinable
    package mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    @inlinable
    package mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        storage.append(contentsOf: bytes)
    }

    @inlinable
    package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    @inlinable
    package mutating func append<S: Sequence<UInt8>>(contentsOf bytes: S) {
        storage.append(contentsOf: bytes)
    }

    /// A string's UTF-8 bytes (copied in one piece when the string is contiguous).
    @inlinable
    package mutating func append(utf8 text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { storage.append(contentsOf: $0) }
        if copied == nil { storage.append(contentsOf: text.utf8) }
    }

    /// `value` in decimal (a minus sign first when negative).
    @inlinable
    package mutating func appendDecimal(_ value: Int) {
        withReserved(20) { $0.decimal(value) }
    }

    @inlinable
    package mutating func appendDecimal(_ value: UInt64) {
        withReserved(20) { $0.decimal(value) }
    }

    /// `value`'s bytes, least significant first.
    @inlinable
    package mutating func appendLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        withReserved(MemoryLayout<Value>.size) { $0.littleEndian(value) }
    }

    /// Drops what was written after the first `count` bytes.
    @inlinable
    package mutating func truncate(to count: Int) {
        storage.removeSubrange(count...)
    }

    @inlinable
    package mutating func removeAll(keepingCapacity: Bool = true) {
        storage.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Reads the bytes written so far.
    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes(body)
    }

    // MARK: Memory that is not a buffer's

    /// Lends `body` a writer over `capacity` bytes of scratch memory (on the stack up to a few
    /// KiB): for a line that is handed on and dropped (`withWrittenBytes` reads it back).
    @inlinable @inline(__always)
    package static func withTemporary<R>(capacity: Int, _ body: (inout OutputWriter) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { scratch in
            var writer = OutputWriter(start: scratch.baseAddress.unsafelyUnwrapped, capacity: capacity)
            let result = body(&writer)
            precondition(writer.count <= capacity, "OutputBuffer: a write past the scratch memory")
            return result
        }
    }

    /// A string of what `body` writes into `capacity` bytes (UTF-8; a small string needs no
    /// allocation at all when `capacity` is at most 15).
    @inlinable @inline(__always)
    package static func string(capacity: Int, _ body: (inout OutputWriter) -> Void) -> String {
        if capacity <= 0 {
            withNothingReserved(body)
            return ""
        }
        return String(unsafeUninitializedCapacity: capacity) { out in
            var writer = OutputWriter(start: out.baseAddress.unsafelyUnwrapped, capacity: min(capacity, out.count))
            body(&writer)
            precondition(writer.count <= min(capacity, out.count), "OutputBuffer: a write past the string's storage")
            return writer.count
        }
    }
}

/// A value: its bytes are its identity, and it may cross threads (a request's fields go to
/// a worker).
extension OutputBuffer: Sendable, Equatable {}
