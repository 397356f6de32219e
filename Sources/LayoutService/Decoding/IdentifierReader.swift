import LayoutEngine

/// Section and item identifiers (docs/snapshots.md): a JSON string of at most
/// `maxLength` UTF-8 bytes, or an integer (a number without fraction, within ±2^53 where
/// every integer is exact). Strings without escapes are copied straight off the tape.
enum IdentifierReader {
    static let maxLength = 256
    static let maxInteger = 9_007_199_254_740_992.0

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
                throw .invalidRequest(path(), "an identifier is a string or an integer (within ±2^53), not \(number: d)")
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
        guard let elements = v.arrayElements else { throw .invalidRequest(path, "must be an array of identifiers (strings or integers)") }
        guard v.count <= maxCount else { throw .invalidRequest(path, "has \(v.count) identifiers; a session holds at most \(maxCount) items") }
        var column = IdentifierColumn()
        column.reserveCapacity(identifiers: v.count, bytes: v.count * 12)
        var k = 0
        for element in elements {
            try append(element, to: &column, path: "\(path)[\(k)]")
            k += 1
        }
        return column
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
