import LayoutEngine
import TesseraJSON

/// `POST /v1/sessions/{id}/snapshot/operations` (docs/snapshots.md, Identifier operations):
/// NSDiffableDataSourceSnapshot's operations applied in order to the session's snapshot,
/// giving the whole new snapshot that `PUT …/snapshot` would have sent.
struct SnapshotOperationsDecoder {
    let kind: LayoutKind
    let maxItems: Int
    let maxSections: Int

    static let bodyKeys: Set<String> = ["operations", "rect", "animatingDifferences"]
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
        var edit = Edit(editor: SnapshotEditor(current.unpacked))
        for (k, value) in list.enumerated() {
            try operation(value, path: "operations[\(k)]", &edit)
        }
        let snapshot = edit.editor.snapshot
        guard snapshot.itemCount <= maxItems else {
            throw .invalidRequest("operations", "the operations would leave \(snapshot.itemCount) items; a session holds at most \(maxItems)")
        }
        guard snapshot.sections.count <= maxSections else {
            throw .invalidRequest(
                "operations", "the operations would leave \(snapshot.sections.count) sections; a session holds at most \(maxSections)")
        }
        var request = SnapshotRequest(snapshot: PackedSnapshot(snapshot), sections: snapshot.sections.map { edit.input(for: $0) })
        request.itemFields = edit.itemFields
        request.reloaded = IdentifierColumn(edit.editor.reloaded)
        request.reconfigured = IdentifierColumn(edit.editor.reconfigured)
        request.rect = try body.rect("rect")
        request.animatingDifferences = try body.bool("animatingDifferences") ?? true
        return request
    }

    /// The editor and what the operations said beside identifiers.
    struct Edit {
        var editor: SnapshotEditor
        var itemData: [SnapshotIdentifier: SectionData.Item] = [:]
        var sectionLayouts: [SnapshotIdentifier: SectionOverrides] = [:]
        /// Where each item was last named with `items`, for errors.
        var itemFields: [SnapshotIdentifier: String] = [:]

        func input(for section: DiffableSnapshotSection) -> SnapshotSectionInput {
            let overrides = sectionLayouts[section.id]
            let data = section.items.map { itemData[$0] }
            guard data.contains(where: { $0 != nil }) else {
                return SnapshotSectionInput(
                    data: SectionData(itemCount: section.items.count, overrides: overrides ?? SectionOverrides()),
                    given: nil, hasLayout: overrides != nil)
            }
            let absent = SectionData.Item(size: Size(width: .nan, height: .nan), height: .nan, aspectRatio: .nan)
            return SnapshotSectionInput(
                data: SectionData(items: data.map { $0 ?? absent }, overrides: overrides ?? SectionOverrides()),
                given: data.map { $0 != nil }, hasLayout: overrides != nil)
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
        case "insertSections":
            let (anchor, after, anchorField) = try self.anchor(o, "Section")
            let ids = try sections(o, &edit)
            try apply { e throws(DiffableSnapshotError) in
                try e.insertSections(ids, at: anchor, after: after, field: o.fieldPath("sections"), anchorField: anchorField)
            }
        case "deleteSections":
            let ids = try identifiers(o, "sections")
            try apply { e throws(DiffableSnapshotError) in try e.deleteSections(ids, field: o.fieldPath("sections")) }
        case "moveSection":
            let (anchor, after, anchorField) = try self.anchor(o, "Section")
            let id = try identifier(o, "section")
            try apply { e throws(DiffableSnapshotError) in
                try e.moveSection(id, to: anchor, after: after, field: o.fieldPath("section"), anchorField: anchorField)
            }
        case "appendItems":
            var section: SnapshotIdentifier? = nil
            if let v = o["toSection"], !v.isNull { section = try IdentifierReader.identifier(v, path: o.fieldPath("toSection")) }
            let ids = try items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in
                try e.appendItems(ids, to: section, field: o.fieldPath("items"), sectionField: o.fieldPath("toSection"))
            }
        case "insertItems":
            let (anchor, after, anchorField) = try self.anchor(o, "Item")
            let ids = try items(o, &edit)
            try apply { e throws(DiffableSnapshotError) in
                try e.insertItems(ids, at: anchor, after: after, field: o.fieldPath("items"), anchorField: anchorField)
            }
        case "deleteItems":
            let ids = try identifiers(o, "items")
            try apply { e throws(DiffableSnapshotError) in try e.deleteItems(ids, field: o.fieldPath("items")) }
        case "deleteAllItems":
            edit.editor.deleteAllItems()
        case "moveItem":
            let (anchor, after, anchorField) = try self.anchor(o, "Item")
            let id = try identifier(o, "item")
            try apply { e throws(DiffableSnapshotError) in
                try e.moveItem(id, to: anchor, after: after, field: o.fieldPath("item"), anchorField: anchorField)
            }
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
