/// An immutable array kept in chunks of 4,096 elements, so that a prepared layout updated
/// after a batch update shares every chunk before the first one it changes: an edit near
/// the end of a million items copies one chunk and a few hundred references, not the items.
/// Reads cost one more index than a flat array.
struct ChunkedArray<Element: Sendable>: Sendable {
    static var shift: Int { 12 }
    static var chunkSize: Int { 1 << shift }

    fileprivate(set) var chunks: [[Element]] = []
    fileprivate(set) var count = 0

    @inline(__always)
    subscript(i: Int) -> Element {
        chunks[i &>> Self.shift][i & (Self.chunkSize &- 1)]
    }

    /// Bytes held: the elements' capacity and the chunk references.
    var storageBytes: Int {
        var total = 8 * chunks.capacity
        for chunk in chunks { total += MemoryLayout<Element>.stride * chunk.capacity }
        return total
    }
}

/// Builds a `ChunkedArray` by appending, optionally after the kept prefix of another.
struct ChunkedArrayBuilder<Element: Sendable> {
    private var chunks: [[Element]]
    private var current: [Element]
    private var count: Int

    /// - Parameters:
    ///   - prefix: an existing array whose first `keeping` elements come first; they are
    ///     shared, except the partly kept chunk, which is copied.
    ///   - upcoming: an upper bound on the elements still to be appended, so that chunks are
    ///     allocated at most at the size they will need.
    init(prefix: ChunkedArray<Element>? = nil, keeping: Int = 0, upcoming: Int) {
        let size = ChunkedArray<Element>.chunkSize
        chunks = []
        current = []
        count = keeping
        if let prefix, keeping > 0 {
            precondition(keeping <= prefix.count)
            let whole = keeping / size, rest = keeping % size
            chunks.reserveCapacity(whole + 1 + max(0, upcoming) / size + 1)
            chunks.append(contentsOf: prefix.chunks[0..<whole])
            if rest > 0 {
                current.reserveCapacity(min(size, rest + max(0, upcoming)))
                current.append(contentsOf: prefix.chunks[whole][0..<rest])
            }
        } else {
            chunks.reserveCapacity(max(0, upcoming) / size + 1)
        }
        if current.capacity == 0 { current.reserveCapacity(min(size, max(1, upcoming))) }
    }

    /// Appends `x`; `upcoming` bounds the elements still to come after it (for chunk sizes).
    @inline(__always)
    mutating func append(_ x: Element, upcoming: Int) {
        current.append(x)
        count &+= 1
        if current.count == ChunkedArray<Element>.chunkSize {
            chunks.append(current)
            current = []
            current.reserveCapacity(min(ChunkedArray<Element>.chunkSize, max(1, upcoming)))
        }
    }

    /// The array; a last chunk allocated well beyond its use is shrunk to fit.
    consuming func finish() -> ChunkedArray<Element> {
        if !current.isEmpty {
            if current.capacity - current.count > 64 {
                let used = current
                current = [Element](unsafeUninitializedCapacity: used.count) { buffer, initialized in
                    _ = buffer.initialize(fromContentsOf: used)
                    initialized = used.count
                }
            }
            chunks.append(current)
        }
        var out = ChunkedArray<Element>()
        out.chunks = chunks
        out.count = count
        return out
    }
}
