import LayoutEngine

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

    func decode(_ v: JSONValue, path: String = "dataSource") throws(APIError) -> DataSource {
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(["sections"])
        guard let sectionsValue = o["sections"] else { throw .invalidRequest(o.fieldPath("sections"), "is required") }
        return DataSource(sections: try decodeSections(sectionsValue, path: o.fieldPath("sections")))
    }

    func decodeSections(_ v: JSONValue, path: String, itemsSoFar: Int = 0) throws(APIError) -> [SectionData] {
        guard let elements = v.arrayElements else { throw .invalidRequest(path, "must be an array of sections") }
        guard v.count <= maxSections else {
            throw .invalidRequest(path, "has \(v.count) sections; a session holds at most \(maxSections)")
        }
        var sections: [SectionData] = []
        var total = itemsSoFar
        for (s, sectionValue) in elements.enumerated() {
            let section = try decodeSection(sectionValue, path: "\(path)[\(s)]", remaining: maxItems - total)
            total += section.itemCount
            sections.append(section)
        }
        return sections
    }

    /// One section; `remaining` is how many items the session may still take.
    func decodeSection(_ v: JSONValue, path: String, remaining: Int) throws(APIError) -> SectionData {
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(Set(["itemCount", "items", "layout"] + CompactColumnsDecoder.keys))
        let overrides = try decodeOverrides(o.object("layout"))
        let declared = try o.integer("itemCount", min: 0)
        if let declared, declared > remaining {
            throw .invalidRequest(o.fieldPath("itemCount"), "too many items: \(holder) holds at most \(maxItems) items")
        }
        let hasItems = o["items"].map { !$0.isNull } ?? false
        if let columns = try CompactColumnsDecoder(path: path).decode(o, remaining: remaining, maxItems: maxItems) {
            // The compact form replaces `items`; both at once would say the items twice.
            if hasItems {
                throw .invalidRequest(o.fieldPath("items"), "give a section's items either as items or as the compact sizes/heights/aspectRatios arrays, not both")
            }
            if let declared, declared != columns.count {
                throw .invalidRequest(o.fieldPath("itemCount"), "is \(declared) but the compact arrays give \(columns.count) items")
            }
            return SectionData(itemCount: columns.count, sizes: columns.sizes, heights: columns.heights,
                               aspectRatios: columns.ratios, overrides: overrides)
        }
        guard let items = o["items"], !items.isNull else {
            guard let declared else { throw .invalidRequest(path, "a section needs itemCount, items or the compact sizes/heights/aspectRatios arrays") }
            return SectionData(itemCount: declared, overrides: overrides)
        }
        if items.kind == .array, items.count > remaining {
            throw .invalidRequest(o.fieldPath("items"), "too many items: \(holder) holds at most \(maxItems) items")
        }
        let section = try ItemsDecoder.decode(items, path: o.fieldPath("items"), kind: kind, overrides: overrides)
        if let declared, declared != section.itemCount {
            throw .invalidRequest(o.fieldPath("itemCount"), "is \(declared) but items has \(section.itemCount) entries")
        }
        return section
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
            overrides.values[SessionSnapshot.sectionJSONKey] = .string(String(decoding: w.bytes, as: UTF8.self))
            overrides.values[SessionSnapshot.sectionPathKey] = .string(o.path)
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
