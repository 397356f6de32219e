import LayoutEngine
import TesseraJSON

/// `POST /v1/sessions/{id}/snapshot/operations` (docs/snapshots.md, Identifier operations):
/// NSDiffableDataSourceSnapshot's operations applied in order to the session's snapshot,
/// giving the whole new snapshot that `PUT …/snapshot` would have sent.
struct SnapshotOperationsDecoder {
    let kind: LayoutKind
    let maxItems: Int
    let maxSections: Int

    static let bodyKeys: Set<String> = ["operations", "rect", "animatingDifferences", ContentOffsetAnchor.key]
    static let keysByOp: [String: Set<String>] = [
        "appendSections": ["sections"], "insertSections": ["sections", "beforeSection", "afterSection"],
        "deleteSections": ["sections"], "moveSection": ["section", "beforeSection", "afterSection"],
        "appendItems": ["items", "toSection"], "insertItems": ["items", "beforeItem", "afterItem"],
        "deleteItems": ["items"], "deleteAllItems": [], "moveItem": ["item", "beforeItem", "afterItem"],
        "reloadItems": ["items"], "reconfigureItems": ["items"]
    ]

    /// The new snapshot, with the data and section layouts the operations gave.
    func decode(_ root: JSONValue, current: PackedSnapshot) throws(APIError) -> SnapshotRequest {
        let body = try ObjectReader(root, path: "")
        try body.rejectUnknownKeys(Self.bodyKeys)
        guard let list = body["operations"]?.arrayElements else {
            throw .invalidRequest("operations", "is required: an array of snapshot operations")
        }
        var edit = Edit(editor: SnapshotEditor(current))
        for (k, value) in list.enumerated() {
            try operation(value, path: "operations[\(k)]", &edit)
        }
        let snapshot = edit.editor.snapshot
        guard snapshot.itemIDs.count <= maxItems else {
            throw .invalidRequest("operations", "the operations would leave \(snapshot.itemIDs.count) items; a session holds at most \(maxItems)")
        }
        guard snapshot.sectionIDs.count <= maxSections else {
            throw .invalidRequest(
                "operations", "the operations would leave \(snapshot.sectionIDs.count) sections; a session holds at most \(maxSections)")
        }
        var request = SnapshotRequest(snapshot: snapshot, sections: edit.inputs(snapshot))
        request.itemFields = edit.itemFields
        request.reloaded = IdentifierColumn(edit.editor.reloaded)
        request.reconfigured = IdentifierColumn(edit.editor.reconfigured)
        request.area = try PlanArea.read(body)
        request.animatingDifferences = try body.bool("animatingDifferences") ?? true
        request.anchor = try ContentOffsetAnchor.read(body[ContentOffsetAnchor.key])
        return request
    }

    /// The editor and what the operations said beside identifiers.
    struct Edit {
        var editor: SnapshotEditor
        var itemData: [SnapshotIdentifier: SectionData.Item] = [:]
        var sectionLayouts: [SnapshotIdentifier: SectionOverrides] = [:]
        /// Where each item was last named with `items`, for errors.
        var itemFields: [SnapshotIdentifier: String] = [:]

        /// Each section's input: its layout if an operation gave one, and the data given with
        /// items still in the snapshot (found in one pass; no data given, no pass).
        func inputs(_ snapshot: PackedSnapshot) -> [SnapshotSectionInput] {
            var given: [Int: [Int: SectionData.Item]] = [:]
            if !itemData.isEmpty {
                let named = Array(itemData.keys)
                for (k, p) in editor.locate(named).enumerated() {
                    if let p { given[p.section, default: [:]][p.item] = itemData[named[k]] }
                }
            }
            return snapshot.itemCounts.enumerated().map { s, count in
                let overrides = sectionLayouts[snapshot.sectionIDs[s]]
                guard let data = given[s] else {
                    return SnapshotSectionInput(
                        data: SectionData(itemCount: count, overrides: overrides ?? SectionOverrides()),
                        given: nil, hasLayout: overrides != nil)
                }
                let absent = SectionData.Item(size: Size(width: .nan, height: .nan), height: .nan, aspectRatio: .nan)
                return SnapshotSectionInput(
                    data: SectionData(items: (0..<count).map { data[$0] ?? absent }, overrides: overrides ?? SectionOverrides()),
                    given: (0..<count).map { data[$0] != nil }, hasLayout: overrides != nil)
            }
        }
    }

    private func operation(_ v: JSONValue, path: String, _ edit: inout Edit) throws(APIError) {
        let o = try ObjectReader(v, path: path)
        let op = try o.operation(among: Self.keysByOp)
        func apply(_ change: (inout SnapshotEditor) throws(DiffableSnapshotError) -> Void) throws(APIError) {
            do throws(DiffableSnapshotError) { try change(&edit.editor) } catch { throw .snapshot(error) }
        }
        switch op {
        case "appendSections":
            let ids = try sections(o, &edit)
            try apply { e throws(DiffableSnapshotError) in try e.appendSections(ids, field: o.fieldPath("sections")) }
        case "appendItems":
            var section: SnapshotIdentifier? = nil
            if let v = o["toSection"], !v.isNull { section = try IdentifierReader.identifier(v, path: o.fieldPath("toSection")) }
            let ids = try items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in
                try e.appendItems(ids, to: section, field: o.fieldPath("items"), sectionField: o.fieldPath("toSection"))
            }
        case "insertSections", "insertItems":
            let target = Target(op)
            let (anchor, after, anchorField) = try self.anchor(o, target.rawValue)
            let ids = try target == .section ? sections(o, &edit) : items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in
                try e.insert(ids, target, at: anchor, after: after, field: o.fieldPath(target.listKey), anchorField: anchorField)
            }
        case "moveSection", "moveItem":
            let target = Target(op)
            let (anchor, after, anchorField) = try self.anchor(o, target.rawValue)
            let id = try identifier(o, target.key)
            try apply { e throws(DiffableSnapshotError) in
                try e.move(id, target, to: anchor, after: after, field: o.fieldPath(target.key), anchorField: anchorField)
            }
        case "deleteSections", "deleteItems":
            let target = Target(op)
            let ids = try identifiers(o, target.listKey)
            try apply { e throws(DiffableSnapshotError) in try e.delete(ids, target, field: o.fieldPath(target.listKey)) }
        case "deleteAllItems":
            edit.editor.deleteAllItems()
        case "reloadItems":
            let ids = try items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in try e.reloadItems(ids, field: o.fieldPath("items")) }
        default:
            let ids = try items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in try e.reconfigureItems(ids, field: o.fieldPath("items")) }
        }
    }

    private func identifier(_ o: ObjectReader, _ key: String) throws(APIError) -> SnapshotIdentifier {
        guard let v = o[key], !v.isNull else { throw .invalidRequest(o.fieldPath(key), "is required") }
        return try IdentifierReader.identifier(v, path: o.fieldPath(key))
    }

    private func identifiers(_ o: ObjectReader, _ key: String) throws(APIError) -> [SnapshotIdentifier] {
        guard let v = o[key], !v.isNull else { throw .invalidRequest(o.fieldPath(key), "is required") }
        return try IdentifierReader.column(v, path: o.fieldPath(key), maxCount: maxItems).identifiers
    }

    /// `before<What>` or `after<What>`: exactly one.
    private func anchor(_ o: ObjectReader, _ what: String) throws(APIError) -> (SnapshotIdentifier, Bool, String) {
        let before = o["before\(what)"], after = o["after\(what)"]
        switch (before, after) {
        case (let v?, nil): return (try IdentifierReader.identifier(v, path: o.fieldPath("before\(what)")), false, o.fieldPath("before\(what)"))
        case (nil, let v?): return (try IdentifierReader.identifier(v, path: o.fieldPath("after\(what)")), true, o.fieldPath("after\(what)"))
        default:
            throw .invalidRequest(o.fieldPath("before\(what)"), "give exactly one of before\(what) and after\(what)")
        }
    }

    /// Section entries: an identifier, or `{"id", "layout"}` with the section's own layout.
    private func sections(_ o: ObjectReader, _ edit: inout Edit) throws(APIError) -> [SnapshotIdentifier] {
        guard let list = o["sections"]?.arrayElements else {
            throw .invalidRequest(o.fieldPath("sections"), "is required: an array of section identifiers")
        }
        var ids: [SnapshotIdentifier] = []
        for (k, v) in list.enumerated() {
            let path = "\(o.fieldPath("sections"))[\(k)]"
            guard v.kind == .object else {
                ids.append(try IdentifierReader.identifier(v, path: path))
                continue
            }
            let entry = try ObjectReader(v, path: path)
            try entry.rejectUnknownKeys(["id", "layout"])
            guard let idValue = entry["id"] else { throw .invalidRequest(entry.fieldPath("id"), "is required") }
            let id = try IdentifierReader.identifier(idValue, path: entry.fieldPath("id"))
            if let layout = try entry.object("layout") {
                edit.sectionLayouts[id] = try DataSourceDecoder(kind: kind, maxItems: maxItems, maxSections: maxSections)
                    .decodeOverrides(layout)
            }
            ids.append(id)
        }
        return ids
    }

    /// Item entries: an identifier, or `{"id", …item data}`; the data is kept for the item.
    private func items(_ o: ObjectReader, _ edit: inout Edit) throws(APIError) -> [SnapshotIdentifier] {
        guard let v = o["items"], !v.isNull else { throw .invalidRequest(o.fieldPath("items"), "is required") }
        guard v.kind == .array else { throw .invalidRequest(o.fieldPath("items"), "must be an array of item identifiers or {\"id\": …} objects") }
        guard v.count <= maxItems else { throw .invalidRequest(o.fieldPath("items"), "too many items: a session holds at most \(maxItems) items") }
        let decoded = try ItemsDecoder.decodeIdentified(
            v, path: o.fieldPath("items"), kind: kind, overrides: SectionOverrides(),
            identifiers: .entries)
        let ids = (decoded.ids ?? IdentifierColumn()).identifiers
        for (j, id) in ids.enumerated() { edit.itemFields[id] = "\(o.fieldPath("items"))[\(j)]" }
        if let given = decoded.given {
            for j in given.indices where given[j] { edit.itemData[ids[j]] = decoded.section.item(at: j) }
        }
        return ids
    }
}

/// What an insert, a move or a delete acts on: sections and items are named under keys of
/// their own (`sections`, `section`, `beforeSection`; `items`, …) and changed through the
/// editor's methods for each, but read and applied alike.
private enum Target: String {
    case section = "Section", item = "Item"

    /// `insertSections` → `.section`, `moveItem` → `.item`.
    init(_ op: String) { self = op.hasSuffix("Section") || op.hasSuffix("Sections") ? .section : .item }

    /// `section`, `item`: what a move names.
    var key: String { self == .section ? "section" : "item" }
    /// `sections`, `items`: what an insert or a delete names.
    var listKey: String { self == .section ? "sections" : "items" }
}

/// The editor's methods by what they act on.
extension SnapshotEditor {
    fileprivate mutating func insert(
        _ ids: [ID], _ target: Target, at anchor: ID, after: Bool, field: String, anchorField: String
    ) throws(DiffableSnapshotError) {
        switch target {
        case .section: try insertSections(ids, at: anchor, after: after, field: field, anchorField: anchorField)
        case .item: try insertItems(ids, at: anchor, after: after, field: field, anchorField: anchorField)
        }
    }

    fileprivate mutating func move(
        _ id: ID, _ target: Target, to anchor: ID, after: Bool, field: String, anchorField: String
    ) throws(DiffableSnapshotError) {
        switch target {
        case .section: try moveSection(id, to: anchor, after: after, field: field, anchorField: anchorField)
        case .item: try moveItem(id, to: anchor, after: after, field: field, anchorField: anchorField)
        }
    }

    fileprivate mutating func delete(_ ids: [ID], _ target: Target, field: String) throws(DiffableSnapshotError) {
        switch target {
        case .section: try deleteSections(ids, field: field)
        case .item: try deleteItems(ids, field: field)
        }
    }
}
