/// Small writes gathered in a block of memory the stage owns and moved into an
/// `OutputBuffer` a block at a time: for a writer that makes one small reservation per piece
/// of a long reply (an element of a streamed rect reply), where each of the buffer's own
/// reservations (the array's `append(addingCapacity:)`, ~130 instructions) cost about as
/// much as writing the piece (docs/performance.md#staged-elements).
///
/// Reservations are the buffer's, over the stage's block: `withReserved(n)` lends an
/// `OutputWriter` over exactly `n` bytes of the block (moving what the block holds into the
/// buffer first when fewer are left), every store checked against `n` as the buffer's are,
/// and keeps what the writer wrote. `flush` moves the block's bytes into the buffer in one
/// copy; a stage dropped before its last flush loses them, so its owner flushes before it
/// reads the buffer. docs/memory-safety.md.
///
/// Noncopyable: it owns its block, freed when it goes.
@usableFromInline package struct OutputStage: ~Copyable {
    @usableFromInline let block: UnsafeMutablePointer<UInt8>
    /// The block's size: the largest reservation the stage takes.
    @usableFromInline package let capacity: Int
    /// Bytes of the block written and not yet moved into the buffer.
    @usableFromInline var used = 0

    package init(capacity: Int) {
        precondition(capacity > 0, "OutputStage: an empty stage")
        self.capacity = capacity
        block = .allocate(capacity: capacity)
    }

    deinit {
        block.deallocate()
    }

    /// Lends `body` a writer over exactly `n` bytes of the block (n at most `capacity`),
    /// moving the block's bytes into `buffer` first when fewer than `n` are left, then keeps
    /// what the writer wrote.
    @inlinable @inline(__always)
    package mutating func withReserved<R>(
        _ n: Int, flushingInto buffer: inout OutputBuffer, _ body: (inout OutputWriter) -> R
    ) -> R {
        precondition(n >= 0 && n <= capacity, "OutputStage: a reservation larger than the stage")
        if capacity &- used < n { flush(into: &buffer) }
        var writer = OutputWriter(start: block + used, capacity: n)
        let result = body(&writer)
        // In release builds too, as the buffer's reservations are checked.
        precondition(writer.count <= n, "OutputStage: a write past the reservation")
        used &+= writer.count
        return result
    }

    /// Moves the bytes written so far into `buffer`, in one copy.
    @inlinable
    package mutating func flush(into buffer: inout OutputBuffer) {
        guard used > 0 else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(start: block, count: used))
        used = 0
    }
}
