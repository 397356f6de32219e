import Glibc

/// Bytes being written, in storage that is kept between uses. The only way in is a
/// reservation: `reserve(n) { writer in ... }` makes room for n bytes, hands a `Writer`
/// over exactly that room, whose every store checks that it stays inside it, and then
/// commits what the writer wrote. No caller counts a capacity.
///
/// Why not `[UInt8].append(contentsOf:)`: an append costs ~60 instructions of uniqueness
/// and capacity checks and generic copying, and a reply head is ~30 of them (callgrind,
/// cached rect query: 4,080 instructions for the head; 1,000 with one reservation a field;
/// docs/performance.md).
struct OutputBytes: Sendable, Equatable {
    private var storage: [UInt8] = []
    /// Bytes written: storage[..<count].
    private(set) var count = 0
    private let initialCapacity: Int

    init(capacity: Int) {
        initialCapacity = capacity
    }

    var isEmpty: Bool { count == 0 }

    static func == (lhs: OutputBytes, rhs: OutputBytes) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    mutating func removeAll() {
        count = 0
    }

    /// Stores into `capacity` reserved bytes, each store checked against the reservation.
    struct Writer: ~Copyable {
        private let base: UnsafeMutableRawPointer
        let capacity: Int
        private(set) var written = 0

        fileprivate init(base: UnsafeMutableRawPointer, capacity: Int) {
            self.base = base
            self.capacity = capacity
        }

        mutating func put(_ bytes: UnsafeRawBufferPointer) {
            precondition(bytes.count <= capacity - written, "OutputBytes: a write past its reservation")
            guard let source = bytes.baseAddress else { return }
            (base + written).copyMemory(from: source, byteCount: bytes.count)
            written += bytes.count
        }

        mutating func put(_ text: StaticString) {
            put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    /// Makes room for `byteCount` bytes, lets `body` write into them, and keeps what it
    /// wrote.
    mutating func reserve<Result>(_ byteCount: Int, _ body: (inout Writer) -> Result) -> Result {
        if count + byteCount > storage.count { grow(toHold: count + byteCount) }
        let start = count
        let (result, written) = storage.withUnsafeMutableBytes { room in
            var writer = Writer(base: room.baseAddress! + start, capacity: min(byteCount, room.count - start))
            let result = body(&writer)
            return (result, writer.written)
        }
        count += written
        return result
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count) { $0.put(bytes) }
    }

    mutating func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func write(_ text: String) {
        text.withUTF8Bytes { write($0) }
    }

    /// Zero-filled storage of at least `needed` bytes (doubling), the written bytes kept.
    private mutating func grow(toHold needed: Int) {
        var grown = [UInt8](repeating: 0, count: max(needed, 2 * storage.count, initialCapacity))
        if count > 0 {
            grown.withUnsafeMutableBytes { target in
                storage.withUnsafeBytes { target.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
            }
        }
        storage = grown
    }

    /// The bytes written, valid during `body`.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}
