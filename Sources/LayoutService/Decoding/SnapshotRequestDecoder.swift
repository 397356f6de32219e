import LayoutEngine
import TesseraJSON

/// A whole new snapshot, as `PUT /v1/sessions/{id}/snapshot` gives it and as the identifier
/// operations leave it (docs/snapshots.md): identifiers, and the data that came with them.
struct SnapshotRequest: Equatable {
    var snapshot: PackedSnapshot
    /// Per new section, what the request said beside the identifiers.
    var sections: [SnapshotSectionInput]
    var reloaded = IdentifierColumn()
    var reconfigured = IdentifierColumn()
    /// Where the plan looks: the visible area unless the body gave `rect` (null: everywhere).
    var area = PlanArea.visible
    var animatingDifferences = true
    /// What the change keeps in place on screen (docs/api.md, "Anchored updates").
    var anchor: ContentOffsetAnchor? = nil
    /// Where each new item was named, for errors, when that is not `sections[s].items[i]`
    /// (the identifier operations name their own inputs).
    var itemFields: [SnapshotIdentifier: String]? = nil
}

/// One section of a new snapshot beyond its identifiers: its items' data where given (NaN
/// elsewhere) and its own `layout` if given.
struct SnapshotSectionInput: Equatable {
    var data: SectionData
    /// Which items came with data; nil when none did.
    var given: [Bool]?
    /// Whether the section gave its own `layout` (its overrides are then `data.overrides`).
    var hasLayout: Bool

    func givenItem(_ j: Int) -> SectionData.Item? {
        guard let given, given[j] else { return nil }
        return data.item(at: j)
    }
}

/// A snapshot body as the PUT reads it: scanned straight from its bytes when it has the common
/// form (`SnapshotBodyScanner`), otherwise its JSON document.
enum SnapshotBody {
    case scanned(ScannedSnapshot, body: [UInt8])
    case document(JSONValue)

    init(_ body: [UInt8]) throws(APIError) {
        if let scanned = SnapshotBodyScanner.scan(body) {
            self = .scanned(scanned, body: body)
        } else {
            self = .document(try JSONTape.parseBody(body).root)
        }
    }

    /// The body's JSON document (parsed here if the body was scanned).
    func document() throws(APIError) -> JSONValue {
        switch self {
        case .document(let root): root
        case .scanned(_, let body): try JSONTape.parseBody(body).root
        }
    }
}

/// `{"sections": [{"id", "items": [entries…], "layout"?}], "reloaded"?, "reconfigured"?,
/// "rect"?, "animatingDifferences"?}`.
struct SnapshotRequestDecoder {
    let kind: LayoutKind
    let maxItems: Int
    let maxSections: Int

    static let bodyKeys: Set<String> = ["sections", "reloaded", "reconfigured", "rect", "animatingDifferences", ContentOffsetAnchor.key]

    /// The request in a body as `SnapshotBody` read it.
    func decode(_ body: SnapshotBody) throws(APIError) -> SnapshotRequest {
        switch body {
        case .document(let root):
            return try decode(root)
        case .scanned(let scanned, let bytes):
            if let request = request(scanned) { return request }
            // Over a limit: the generic path names the field.
            return try decode(JSONTape.parseBody(bytes).root)
        }
    }

    /// A scanned body's request, as `decode(_: JSONValue)` makes it from the same body; nil
    /// when the body is over a limit of the session store's.
    func request(_ scanned: ScannedSnapshot) -> SnapshotRequest? {
        let sections = scanned.itemCounts.count
        // Each section's items are checked against what the ones before left, so the total
        // against the limit is the same test.
        let total = scanned.itemIDs.count
        guard sections <= maxSections, total <= maxItems, scanned.reloaded.count <= maxItems, scanned.reconfigured.count <= maxItems
        else { return nil }
        let bare = SnapshotSectionInput(data: SectionData(itemCount: 0), given: nil, hasLayout: false)
        var inputs = [SnapshotSectionInput](repeating: bare, count: sections)
        for (s, count) in scanned.itemCounts.enumerated() where count > 0 { inputs[s].data = SectionData(itemCount: count) }
        var request = SnapshotRequest(
            snapshot: PackedSnapshot(sectionIDs: scanned.sectionIDs, itemIDs: scanned.itemIDs, itemCounts: scanned.itemCounts),
            sections: inputs)
        request.reloaded = scanned.reloaded
        request.reconfigured = scanned.reconfigured
        request.area = scanned.rect.map { .rect($0) } ?? (scanned.rectIsNull ? .everything : .visible)
        request.animatingDifferences = scanned.animatingDifferences
        // The scanner took the anchor only after reading it as this does.
        if let bytes = scanned.anchor, let tape = try? JSONTape.parse(bytes) { request.anchor = try? ContentOffsetAnchor.read(tape.root) }
        return request
    }

    func decode(_ root: JSONValue) throws(APIError) -> SnapshotRequest {
        let o = try ObjectReader(root, path: "")
        try o.rejectUnknownKeys(Self.bodyKeys)
        guard let sectionsValue = o["sections"] else { throw .invalidRequest("sections", "is required: the new snapshot's sections") }
        guard let elements = sectionsValue.arrayElements else { throw .invalidRequest("sections", "must be an array of sections") }
        guard sectionsValue.count <= maxSections else {
            throw .invalidRequest("sections", "has \(sectionsValue.count) sections; a session holds at most \(maxSections)")
        }
        var sectionIDs = IdentifierColumn(), itemIDs: [IdentifierColumn] = []
        var inputs: [SnapshotSectionInput] = [], counts: [Int] = []
        var total = 0
        for (s, value) in elements.enumerated() {
            let (input, ids) = try section(value, path: "sections[\(s)]", id: &sectionIDs, remaining: maxItems - total)
            total += input.data.itemCount
            counts.append(input.data.itemCount)
            if let ids, !ids.isEmpty { itemIDs.append(ids) }
            inputs.append(input)
        }
        var request = SnapshotRequest(
            snapshot: PackedSnapshot(sectionIDs: sectionIDs, itemIDs: .joined(itemIDs), itemCounts: counts),
            sections: inputs)
        if let v = o["reloaded"], !v.isNull { request.reloaded = try IdentifierReader.column(v, path: "reloaded", maxCount: maxItems) }
        if let v = o["reconfigured"], !v.isNull {
            request.reconfigured = try IdentifierReader.column(v, path: "reconfigured", maxCount: maxItems)
        }
        request.area = try PlanArea.read(o)
        request.animatingDifferences = try o.bool("animatingDifferences") ?? true
        request.anchor = try ContentOffsetAnchor.read(o[ContentOffsetAnchor.key])
        return request
    }

    private func section(
        _ v: JSONValue, path: String, id sectionIDs: inout IdentifierColumn,
        remaining: Int
    ) throws(APIError) -> (SnapshotSectionInput, IdentifierColumn?) {
        let o = try ObjectReader(v, path: path)
        try o.rejectUnknownKeys(["id", "items", "layout"])
        guard let idValue = o["id"] else { throw .invalidRequest(o.fieldPath("id"), "is required: every section of a snapshot has an identifier") }
        try IdentifierReader.append(idValue, to: &sectionIDs, path: o.fieldPath("id"))
        let layout = try o.object("layout")
        let overrides = try DataSourceDecoder(kind: kind, maxItems: maxItems, maxSections: maxSections).decodeOverrides(layout)
        guard let items = o["items"], !items.isNull else {
            return (SnapshotSectionInput(data: SectionData(itemCount: 0, overrides: overrides), given: nil, hasLayout: layout != nil), nil)
        }
        guard items.kind == .array else { throw .invalidRequest(o.fieldPath("items"), "must be an array of item identifiers or {\"id\": …} objects") }
        guard items.count <= remaining else {
            throw .invalidRequest(o.fieldPath("items"), "too many items: a session holds at most \(maxItems) items")
        }
        let decoded = try ItemsDecoder.decodeIdentified(
            items, path: o.fieldPath("items"), kind: kind, overrides: overrides,
            identifiers: .entries)
        return (
            SnapshotSectionInput(data: decoded.section, given: decoded.given, hasLayout: layout != nil),
            decoded.ids ?? IdentifierColumn()
        )
    }
}
