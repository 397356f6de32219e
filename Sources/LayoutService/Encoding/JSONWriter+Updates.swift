import LayoutEngine
import TesseraJSON

/// Batch updates and identifiers in the shapes requests give them (docs/api.md, Batch
/// updates; docs/snapshots.md), so that a derived batch can be read, or sent, as written.
extension JSONWriter {
    /// Identifier `i` of a packed column: a JSON string or integer.
    mutating func identifier(_ column: IdentifierColumn, _ i: Int) {
        guard let utf8 = column.utf8(at: i) else {
            int(column[i].integerValue!)
            return
        }
        utf8.withUnsafeBufferPointer { string(utf8: $0) }
    }

    mutating func updates(_ operations: [BatchUpdateOperation]) {
        beginArray()
        for op in operations { update(op) }
        endArray()
    }

    private mutating func update(_ op: BatchUpdateOperation) {
        if case .moveItem(let from, let to) = op {
            // The commonest operation of a derived batch, written in one piece
            // (docs/performance.md#batch-writer).
            moveItem(from, to)
            return
        }
        beginObject()
        key("op")
        string(op.name)
        switch op {
        case .insertItems(let paths, _), .deleteItems(let paths), .reloadItems(let paths, _):
            key("indexPaths")
            indexPaths(paths)
        case .insertSections(let sections, _), .deleteSections(let sections), .reloadSections(let sections, _):
            key("sections")
            ints(sections)
        case .moveSection(let from, let to):
            key("from")
            int(from)
            key("to")
            int(to)
        case .moveItem:
            break // written whole above
        }
        // The new data of the inserted or reloaded items or sections, where the operation gives it.
        switch op {
        case .insertItems(_, let items?), .reloadItems(_, let items?):
            key("items")
            itemData(items)
        case .insertSections(_, let data), .reloadSections(_, let data?):
            key("data")
            sectionData(data)
        default:
            break
        }
        endObject()
    }

    /// `{"op":"moveItem","from":[s,i],"to":[s,i]}` in one reservation.
    private mutating func moveItem(_ from: IndexPath, _ to: IndexPath) {
        let comma = takeComma()
        appendWritten(maxCount: 40 + 4 * JSONCursor.maxIntegerBytes) { c in
            if comma { c.byte(UInt8(ascii: ",")) }
            c.fragment(#"{"op":"moveItem","from":"#)
            Self.indexPath(from, &c)
            c.fragment(#","to":"#)
            Self.indexPath(to, &c)
            c.byte(UInt8(ascii: "}"))
        }
    }

    /// Index paths one reservation each, not one per bracket, comma and number
    /// (docs/performance.md#batch-writer).
    private mutating func indexPaths(_ paths: [IndexPath]) {
        beginArray()
        for p in paths {
            let comma = takeComma()
            appendWritten(maxCount: 4 + 2 * JSONCursor.maxIntegerBytes) { c in
                if comma { c.byte(UInt8(ascii: ",")) }
                Self.indexPath(p, &c)
            }
        }
        endArray()
    }

    /// `[s,i]`.
    @inline(__always)
    private static func indexPath(_ p: IndexPath, _ c: inout JSONCursor) {
        c.byte(UInt8(ascii: "["))
        c.integer(p.section)
        c.byte(UInt8(ascii: ","))
        c.integer(p.item)
        c.byte(UInt8(ascii: "]"))
    }

    private mutating func ints(_ values: [Int]) {
        beginArray()
        for v in values { int(v) }
        endArray()
    }

    /// Items as a data source's `items` takes them: `{"size": [w, h], "height", …}`, `{}`
    /// for an item with the layout's defaults.
    private mutating func itemData(_ items: [SectionData.Item]) {
        beginArray()
        for item in items { self.item(item) }
        endArray()
    }

    private mutating func item(_ item: SectionData.Item) {
        beginObject()
        if let s = item.size, !s.width.isNaN {
            key("size")
            beginArray()
            number(s.width)
            number(s.height)
            endArray()
        }
        if let h = item.height, !h.isNaN {
            key("height")
            number(h)
        }
        if let r = item.aspectRatio, !r.isNaN {
            key("aspectRatio")
            number(r)
        }
        if let c = item.children, !c.isEmpty {
            key("children")
            ints(c)
        }
        endObject()
    }

    /// Sections as a data source's `sections` takes them (without identifiers).
    private mutating func sectionData(_ sections: [SectionData]) {
        beginArray()
        for section in sections {
            beginObject()
            if section.hasItemData {
                key("items")
                beginArray()
                for i in 0..<section.itemCount { item(section.item(at: i)) }
                endArray()
            } else {
                key("itemCount")
                int(section.itemCount)
            }
            if !section.overrides.values.isEmpty {
                key("layout")
                overrides(section.overrides)
            }
            endObject()
        }
        endArray()
    }

    /// A section's own `layout` object: its JSON as given for a compositional section, else
    /// its values by key.
    private mutating func overrides(_ overrides: SectionOverrides) {
        if case .string(let json)? = overrides.values[SessionImage.sectionJSONKey] {
            raw(ArraySlice(json.utf8))
            return
        }
        beginObject()
        for (name, value) in overrides.values.sorted(by: { $0.key < $1.key }) where !name.hasPrefix("tessera.") {
            switch value {
            case .number(let n):
                key(name)
                number(n)
            case .size(let s):
                key(name)
                beginArray()
                number(s.width)
                number(s.height)
                endArray()
            case .insets(let i):
                key(name)
                insets(i)
            case .bool(let b):
                key(name)
                bool(b)
            case .string(let s):
                key(name)
                string(s)
            case .compositionalSection: break
            }
        }
        endObject()
    }
}

extension SnapshotIdentifier {
    var integerValue: Int? {
        if case .integer(let i) = self { return i }
        return nil
    }
}
