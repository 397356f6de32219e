import LayoutEngine
import TesseraJSON

/// Reads a section's `items` array straight off the tape into column storage. This is the
/// hot path for million-item bodies, so it walks nodes by index and builds a field path
/// only when it has an error to report.
struct ItemsDecoder {
    let path: String
    /// The layout that will read the items, for the fields only some layouts take.
    let kind: LayoutKind
    let identifiers: IdentifierMode

    /// What an item's identifier may be (docs/snapshots.md).
    enum IdentifierMode: Equatable {
        /// A data source: `{"id": …, …}` objects; all of a section's items or none.
        case accepted
        /// Items for a session without identifiers (its updates): an `id` is refused.
        case refused
        /// A snapshot's entries: a bare string or integer is an identifier alone, an object
        /// an identifier with data; every entry has one.
        case entries
    }

    /// What `decodeIdentified` answers: the section's data, its items' identifiers (nil when
    /// none had one), and in `entries` mode which items came with data (nil: none did).
    struct Decoded {
        var section: SectionData
        var ids: IdentifierColumn?
        var given: [Bool]?
    }

    private var sizes: [Size]? = nil
    private var heights: [Double]? = nil
    private var ratios: [Double]? = nil
    private var children: [[Int]]? = nil
    private var ids: IdentifierColumn? = nil
    private var given: [Bool]? = nil
    private var count = 0

    init(path: String, kind: LayoutKind, identifiers: IdentifierMode = .refused) {
        self.path = path
        self.kind = kind
        self.identifiers = identifiers
    }

    private func itemPath(_ i: Int, _ key: String? = nil) -> String {
        key.map { "\(path)[\(i)].\(ClientText.fieldName($0))" } ?? "\(path)[\(i)]"
    }

    static func decode(_ array: JSONValue, path: String, kind: LayoutKind, overrides: SectionOverrides) throws(APIError) -> SectionData {
        var decoder = ItemsDecoder(path: path, kind: kind)
        return try decoder.run(array, overrides: overrides).section
    }

    static func decodeIdentified(
        _ array: JSONValue, path: String, kind: LayoutKind, overrides: SectionOverrides,
        identifiers: IdentifierMode
    ) throws(APIError) -> Decoded {
        var decoder = ItemsDecoder(path: path, kind: kind, identifiers: identifiers)
        return try decoder.run(array, overrides: overrides)
    }

    private mutating func run(_ array: JSONValue, overrides: SectionOverrides) throws(APIError) -> Decoded {
        guard array.kind == .array else {
            throw .invalidRequest(path, "must be an array of items, not \(array.typeName)")
        }
        count = array.count
        var i = 0
        var node = array.index + 1
        let end = array.end
        while node < end {
            // A snapshot's entries all carry an identifier, which the size run's shape has not;
            // their own fast path takes runs of bare string identifiers.
            let run =
                identifiers == .entries
                ? identifierRun(array.tape, from: node, end: end, firstItem: i)
                : sizeItemRun(array.tape, from: node, end: end, firstItem: i)
            node = run.next
            i += run.items
            guard node < end else { break }
            let item = JSONValue(tape: array.tape, index: node)
            try readItem(item, at: i)
            node = item.end
            i += 1
        }
        if let ids, ids.count < count { throw missingIdentifier(ids.count) }
        return Decoded(
            section: SectionData(
                itemCount: count, sizes: sizes, heights: heights, aspectRatios: ratios,
                children: children, overrides: overrides),
            ids: ids, given: given)
    }

    /// Identifiers are all or nothing within a section: the first item without one.
    private func missingIdentifier(_ i: Int) -> APIError {
        .invalidRequest(itemPath(i, "id"), "is required: the other items of this section have identifiers")
    }

    /// Appends item `i`'s identifier (`key`: the field it came in, nil for a bare entry).
    private mutating func appendIdentifier(_ v: JSONValue, at i: Int, key: String?) throws(APIError) {
        var column: IdentifierColumn
        if let ids {
            guard ids.count == i else { throw missingIdentifier(ids.count) }
            column = ids
            self.ids = nil // one reference while appending, so the append does not copy
        } else {
            guard i == 0 else { throw missingIdentifier(0) }
            column = IdentifierColumn()
            column.reserveCapacity(identifiers: count, bytes: count * 12)
        }
        let path = self.path
        try IdentifierReader.append(v, to: &column, path: key.map { "\(path)[\(i)].\($0)" } ?? "\(path)[\(i)]")
        ids = column
    }

    /// Fast path for a snapshot's bare string identifiers (`IdentifierReader.stringRun`): a run
    /// of them is packed in one piece and appended to the column; `readItem` (the slow path)
    /// then takes the entry that ended the run. Only where every item so far has its
    /// identifier (otherwise the slow path names the one missing).
    private mutating func identifierRun(_ tape: JSONTape, from start: Int, end: Int, firstItem: Int) -> (next: Int, items: Int) {
        guard (ids?.count ?? 0) == firstItem,
            let run = IdentifierReader.stringRun(
                tape, from: start, end: end,
                byteBudget: IdentifierColumn.maxByteCount - (ids?.byteCount ?? 0))
        else { return (start, 0) }
        if ids == nil {
            ids = run.column
        } else {
            ids!.append(contentsOf: run.column)
        }
        return (run.next, run.column.count)
    }

    /// Fast path for the shape of long lists, `{"size": [w, h]}` with two in-range numbers:
    /// a run of such items is recognised on the tape's nodes by index (an object of one
    /// member, an unescaped key "size", an array of two numbers) and stored without a
    /// `JSONValue`, a key comparison through String or an error path. Returns the node after
    /// the run and how many items it held (0 when the item at `start` has another shape);
    /// `readItem` (the slow path) then decodes and judges the item that ended the run. Both
    /// store the same size, as `CompactDataSourceTests` and `ItemsDecoderTests` check.
    ///
    /// The tape's buffers and the sizes column are taken once per run, not once per item:
    /// measured faster (Benchmarks/callgrind-create.sh, decode = create − parse − prepare;
    /// docs/performance.md#size-item-runs).
    private mutating func sizeItemRun(_ tape: JSONTape, from start: Int, end: Int, firstItem: Int) -> (next: Int, items: Int) {
        tape.nodes.withUnsafeBufferPointer { nodes in
            tape.bytes.withUnsafeBytes { bytes in
                guard Self.sizeItem(nodes, bytes, at: start) != nil else { return (start, 0) }
                if sizes == nil { sizes = [Size](repeating: Size(width: .nan, height: .nan), count: count) }
                var node = start, i = firstItem
                sizes!.withUnsafeMutableBufferPointer { column in
                    while node < end, i < column.count, let size = Self.sizeItem(nodes, bytes, at: node) {
                        column[i] = size
                        node = Int(nodes[node].a)
                        i += 1
                    }
                }
                return (node, i - firstItem)
            }
        }
    }

    /// The size of a `{"size": [w, h]}` item at `node`, or nil for any other shape or value.
    @inline(__always)
    private static func sizeItem(
        _ nodes: UnsafeBufferPointer<JSONTape.Node>, _ bytes: UnsafeRawBufferPointer,
        at node: Int
    ) -> Size? {
        guard node + 4 < nodes.count else { return nil }
        let object = nodes[node], key = nodes[node + 1], pair = nodes[node + 2]
        guard object.kind == .object, object.b == 1, key.kind == .string, !key.flag, key.b &- key.a == 4,
            pair.kind == .array, pair.b == 2
        else { return nil }
        let w = nodes[node + 3], h = nodes[node + 4]
        guard w.kind == .number, h.kind == .number,
            bytes.loadUnaligned(fromByteOffset: Int(key.a), as: UInt32.self) == sizeKey
        else { return nil }
        let width = JSONTape.double(w), height = JSONTape.double(h)
        guard width >= 0, height >= 0, width <= ValueReader.maxMagnitude,
            height <= ValueReader.maxMagnitude
        else { return nil }
        return Size(width: width, height: height)
    }

    /// "size" as the little-endian UInt32 its four bytes load as ("s" 0x73 lowest).
    private static var sizeKey: UInt32 { 0x657A_6973 }

    private mutating func readItem(_ item: JSONValue, at i: Int) throws(APIError) {
        if identifiers == .entries {
            switch item.kind {
            case .string, .number: return try appendIdentifier(item, at: i, key: nil)
            case .object: break
            default:
                throw .invalidRequest(
                    itemPath(i),
                    "a snapshot's item is an identifier (a string or an integer) or an object with \"id\" and the item's data, not \(item.typeName)")
            }
        }
        switch item.kind {
        case .number:
            // A bare number is an aspect ratio (docs/api.md); the layout judges its value.
            setRatio(item.double!, at: i)
        case .array:
            // A bare [w, h] is a size: the compact form for long lists.
            setSize(try ValueReader.size(item, path: itemPath(i)), at: i)
        case .object:
            try readItemObject(item, at: i)
        default:
            throw .invalidRequest(itemPath(i), "an item must be an object, a [width, height] size or an aspect ratio, not \(item.typeName)")
        }
    }

    private mutating func readItemObject(_ item: JSONValue, at i: Int) throws(APIError) {
        var it = item.objectMembers!.makeIterator()
        // One bit per known field: a key given twice is ambiguous, so it is refused.
        var seen: UInt8 = 0
        func once(_ bit: UInt8, _ name: String) throws(APIError) {
            guard seen & bit == 0 else { throw .invalidRequest(itemPath(i, name), "duplicate key \(ClientText.quoted(name))") }
            seen |= bit
        }
        while let key = it.next(), let value = it.next() {
            if key.stringEquals("id") {
                try once(16, "id")
                guard identifiers != .refused else {
                    throw .invalidRequest(itemPath(i, "id"), "this session was created without identifiers, so its items take none")
                }
                try appendIdentifier(value, at: i, key: "id")
            } else if key.stringEquals("size") {
                try once(1, "size")
                if let size = fastSize(value) {
                    setSize(size, at: i)
                } else {
                    setSize(try ValueReader.size(value, path: itemPath(i, "size")), at: i)
                }
            } else if key.stringEquals("height") {
                try once(2, "height")
                let h = try ValueReader.number(value, path: itemPath(i, "height"))
                guard h >= 0 else { throw .invalidRequest(itemPath(i, "height"), "must not be negative (got \(number: h))") }
                setHeight(h, at: i)
            } else if key.stringEquals("aspectRatio") {
                try once(4, "aspectRatio")
                setRatio(try ValueReader.number(value, path: itemPath(i, "aspectRatio")), at: i)
            } else if key.stringEquals("children") {
                try once(8, "children")
                guard kind.readsChildren else {
                    throw .invalidRequest(
                        itemPath(i, "children"),
                        "only the tree layout reads children; this is a \(kind.type) layout")
                }
                setChildren(try readChildren(value, at: i), at: i)
            } else if key.stringEquals("width") {
                throw .invalidRequest(itemPath(i, "width"), "give an item's size as \"size\": [width, height]")
            } else {
                let name = key.string ?? ""
                throw .invalidRequest(
                    itemPath(i, name),
                    "unknown item field \(ClientText.quoted(name)); expected \(identifiers == .refused ? "" : "id, ")size, height, aspectRatio or children"
                )
            }
        }
        guard identifiers == .entries else { return }
        guard seen & 16 != 0 else { throw .invalidRequest(itemPath(i, "id"), "is required: every item of a snapshot has an identifier") }
        if seen & ~16 != 0 {
            if given == nil { given = [Bool](repeating: false, count: count) }
            given![i] = true
        }
    }

    /// `[w, h]` with two non-negative numbers, read without any allocation.
    @inline(__always)
    private func fastSize(_ v: JSONValue) -> Size? {
        guard v.kind == .array, v.count == 2 else { return nil }
        let w = JSONValue(tape: v.tape, index: v.index + 1), h = JSONValue(tape: v.tape, index: v.index + 2)
        guard let width = w.double, let height = h.double, width >= 0, height >= 0,
            width <= ValueReader.maxMagnitude, height <= ValueReader.maxMagnitude
        else { return nil }
        return Size(width: width, height: height)
    }

    private func readChildren(_ v: JSONValue, at i: Int) throws(APIError) -> [Int] {
        guard let elements = v.arrayElements else {
            throw .invalidRequest(itemPath(i, "children"), "must be an array of item indexes")
        }
        var out: [Int] = []
        var k = 0
        for child in elements {
            out.append(try ValueReader.integer(child, path: "\(itemPath(i, "children"))[\(k)]", min: 0))
            k += 1
        }
        return out
    }

    private mutating func setSize(_ s: Size, at i: Int) {
        if sizes == nil { sizes = [Size](repeating: Size(width: .nan, height: .nan), count: count) }
        sizes![i] = s
    }

    private mutating func setHeight(_ h: Double, at i: Int) {
        if heights == nil { heights = [Double](repeating: .nan, count: count) }
        heights![i] = h
    }

    private mutating func setRatio(_ r: Double, at i: Int) {
        if ratios == nil { ratios = [Double](repeating: .nan, count: count) }
        ratios![i] = r
    }

    private mutating func setChildren(_ c: [Int], at i: Int) {
        if children == nil { children = [[Int]](repeating: [], count: count) }
        children![i] = c
    }
}
