/// Identifiers packed one after another in one byte array: a tag byte (0: string, 1: integer)
/// then the string's UTF-8 bytes or the integer's 8 little-endian bytes. A session keeps its
/// items' identifiers this way: 1 + length + 4 bytes each (21 for a 16-byte identifier)
/// instead of a `SnapshotIdentifier` (24 bytes, plus a heap string beyond 15 bytes), and two
/// identifiers are equal exactly when their packed bytes are (`1` and `"1"` differ by tag).
public struct IdentifierColumn: Hashable, Sendable {
    /// Tags and payloads.
    public internal(set) var bytes: [UInt8] = []
    /// Where each identifier's bytes end (its start is the previous end).
    public internal(set) var ends: [UInt32] = []

    /// The packed form's limit: ends are 32-bit.
    public static let maxByteCount = Int(UInt32.max)
    /// The tag bytes (the service's decoders pack runs of strings themselves).
    /// (Constants the compiler sees across modules, not globals behind an accessor: the
    /// scanner writes one per identifier.)
    @inlinable package static var stringTag: UInt8 { 0 }
    @inlinable package static var integerTag: UInt8 { 1 }

    public init() {}

    public init(_ ids: some Sequence<SnapshotIdentifier>) {
        for id in ids { append(id) }
    }

    /// A column from its stored parts; nil when they do not describe one (ends out of order or
    /// past the bytes, an unknown tag, an integer of the wrong width).
    public init?(bytes: [UInt8], ends: [UInt32]) {
        var start = 0
        for end in ends {
            let end = Int(end)
            guard end > start, end <= bytes.count else { return nil }
            switch bytes[start] {
            case Self.stringTag: break
            case Self.integerTag: guard end - start == 9 else { return nil }
            default: return nil
            }
            start = end
        }
        guard start == bytes.count else { return nil }
        self.bytes = bytes
        self.ends = ends
    }

    /// A column from parts its maker built in the packed form (the service's decoders pack
    /// runs of strings this way); checked in debug builds only.
    package init(packedBytes bytes: [UInt8], ends: [UInt32]) {
        assert(IdentifierColumn(bytes: bytes, ends: ends) != nil, "not a packed identifier column")
        self.bytes = bytes
        self.ends = ends
    }

    /// Equal columns hold the same identifiers in the same order: the same bytes and ends,
    /// compared eight bytes at a time (`Array`'s own `==` compares a byte at a time, which
    /// was most of an equal snapshot's PUT; docs/performance.md#equal-snapshot).
    public static func == (a: IdentifierColumn, b: IdentifierColumn) -> Bool {
        // The bytes first: columns of identifiers of one length have the same ends even where
        // the identifiers differ, so the bytes tell most unequal columns apart sooner.
        a.ends.count == b.ends.count && a.bytes.count == b.bytes.count
            && a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in sameBytes(x, y) } }
            && a.ends.withUnsafeBytes { x in b.ends.withUnsafeBytes { y in sameBytes(x, y) } }
    }

    /// Whether two buffers of the same length hold the same bytes.
    private static func sameBytes(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Bool {
        let n = x.count
        var k = 0
        while k &+ 8 <= n {
            guard x.loadUnaligned(fromByteOffset: k, as: UInt64.self) == y.loadUnaligned(fromByteOffset: k, as: UInt64.self) else {
                return false
            }
            k &+= 8
        }
        while k < n {
            guard x[k] == y[k] else { return false }
            k &+= 1
        }
        return true
    }

    public var count: Int { ends.count }
    public var isEmpty: Bool { ends.isEmpty }
    public var byteCount: Int { bytes.count }

    /// Bytes `append` adds for an identifier of `length` UTF-8 bytes (string) or an integer.
    public static func packedSize(stringLength length: Int) -> Int { 1 + length }
    public static let packedIntegerSize = 9

    public mutating func reserveCapacity(identifiers: Int, bytes byteCount: Int) {
        ends.reserveCapacity(identifiers)
        bytes.reserveCapacity(byteCount)
    }

    public mutating func append(_ id: SnapshotIdentifier) {
        switch id {
        case .string(let s): appendString(utf8: s.utf8)
        case .integer(let i): appendInteger(i)
        }
    }

    /// Appends a string identifier. The caller keeps the column under `maxByteCount`.
    public mutating func appendString(utf8: some Collection<UInt8>) {
        precondition(bytes.count + 1 + utf8.count <= Self.maxByteCount, "identifier column past 4 GiB")
        bytes.append(Self.stringTag)
        bytes.append(contentsOf: utf8)
        ends.append(UInt32(bytes.count))
    }

    public mutating func appendInteger(_ value: Int) {
        precondition(bytes.count + Self.packedIntegerSize <= Self.maxByteCount, "identifier column past 4 GiB")
        bytes.append(Self.integerTag)
        var v = UInt64(bitPattern: Int64(value))
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
        ends.append(UInt32(bytes.count))
    }

    /// Appends identifier `i` of another column.
    public mutating func append(from other: IdentifierColumn, at i: Int) {
        let range = other.range(i)
        precondition(bytes.count + range.count <= Self.maxByteCount, "identifier column past 4 GiB")
        bytes.append(contentsOf: other.bytes[range])
        ends.append(UInt32(bytes.count))
    }

    /// The byte range of identifier `i`, its tag included.
    @inline(__always)
    func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
    }

    public subscript(i: Int) -> SnapshotIdentifier {
        let r = range(i)
        if bytes[r.lowerBound] == Self.integerTag {
            var v: UInt64 = 0
            for k in (r.lowerBound + 1..<r.upperBound).reversed() { v = v << 8 | UInt64(bytes[k]) }
            return .integer(Int(Int64(bitPattern: v)))
        }
        return .string(String(decoding: bytes[r.lowerBound + 1..<r.upperBound], as: UTF8.self))
    }

    /// Whether identifier `i` is a string (otherwise an integer), and its UTF-8 bytes if so.
    public func utf8(at i: Int) -> ArraySlice<UInt8>? {
        let r = range(i)
        return bytes[r.lowerBound] == Self.stringTag ? bytes[r.lowerBound + 1..<r.upperBound] : nil
    }

    /// A new column of the identifiers at `positions`, in that order.
    public func gathering(_ positions: some Sequence<Int>) -> IdentifierColumn {
        var out = IdentifierColumn()
        for p in positions { out.append(from: self, at: p) }
        return out
    }

    /// A new column of identifiers `range`.
    public func slice(_ range: Range<Int>) -> IdentifierColumn {
        guard !range.isEmpty else { return IdentifierColumn() }
        let start = self.range(range.lowerBound).lowerBound, end = self.range(range.upperBound - 1).upperBound
        var out = IdentifierColumn()
        out.bytes = Array(bytes[start..<end])
        out.ends = ends[range].map { $0 - UInt32(start) }
        return out
    }

    /// Appends `other`'s identifiers; an empty column becomes `other` (its arrays, no copy).
    public mutating func append(contentsOf other: IdentifierColumn) {
        if ends.isEmpty && bytes.isEmpty {
            self = other
            return
        }
        precondition(bytes.count + other.bytes.count <= Self.maxByteCount, "identifier column past 4 GiB")
        let base = UInt32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
    }

    public var identifiers: [SnapshotIdentifier] { (0..<count).map { self[$0] } }

    /// The columns one after another, in arrays of exactly their size (a lone column as it is).
    package static func joined(_ columns: [IdentifierColumn]) -> IdentifierColumn {
        guard columns.count > 1 else { return columns.first ?? IdentifierColumn() }
        var out = IdentifierColumn()
        out.reserveCapacity(identifiers: columns.reduce(0) { $0 + $1.count }, bytes: columns.reduce(0) { $0 + $1.byteCount })
        for c in columns {
            precondition(out.bytes.count + c.bytes.count <= Self.maxByteCount, "identifier column past 4 GiB")
            let base = UInt32(out.bytes.count)
            out.bytes.append(contentsOf: c.bytes)
            out.ends.append(contentsOf: c.ends.lazy.map { $0 + base })
        }
        return out
    }
}
