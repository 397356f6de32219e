import LayoutEngine
import TesseraJSON
import TesseraSupport

/// Section and item identifiers (docs/snapshots.md): a JSON string of at most
/// `maxLength` UTF-8 bytes, or an integer (a number without fraction, within ±(2^53 − 1), where
/// every integer is exact and no two integers share a double: 2^53 + 1 reads as 2^53, so both
/// are refused rather than made one identifier). Strings without escapes are copied straight off the tape.
enum IdentifierReader {
    static let maxLength = 256
    static let maxInteger = 9_007_199_254_740_991.0

    static func append(_ v: JSONValue, to column: inout IdentifierColumn, path: @autoclosure () -> String) throws(APIError) {
        let node = v.tape.nodes[v.index]
        switch node.kind {
        case .string:
            let length = Int(node.b) - Int(node.a)
            if !node.flag {
                try check(length, column, path)
                column.appendString(utf8: v.tape.bytes[Int(node.a)..<Int(node.b)])
            } else {
                let s = v.string ?? ""
                try check(s.utf8.count, column, path)
                column.appendString(utf8: s.utf8)
            }
        case .number:
            let d = v.double ?? .nan
            guard d == d.rounded(.towardZero), abs(d) <= maxInteger else {
                throw .invalidRequest(path(), "an identifier is a string or an integer within ±(2^53 − 1) (9007199254740991), not \(number: d)")
            }
            guard column.byteCount + IdentifierColumn.packedIntegerSize <= IdentifierColumn.maxByteCount else {
                throw tooMany(path())
            }
            column.appendInteger(Int(d))
        default:
            throw .invalidRequest(path(), "an identifier is a string or an integer, not \(v.typeName)")
        }
    }

    private static func check(_ length: Int, _ column: IdentifierColumn, _ path: () -> String) throws(APIError) {
        guard length <= maxLength else {
            throw .invalidRequest(path(), "an identifier has at most \(maxLength) UTF-8 bytes (this one has \(length))")
        }
        guard column.byteCount + IdentifierColumn.packedSize(stringLength: length) <= IdentifierColumn.maxByteCount else {
            throw tooMany(path())
        }
    }

    private static func tooMany(_ path: String) -> APIError {
        .invalidRequest(path, "the identifiers take more than 4 GiB together")
    }

    /// A list of identifiers (`itemIds`, `reloaded`, an operation's `items`).
    static func column(_ v: JSONValue, path: String, maxCount: Int) throws(APIError) -> IdentifierColumn {
        guard v.kind == .array else { throw .invalidRequest(path, "must be an array of identifiers (strings or integers)") }
        guard v.count <= maxCount else { throw .invalidRequest(path, "has \(v.count) identifiers; a session holds at most \(maxCount) items") }
        var column = IdentifierColumn()
        var node = v.index + 1, k = 0
        let end = v.end
        while node < end {
            if let run = stringRun(v.tape, from: node, end: end, byteBudget: IdentifierColumn.maxByteCount - column.byteCount) {
                column.append(contentsOf: run.column)
                node = run.next
                k += run.column.count
                continue
            }
            if column.isEmpty { column.reserveCapacity(identifiers: v.count, bytes: v.count * 12) }
            let element = JSONValue(tape: v.tape, index: node)
            try append(element, to: &column, path: "\(path)[\(k)]")
            node = element.end
            k += 1
        }
        return column
    }

    /// Fast path for long lists of identifiers: the run of strings without escapes, each of at
    /// most `maxLength` bytes, that starts at node `start` (elements of one array, which ends
    /// at node `end`), packed into a new column through one reservation of exactly their size,
    /// straight from the tape's nodes: no `JSONValue`, no field path, no check or append per
    /// identifier. nil when the element at `start` is not such a string, or the run would take
    /// the column past `byteBudget` bytes (`append`, the slow path, then decodes or refuses
    /// it). Both pack the same bytes (`IdentifierReaderTests`).
    static func stringRun(_ tape: JSONTape, from start: Int, end: Int, byteBudget: Int) -> (column: IdentifierColumn, next: Int)? {
        tape.nodes.withUnsafeBufferPointer { nodes -> (column: IdentifierColumn, next: Int)? in
            // The run's extent: strings without escapes. Their lengths are summed and their
            // longest kept, and only a run that breaks a limit is measured again item by item
            // (half the instructions of checking both limits on every item).
            var node = start, bytes = 0, longest = 0
            while node < end {
                let n = nodes[node]
                guard n.kind == .string, !n.flag else { break }
                let length = Int(n.b &- n.a)
                bytes &+= length
                longest = max(longest, length)
                node &+= 1
            }
            var packed = bytes &+ (node &- start)
            if longest > maxLength || packed > byteBudget {
                let strings = node
                node = start
                packed = 0
                while node < strings {
                    let length = Int(nodes[node].b &- nodes[node].a)
                    guard length <= maxLength, packed + 1 + length <= byteBudget else { break }
                    packed += 1 + length
                    node += 1
                }
            }
            guard node > start else { return nil }
            let count = node - start
            var out = OutputBuffer(capacity: packed)
            let ends = [UInt32](unsafeUninitializedCapacity: count) { ends, initialized in
                tape.bytes.withUnsafeBytes { bytes in
                    out.withReserved(packed) { w in
                        for k in 0..<count {
                            let n = nodes[start &+ k]
                            let from = Int(n.a), length = Int(n.b &- n.a)
                            w.byte(IdentifierColumn.stringTag)
                            if length >= 8 {
                                // Eight bytes at a time, the last eight overlapping the ones
                                // before: no copy call per identifier, and no loop turn for
                                // one of 9 to 16 bytes.
                                w.store(littleEndian: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: from, as: UInt64.self)), at: 0)
                                var c = 8
                                while c &+ 8 < length {
                                    w.store(
                                        littleEndian: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: from &+ c, as: UInt64.self)), at: c)
                                    c &+= 8
                                }
                                w.store(
                                    littleEndian: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: from &+ length &- 8, as: UInt64.self)),
                                    at: length &- 8)
                                w.advance(by: length)
                            } else {
                                w.bytes(UnsafeRawBufferPointer(rebasing: bytes[from..<from &+ length]))
                            }
                            ends.initializeElement(at: k, to: UInt32(truncatingIfNeeded: w.count))
                        }
                    }
                }
                initialized = count
            }
            // Tags and ends in order by construction (`IdentifierReaderTests` holds the run to
            // the slow path's column, which goes through the checked appends).
            let column = IdentifierColumn(packedBytes: out.bytes, ends: ends)
            return (column, node)
        }
    }
}

extension IdentifierReader {
    /// One identifier as a value.
    static func identifier(_ v: JSONValue, path: String) throws(APIError) -> SnapshotIdentifier {
        var column = IdentifierColumn()
        try append(v, to: &column, path: path)
        return column[0]
    }
}
