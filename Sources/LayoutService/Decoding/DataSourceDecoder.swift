import LayoutEngine
import TesseraJSON

/// `dataSource`: sections, each with `itemCount`, `items` or the compact column arrays
/// (`sizes`, `heights`, `aspectRatios`), and its own `layout` overrides.
struct DataSourceDecoder {
    let kind: LayoutKind
    let maxItems: Int
    /// Sections one data source (or one update's `data`) may have: each costs memory even
    /// with no items (its geometry, its index), so item limits alone do not bound it.
    let maxSections: Int
    /// What the item limit applies to, for its message: a session's data, or a one-shot
    /// request's ("a request holds at most …").
    var holder = "a session"
    /// Whether sections and items may carry identifiers (docs/snapshots.md): a data source
    /// may; the sections and items of a session without identifiers (its updates) may not.
    var identifiers: ItemsDecoder.IdentifierMode = .accepted

    func decode(_ v: JSONValue, path: String = "dataSource") throws(APIError) -> DataSource {
        try decodeIdentified(v, path: path).dataSource
    }

    /// The data source and, when its sections and items carry identifiers (or it says
    /// `"identifiers": true`), its snapshot: all sections and items have one, or none does.
    func decodeIdentified(_ v: JSONValue, path: String = "dataSource") throws(APIError) -> (dataSource: DataSource, snapshot: PackedSnapshot?) {
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(["sections", "identifiers"])
        guard let sectionsValue = o["sections"] else { throw .invalidRequest(o.fieldPath("sections"), "is required") }
        let declared = try o.bool("identifiers")
        let sections = try decodeIdentifiedSections(sectionsValue, path: o.fieldPath("sections"))
        let dataSource = DataSource(sections: sections.map(\.data))
        let sectionsWithIDs = sections.lazy.filter { $0.id != nil }.count
        if declared == false, sectionsWithIDs > 0 {
            throw .invalidRequest(o.fieldPath("identifiers"), "is false, but sections have identifiers")
        }
        guard declared == true || sectionsWithIDs > 0 else { return (dataSource, nil) }
        if let k = sections.firstIndex(where: { $0.id == nil }) {
            throw .invalidRequest(
                "\(o.fieldPath("sections"))[\(k)].id",
                "is required: \(sectionsWithIDs > 0 ? "the other sections have identifiers" : "the data source says identifiers: true")")
        }
        var sectionIDs = IdentifierColumn()
        for section in sections { sectionIDs.append(contentsOf: section.id!) }
        let itemIDs = IdentifierColumn.joined(sections.compactMap { $0.itemIDs.flatMap { $0.isEmpty ? nil : $0 } })
        let snapshot = PackedSnapshot(sectionIDs: sectionIDs, itemIDs: itemIDs, itemCounts: sections.map(\.data.itemCount))
        do throws(DiffableSnapshotError) {
            _ = try PackedSnapshot(sectionIDs: IdentifierColumn(), itemIDs: IdentifierColumn(), itemCounts: [])
                .correspondence(to: snapshot)
        } catch {
            var error = error
            if let p = error.position {
                let section = "\(o.fieldPath("sections"))[\(p.section)]"
                error.field =
                    p.item < 0
                    ? "\(section).id"
                    : sections[p.section].itemsInline ? "\(section).items[\(p.item)].id" : "\(section).itemIds[\(p.item)]"
            }
            throw .snapshot(error)
        }
        return (dataSource, snapshot)
    }

    func decodeSections(_ v: JSONValue, path: String, itemsSoFar: Int = 0) throws(APIError) -> [SectionData] {
        try decodeIdentifiedSections(v, path: path, itemsSoFar: itemsSoFar).map(\.data)
    }

    func decodeIdentifiedSections(_ v: JSONValue, path: String, itemsSoFar: Int = 0) throws(APIError) -> [IdentifiedSection] {
        guard let elements = v.arrayElements else { throw .invalidRequest(path, "must be an array of sections") }
        guard v.count <= maxSections else {
            throw .invalidRequest(path, "has \(v.count) sections; a session holds at most \(maxSections)")
        }
        var sections: [IdentifiedSection] = []
        var total = itemsSoFar
        for (s, sectionValue) in elements.enumerated() {
            let section = try decodeIdentifiedSection(sectionValue, path: "\(path)[\(s)]", remaining: maxItems - total)
            total += section.data.itemCount
            sections.append(section)
        }
        return sections
    }

    /// One section; `remaining` is how many items the session may still take.
    func decodeSection(_ v: JSONValue, path: String, remaining: Int) throws(APIError) -> SectionData {
        try decodeIdentifiedSection(v, path: path, remaining: remaining).data
    }

    /// One section with its identifier and its items' (docs/snapshots.md): `"id"`, and
    /// `"id"` in each of `items` or the compact `"itemIds"`; a section with an identifier
    /// and items needs theirs, and items with identifiers need their section's.
    func decodeIdentifiedSection(_ v: JSONValue, path: String, remaining: Int) throws(APIError) -> IdentifiedSection {
        let o = try ObjectReader(v, path: path)
        let identifierKeys = identifiers == .refused ? [] : ["id", "itemIds"]
        if identifiers == .refused, o["id"] != nil || o["itemIds"] != nil {
            throw .invalidRequest(
                o.fieldPath(o["id"] != nil ? "id" : "itemIds"),
                "this session was created without identifiers, so its sections and items take none")
        }
        try o.rejectUnknownKeys(Set(["itemCount", "items", "layout"] + CompactColumnsDecoder.keys + identifierKeys))
        var sectionID: IdentifierColumn? = nil
        if let idValue = o["id"] {
            var column = IdentifierColumn()
            try IdentifierReader.append(idValue, to: &column, path: o.fieldPath("id"))
            sectionID = column
        }
        var itemIDs: IdentifierColumn? = nil
        if let value = o["itemIds"], !value.isNull {
            if let items = o["items"], !items.isNull {
                throw .invalidRequest(o.fieldPath("itemIds"), "give the items' identifiers either in items (\"id\") or as itemIds, not both")
            }
            itemIDs = try IdentifierReader.column(value, path: o.fieldPath("itemIds"), maxCount: remaining)
        }
        var section = try decodeSectionData(o, path: path, remaining: remaining, itemIDs: itemIDs)
        section.id = sectionID
        if section.itemIDs != nil, sectionID == nil {
            throw .invalidRequest(o.fieldPath("id"), "is required: this section's items have identifiers")
        }
        if sectionID != nil, section.itemIDs == nil, section.data.itemCount > 0 {
            throw .invalidRequest(
                o.fieldPath("itemIds"), "is required: the section has an id, so its items need identifiers (itemIds, or an \"id\" in each item)")
        }
        return section
    }

    private func decodeSectionData(_ o: ObjectReader, path: String, remaining: Int, itemIDs: IdentifierColumn?) throws(APIError) -> IdentifiedSection
    {
        func checkIDCount(_ count: Int, _ what: String) throws(APIError) {
            if let itemIDs, itemIDs.count != count {
                throw .invalidRequest(o.fieldPath("itemIds"), "has \(itemIDs.count) identifiers but \(what) \(count) items")
            }
        }
        let overrides = try decodeOverrides(o.object("layout"))
        let declared = try o.integer("itemCount", min: 0)
        if let declared, declared > remaining {
            throw .invalidRequest(o.fieldPath("itemCount"), "too many items: \(holder) holds at most \(maxItems) items")
        }
        let hasItems = o["items"].map { !$0.isNull } ?? false
        if let columns = try CompactColumnsDecoder(path: path).decode(o, remaining: remaining, maxItems: maxItems) {
            // The compact form replaces `items`; both at once would say the items twice.
            if hasItems {
                throw .invalidRequest(
                    o.fieldPath("items"), "give a section's items either as items or as the compact sizes/heights/aspectRatios arrays, not both")
            }
            if let declared, declared != columns.count {
                throw .invalidRequest(o.fieldPath("itemCount"), "is \(declared) but the compact arrays give \(columns.count) items")
            }
            try checkIDCount(columns.count, "the compact arrays give")
            return IdentifiedSection(
                data: SectionData(
                    itemCount: columns.count, sizes: columns.sizes, heights: columns.heights,
                    aspectRatios: columns.ratios, overrides: overrides),
                itemIDs: itemIDs, itemsInline: false)
        }
        guard let items = o["items"], !items.isNull else {
            guard let count = declared ?? itemIDs?.count else {
                throw .invalidRequest(path, "a section needs itemCount, items, itemIds or the compact sizes/heights/aspectRatios arrays")
            }
            try checkIDCount(count, "itemCount gives")
            return IdentifiedSection(data: SectionData(itemCount: count, overrides: overrides), itemIDs: itemIDs, itemsInline: false)
        }
        if items.kind == .array, items.count > remaining {
            throw .invalidRequest(o.fieldPath("items"), "too many items: \(holder) holds at most \(maxItems) items")
        }
        let decoded = try ItemsDecoder.decodeIdentified(
            items, path: o.fieldPath("items"), kind: kind, overrides: overrides,
            identifiers: identifiers)
        if let declared, declared != decoded.section.itemCount {
            throw .invalidRequest(o.fieldPath("itemCount"), "is \(declared) but items has \(decoded.section.itemCount) entries")
        }
        return IdentifiedSection(data: decoded.section, itemIDs: decoded.ids, itemsInline: true)
    }

    /// A section's own `layout` object: only the keys this layout reads per section.
    func decodeOverrides(_ o: ObjectReader?) throws(APIError) -> SectionOverrides {
        guard let o else { return SectionOverrides() }
        if let decodeSection = kind.decodeSection {
            // A whole decoded section (compositional) keeps its JSON too: the session store
            // saves that and decodes it again on load.
            var overrides = try decodeSection(o)
            var w = JSONWriter()
            w.value(o.value)
            overrides.values[SessionImage.sectionJSONKey] = .string(String(decoding: w.bytes, as: UTF8.self))
            overrides.values[SessionImage.sectionPathKey] = .string(o.path)
            return overrides
        }
        try o.rejectUnknownKeys(Set(kind.sectionKeys.keys))
        var values: [String: ParameterValue] = [:]
        for key in o.keys {
            guard let type = kind.sectionKeys[key] else { continue }
            values[key] = try type.read(o, key)
        }
        return SectionOverrides(values)
    }
}

/// A decoded section with its identifier and its items' (nil: none given).
struct IdentifiedSection {
    var data: SectionData
    /// The section's identifier, as a column of one.
    var id: IdentifierColumn? = nil
    var itemIDs: IdentifierColumn?
    /// Whether the items' identifiers came in `items` (otherwise in `itemIds`), for error paths.
    var itemsInline: Bool
}

/// The JSON type of a per-section override.
enum OverrideType: Sendable {
    case number
    case nonNegativeNumber
    case integer(min: Int)
    case size
    case insets
    case bool
    case string
    /// A value of more than one JSON shape (`number or false`, …), read by the layout's decoder.
    case custom(@Sendable (ObjectReader, String) throws(APIError) -> ParameterValue?)

    func read(_ o: ObjectReader, _ key: String) throws(APIError) -> ParameterValue? {
        switch self {
        case .number: try o.number(key).map { .number($0) }
        case .nonNegativeNumber: try o.nonNegativeNumber(key).map { .number($0) }
        case .integer(let min): try o.integer(key, min: min).map { .number(Double($0)) }
        case .size: try o.size(key).map { .size($0) }
        case .insets: try o.insets(key).map { .insets($0) }
        case .bool: try o.bool(key).map { .bool($0) }
        case .string: try o.string(key).map { .string($0) }
        case .custom(let read): try read(o, key)
        }
    }
}
