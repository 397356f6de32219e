/// NSDiffableDataSourceSnapshot's editing vocabulary over a `DiffableSnapshot`
/// (docs/snapshots.md, Identifier operations): each operation checks its identifiers and
/// changes nothing when it refuses. `field` names the operation's input in errors.
public struct SnapshotEditor: Sendable {
    public typealias ID = SnapshotIdentifier

    public private(set) var snapshot: DiffableSnapshot
    /// Items reloaded and reconfigured so far, each once, in the order first named; an item
    /// deleted afterwards leaves these lists.
    public var reloaded: [ID] { Self.ordered(reloadOrder, reloadSet) }
    public var reconfigured: [ID] { Self.ordered(reconfigureOrder, reconfigureSet) }
    private var reloadOrder: [ID] = [], reloadSet = Set<ID>()
    private var reconfigureOrder: [ID] = [], reconfigureSet = Set<ID>()
    /// The section identifier of every item.
    private var sectionOf: [ID: ID] = [:]

    public init(_ snapshot: DiffableSnapshot) {
        self.snapshot = snapshot
        for section in snapshot.sections {
            for item in section.items { sectionOf[item] = section.id }
        }
    }

    private func sectionIndex(_ id: ID, _ field: String) throws(DiffableSnapshotError) -> Int {
        guard let s = snapshot.sections.firstIndex(where: { $0.id == id }) else {
            throw DiffableSnapshotError(
                kind: .unknownSectionIdentifier,
                message: "Invalid section identifier specified: \(id) does not exist in the snapshot",
                field: field)
        }
        return s
    }

    private func place(_ item: ID, _ field: String) throws(DiffableSnapshotError) -> IndexPath {
        guard let section = sectionOf[item], let s = snapshot.sections.firstIndex(where: { $0.id == section }),
            let i = snapshot.sections[s].items.firstIndex(of: item)
        else {
            throw DiffableSnapshotError(
                kind: .unknownItemIdentifier,
                message: "Invalid item identifier specified: \(item) does not exist in the snapshot",
                field: field)
        }
        return IndexPath(s, i)
    }

    /// New section identifiers: unique among themselves and new to the snapshot.
    private func checkNewSections(_ ids: [ID], _ field: String) throws(DiffableSnapshotError) {
        let existing = Set(snapshot.sections.map(\.id))
        try Self.checkNew(ids, field, "section", .duplicateSectionIdentifiers, taken: existing.contains)
    }

    private func checkNewItems(_ ids: [ID], _ field: String) throws(DiffableSnapshotError) {
        try Self.checkNew(ids, field, "item", .duplicateItemIdentifiers) { sectionOf[$0] != nil }
    }

    /// New identifiers of `what`s: each `taken` by none and named once; the error lists the
    /// repeated ones and names the first.
    private static func checkNew(
        _ ids: [ID], _ field: String, _ what: String, _ kind: DiffableSnapshotError.Kind,
        taken: (ID) -> Bool
    ) throws(DiffableSnapshotError) {
        var seen = Set<ID>()
        var repeated: [ID] = [], first: Int? = nil
        for (k, id) in ids.enumerated() where taken(id) || !seen.insert(id).inserted {
            if first == nil { first = k }
            if !repeated.contains(id) { repeated.append(id) }
        }
        if let first {
            throw DiffableSnapshotError(
                kind: kind, message: DiffableSnapshot.duplicates(what, repeated), field: "\(field)[\(first)]")
        }
    }

    /// The checks moveSection and moveItem make before they change anything: `id` exists,
    /// then `anchor` does (so the same bad input always names the same field). Returns `id`'s
    /// place as `find` gives it, or nil when `id` is its own anchor (nothing moves).
    private func moveSource<Place>(
        _ id: ID, _ anchor: ID, _ field: String, _ anchorField: String,
        _ find: (ID, String) throws(DiffableSnapshotError) -> Place
    ) throws(DiffableSnapshotError) -> Place? {
        let from = try find(id, field)
        _ = try find(anchor, anchorField)
        return id == anchor ? nil : from
    }

    /// The checks insertSections and insertItems make before they change anything: `anchor`
    /// exists, then every one of `ids` is new (so the same bad input always names the same
    /// field). Returns `anchor`'s place as `find` gives it.
    private func insertionAnchor<Place>(
        _ ids: [ID], _ anchor: ID, _ field: String, _ anchorField: String,
        _ find: (ID, String) throws(DiffableSnapshotError) -> Place,
        _ checkNew: ([ID], String) throws(DiffableSnapshotError) -> Void
    ) throws(DiffableSnapshotError) -> Place {
        let place = try find(anchor, anchorField)
        try checkNew(ids, field)
        return place
    }

    public mutating func appendSections(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        try checkNewSections(ids, field)
        snapshot.sections += ids.map { DiffableSnapshotSection(id: $0, items: []) }
    }

    /// Inserts sections before (or, with `after`, after) section `anchor`.
    public mutating func insertSections(
        _ ids: [ID], at anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        let s = try insertionAnchor(ids, anchor, field, anchorField, sectionIndex, checkNewSections)
        snapshot.sections.insert(contentsOf: ids.map { DiffableSnapshotSection(id: $0, items: []) }, at: after ? s + 1 : s)
    }

    public mutating func deleteSections(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        var indexes: [Int] = []
        for (k, id) in ids.enumerated() { indexes.append(try sectionIndex(id, "\(field)[\(k)]")) }
        for s in Set(indexes).sorted(by: >) {
            for item in snapshot.sections[s].items { forget(item) }
            snapshot.sections.remove(at: s)
        }
    }

    public mutating func moveSection(
        _ id: ID, to anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        guard let s = try moveSource(id, anchor, field, anchorField, sectionIndex) else { return }
        let section = snapshot.sections.remove(at: s)
        let t = try sectionIndex(anchor, anchorField)
        snapshot.sections.insert(section, at: after ? t + 1 : t)
    }

    /// Appends items to section `section`, or to the last section.
    public mutating func appendItems(
        _ ids: [ID], to section: ID?, field: String,
        sectionField: String
    ) throws(DiffableSnapshotError) {
        let s: Int
        if let section {
            s = try sectionIndex(section, sectionField)
        } else {
            guard !snapshot.sections.isEmpty else {
                throw DiffableSnapshotError(
                    kind: .noSections,
                    message: "There are currently no sections in the data source. Please add a section first.",
                    field: field)
            }
            s = snapshot.sections.count - 1
        }
        try checkNewItems(ids, field)
        snapshot.sections[s].items += ids
        for id in ids { sectionOf[id] = snapshot.sections[s].id }
    }

    /// Inserts items before (or, with `after`, after) item `anchor`, in its section.
    public mutating func insertItems(
        _ ids: [ID], at anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        let p = try insertionAnchor(ids, anchor, field, anchorField, place, checkNewItems)
        snapshot.sections[p.section].items.insert(contentsOf: ids, at: after ? p.item + 1 : p.item)
        for id in ids { sectionOf[id] = snapshot.sections[p.section].id }
    }

    public mutating func deleteItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        for (k, id) in ids.enumerated() { _ = try place(id, "\(field)[\(k)]") }
        let gone = Set(ids)
        for s in snapshot.sections.indices { snapshot.sections[s].items.removeAll { gone.contains($0) } }
        for id in gone { forget(id) }
    }

    public mutating func deleteAllItems() {
        snapshot.sections = []
        sectionOf = [:]
        reloadSet = []
        reconfigureSet = []
    }

    public mutating func moveItem(
        _ id: ID, to anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        guard let from = try moveSource(id, anchor, field, anchorField, place) else { return }
        snapshot.sections[from.section].items.remove(at: from.item)
        let p = try place(anchor, anchorField)
        snapshot.sections[p.section].items.insert(id, at: after ? p.item + 1 : p.item)
        sectionOf[id] = snapshot.sections[p.section].id
    }

    public mutating func reloadItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        for (k, id) in ids.enumerated() { _ = try place(id, "\(field)[\(k)]") }
        for id in ids where reloadSet.insert(id).inserted { reloadOrder.append(id) }
    }

    public mutating func reconfigureItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        for (k, id) in ids.enumerated() { _ = try place(id, "\(field)[\(k)]") }
        for id in ids where reconfigureSet.insert(id).inserted { reconfigureOrder.append(id) }
    }

    private mutating func forget(_ item: ID) {
        sectionOf[item] = nil
        reloadSet.remove(item)
        reconfigureSet.remove(item)
    }

    /// The identifiers of `order` still in `members`, each once, in first order.
    private static func ordered(_ order: [ID], _ members: Set<ID>) -> [ID] {
        var seen = Set<ID>()
        return order.filter { members.contains($0) && seen.insert($0).inserted }
    }
}
