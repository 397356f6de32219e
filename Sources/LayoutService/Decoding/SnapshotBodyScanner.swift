import LayoutEngine
import TesseraJSON
import TesseraSupport

/// What `SnapshotBodyScanner` reads from a PUT snapshot body: the identifiers, packed as the
/// session keeps them, and the few small fields beside them.
package struct ScannedSnapshot {
    package var sectionIDs = IdentifierColumn()
    /// Every section's items, one section after another.
    package var itemIDs = IdentifierColumn()
    package var itemCounts: [Int] = []
    package var reloaded = IdentifierColumn()
    package var reconfigured = IdentifierColumn()
    package var rect: Rect? = nil
    /// `"rect": null`: plan every element (absent: the visible area).
    package var rectIsNull = false
    package var animatingDifferences = true
    /// The `anchor` value's own bytes, read by `ContentOffsetAnchor` (it is a few bytes long).
    package var anchor: [UInt8]? = nil
}

/// Reads a `PUT …/snapshot` body in its common form straight from its bytes, without the JSON
/// tape: each identifier is scanned once, checked as JSON and packed into its column in the
/// same pass (docs/snapshots.md "Reading the body"; docs/performance.md#snapshot-body-scanner).
///
/// The common form is the body object with `sections`, `reloaded`, `reconfigured`, `rect` and
/// `animatingDifferences`, each at most once; sections with `id`, `items` and at most a null
/// `layout`; identifiers that are strings without escapes (valid UTF-8, at most
/// `IdentifierReader.maxLength` bytes) or integers of at most 15 digits without a fraction or
/// an exponent. Anything else, valid or not, makes `scan` answer nil, and the generic path
/// (tape, then `SnapshotRequestDecoder`) reads the body and names any error. Whatever the
/// scanner takes, the generic path reads to the same request: `SnapshotBodyScannerTests` and
/// the decoders fuzz target hold the two together.
package struct SnapshotBodyScanner {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var p = 0

    private init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    package static func scan(_ body: [UInt8]) -> ScannedSnapshot? {
        // Packed ends are 32-bit, like the tape's offsets.
        guard body.count < Int(UInt32.max) else { return nil }
        return body.withUnsafeBufferPointer { buffer -> ScannedSnapshot? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
            var scanner = SnapshotBodyScanner(base: base, end: buffer.count)
            return scanner.body()
        }
    }

    private static let quote = UInt8(ascii: "\"")

    // MARK: The body

    private mutating func body() -> ScannedSnapshot? {
        var out = ScannedSnapshot()
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var seen: UInt8 = 0
        repeat {
            guard let name = key() else { return nil }
            let field: UInt8
            if matches(name, "sections") {
                field = 1
                guard sections(into: &out) else { return nil }
            } else if matches(name, "reloaded") {
                field = 2
                guard let column = identifierListOrNull() else { return nil }
                out.reloaded = column
            } else if matches(name, "reconfigured") {
                field = 4
                guard let column = identifierListOrNull() else { return nil }
                out.reconfigured = column
            } else if matches(name, "rect") {
                field = 8
                guard rect(into: &out) else { return nil }
            } else if matches(name, "anchor") {
                field = 32
                // Checked here, so that what the scanner takes the generic path takes too.
                guard let value = smallValue(), let tape = try? JSONTape.parse(value),
                    (try? ContentOffsetAnchor.read(tape.root)) != nil
                else { return nil }
                out.anchor = value
            } else if matches(name, "animatingDifferences") {
                field = 16
                if literal("true") {
                    out.animatingDifferences = true
                } else if literal("false") {
                    out.animatingDifferences = false
                } else if !literal("null") {
                    return nil
                }
            } else {
                return nil
            }
            // A key given twice is the decoder's error to name.
            guard seen & field == 0 else { return nil }
            seen |= field
        } while separator(closing: UInt8(ascii: "}"))
        guard !failed else { return nil }
        skipSpace()
        // `sections` is required; the rest of the document must be white space.
        guard p == end, seen & 1 != 0 else { return nil }
        return out
    }

    /// `sections`: an array of `{"id", "items"?, "layout": null?}` objects.
    private mutating func sections(into out: inout ScannedSnapshot) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        var sectionBytes = OutputBuffer(), sectionEnds: [UInt32] = []
        var itemBytes = OutputBuffer(), itemEnds: [UInt32] = []
        skipSpace()
        if !take(UInt8(ascii: "]")) {
            repeat {
                guard take(UInt8(ascii: "{")) else { return false }
                var seen: UInt8 = 0
                var count = 0
                repeat {
                    guard let name = key() else { return false }
                    let field: UInt8
                    if matches(name, "id") {
                        field = 1
                        guard p < end else { return false }
                        let base = self.base, end = self.end, start = p
                        var guess = 0
                        let next = sectionBytes.withReserved(IdentifierReader.maxLength + 1) { w in
                            Self.identifier(base, start, end, &guess, &w)
                        }
                        guard next >= 0 else { return false }
                        sectionEnds.append(UInt32(truncatingIfNeeded: sectionBytes.count))
                        p = next
                    } else if matches(name, "items") {
                        field = 2
                        if !literal("null") {
                            guard p < end, base[p] == UInt8(ascii: "[") else { return false }
                            let before = itemEnds.count
                            p = Self.identifiers(base, p, end, &itemBytes, &itemEnds)
                            guard p >= 0 else { return false }
                            count = itemEnds.count - before
                        }
                    } else if matches(name, "layout") {
                        // A section's own layout is the generic path's to decode.
                        field = 4
                        guard literal("null") else { return false }
                    } else {
                        return false
                    }
                    guard seen & field == 0 else { return false }
                    seen |= field
                } while separator(closing: UInt8(ascii: "}"))
                guard !failed, seen & 1 != 0 else { return false }
                out.itemCounts.append(count)
            } while separator(closing: UInt8(ascii: "]"))
            guard !failed else { return false }
        }
        guard let sectionIDs = Self.column(sectionBytes, sectionEnds), let itemIDs = Self.column(itemBytes, itemEnds) else {
            return false
        }
        out.sectionIDs = sectionIDs
        out.itemIDs = itemIDs
        return true
    }

    /// `reloaded` or `reconfigured`: an array of identifiers, or null for none.
    private mutating func identifierListOrNull() -> IdentifierColumn? {
        if literal("null") { return IdentifierColumn() }
        guard p < end, base[p] == UInt8(ascii: "[") else { return nil }
        var bytes = OutputBuffer(), ends: [UInt32] = []
        p = Self.identifiers(base, p, end, &bytes, &ends)
        guard p >= 0 else { return nil }
        return Self.column(bytes, ends)
    }

    /// `rect`: null, or a flat array or object, which the generic reader then reads on its
    /// own. An array or object value ends at its first closing bracket when it nests nothing,
    /// and no JSON value is a proper prefix of another, so a cut that parses is the value
    /// the whole body's parse would read; one that does not parse sends the body to the
    /// generic path.
    private mutating func rect(into out: inout ScannedSnapshot) -> Bool {
        if literal("null") {
            out.rectIsNull = true
            return true
        }
        guard p < end else { return false }
        let open = base[p]
        let close: UInt8
        switch open {
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        case UInt8(ascii: "{"): close = UInt8(ascii: "}")
        default: return false
        }
        var q = p &+ 1
        while q < end, base[q] != close {
            guard base[q] != UInt8(ascii: "["), base[q] != UInt8(ascii: "{") else { return false }
            q &+= 1
        }
        guard q < end else { return false }
        let value = Array(UnsafeBufferPointer(start: base + p, count: q &+ 1 &- p))
        guard let tape = try? JSONTape.parse(value), let rect = try? ValueReader.rect(tape.root, path: "rect") else { return false }
        out.rect = rect
        p = q &+ 1
        return true
    }

    /// A short value's bytes: a string without escapes, or an object or array of such strings,
    /// numbers and literals (the anchor: `"firstVisible"`, `{"kind": "header", "indexPath":
    /// [0, 3]}`), checked by the reader that parses them. Anything else is the generic path's.
    private mutating func smallValue() -> [UInt8]? {
        let start = p
        var depth = 0, inString = false
        while p < end, p - start < 256 {
            let c = base[p]
            p &+= 1
            if inString {
                if c == Self.quote { inString = false } else if c == UInt8(ascii: "\\") { return nil }
                if !inString && depth == 0 { return Array(UnsafeBufferPointer(start: base + start, count: p &- start)) }
                continue
            }
            switch c {
            case Self.quote: inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return nil }
                if depth == 0 { return Array(UnsafeBufferPointer(start: base + start, count: p &- start)) }
            case UInt8(ascii: ","):
                // A comma outside brackets ends a bare literal or number.
                if depth == 0 {
                    p &-= 1
                    return Array(UnsafeBufferPointer(start: base + start, count: p &- start))
                }
            default: break
            }
        }
        return nil
    }

    // MARK: Structure

    /// Set when a separator is neither a comma nor the expected closing bracket; the loops
    /// that end on `separator` check it.
    private var failed = false

    /// After a member or an element: true after a comma (another follows), false after the
    /// closing bracket or on anything else (which sets `failed`).
    private mutating func separator(closing: UInt8) -> Bool {
        skipSpace()
        guard p < end else {
            failed = true
            return false
        }
        if base[p] == UInt8(ascii: ",") {
            p &+= 1
            skipSpace()
            return true
        }
        if base[p] != closing { failed = true }
        p &+= 1
        return false
    }

    /// A member's key (a plain string) and its colon; the bytes of the key, with the position
    /// at the value after them.
    private mutating func key() -> Range<Int>? {
        skipSpace()
        guard p < end, base[p] == Self.quote else { return nil }
        let close = Self.closingQuote(base, p &+ 1, end)
        guard close >= 0 else { return nil }
        let name = p &+ 1..<close
        p = close &+ 1
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        return name
    }

    private func matches(_ name: Range<Int>, _ word: StaticString) -> Bool {
        guard name.count == word.utf8CodeUnitCount else { return false }
        for k in 0..<name.count where base[name.lowerBound &+ k] != word.utf8Start[k] { return false }
        return true
    }

    /// `word` at the position (not yet followed by anything: the separator after it checks that).
    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard end &- p >= n else { return false }
        for k in 0..<n where base[p &+ k] != word.utf8Start[k] { return false }
        p &+= n
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard p < end, base[p] == byte else { return false }
        p &+= 1
        return true
    }

    private mutating func skipSpace() {
        p = Self.skipSpace(base, p, end)
    }

    /// JSON's white space (RFC 8259 §2). Compact bodies have none, and every structural byte
    /// is above 0x20, so that costs one comparison.
    @inline(__always)
    static func skipSpace(_ base: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        var q = from
        while q < end, base[q] <= 0x20 {
            switch base[q] {
            case 0x20, 0x0A, 0x0D, 0x09: q &+= 1
            default: return q
            }
        }
        return q
    }

    /// The column made of what the scanner packed. Its arrays were sized from the body as it
    /// went, so they are copied to their size (the session keeps them) only when more than an
    /// eighth of their room is left over; nil past the packed form's 4 GiB.
    private static func column(_ bytes: OutputBuffer, _ ends: [UInt32]) -> IdentifierColumn? {
        guard bytes.count <= IdentifierColumn.maxByteCount else { return nil }
        guard !ends.isEmpty else { return IdentifierColumn() }
        var packed = bytes.bytes, packedEnds = ends
        if packed.capacity - packed.count > packed.count / 8 {
            var exact = OutputBuffer(capacity: packed.count)
            exact.append(contentsOf: packed)
            packed = exact.bytes
        }
        if packedEnds.capacity - packedEnds.count > packedEnds.count / 8 {
            packedEnds = []
            packedEnds.reserveCapacity(ends.count)
            packedEnds.append(contentsOf: ends)
        }
        return IdentifierColumn(packedBytes: packed, ends: packedEnds)
    }
}
