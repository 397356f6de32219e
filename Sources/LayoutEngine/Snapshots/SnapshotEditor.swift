/// NSDiffableDataSourceSnapshot's editing vocabulary over a session's packed snapshot
/// (docs/snapshots.md, Identifier operations): each operation checks its identifiers and
/// changes nothing when it refuses. `field` names the operation's input in errors.
///
/// The items stay packed, one column per section: an operation finds the identifiers it
/// names in one pass that hashes each item's bytes in place, and splices columns by copying
/// bytes. Before, the editor unpacked every item into a `SnapshotIdentifier` and a
/// dictionary of them: one `deleteItems` on a million 36-byte identifiers took 3.2 s of a
/// worker and +120 MB (docs/performance.md#packed-snapshot-editor).
public struct SnapshotEditor: Sendable {
    public typealias ID = SnapshotIdentifier

    public private(set) var sectionIDs: [ID]
    /// Each section's items.
    private var items: [IdentifierColumn]
    /// Items reloaded and reconfigured so far, each once, in the order first named; an item
    /// deleted afterwards leaves these lists.
    public var reloaded: [ID] { Self.ordered(reloadOrder, reloadSet) }
    public var reconfigured: [ID] { Self.ordered(reconfigureOrder, reconfigureSet) }
    private var reloadOrder: [ID] = [], reloadSet = Set<ID>()
    private var reconfigureOrder: [ID] = [], reconfigureSet = Set<ID>()

    public init(_ snapshot: PackedSnapshot) {
        sectionIDs = snapshot.sectionIDs.identifiers
        // One section shares the snapshot's column until its first splice copies it.
        if snapshot.itemCounts.count == 1 {
            items = [snapshot.itemIDs]
            return
        }
        var start = 0
        items = snapshot.itemCounts.map { count in
            defer { start += count }
            return snapshot.itemIDs.slice(start..<start + count)
        }
    }

    /// The snapshot the operations have made.
    public var snapshot: PackedSnapshot {
        PackedSnapshot(sectionIDs: IdentifierColumn(sectionIDs), itemIDs: .joined(items), itemCounts: items.map(\.count))
    }

    public var itemCount: Int { items.reduce(0) { $0 + $1.count } }

    /// Where each of `ids` is (nil: not in the snapshot), in one pass over the items.
    public func locate(_ ids: [ID]) -> [IndexPath?] {
        guard !ids.isEmpty else { return [] }
        var search = WantedIdentifiers(IdentifierColumn(ids))
        var places = [IndexPath?](repeating: nil, count: ids.count)
        for (s, column) in items.enumerated() where !search.isComplete {
            search.scan(column) { k, p in places[k] = IndexPath(s, p) }
        }
        return search.spread(places)
    }

    private func sectionIndex(_ id: ID, _ field: String) throws(DiffableSnapshotError) -> Int {
        guard let s = sectionIDs.firstIndex(of: id) else {
            throw DiffableSnapshotError(
                kind: .unknownSectionIdentifier,
                message: "Invalid section identifier specified: \(id) does not exist in the snapshot",
                field: field)
        }
        return s
    }

    private static func unknownItem(_ item: ID, _ field: String) -> DiffableSnapshotError {
        DiffableSnapshotError(
            kind: .unknownItemIdentifier,
            message: "Invalid item identifier specified: \(item) does not exist in the snapshot",
            field: field)
    }

    private func place(_ item: ID, _ field: String) throws(DiffableSnapshotError) -> IndexPath {
        guard let p = locate([item])[0] else { throw Self.unknownItem(item, field) }
        return p
    }

    /// The places of `ids`, every one in the snapshot (else the first missing is named,
    /// `field[k]`).
    private func places(_ ids: [ID], _ field: String) throws(DiffableSnapshotError) -> [IndexPath] {
        var out: [IndexPath] = []
        out.reserveCapacity(ids.count)
        for (k, p) in locate(ids).enumerated() {
            guard let p else { throw Self.unknownItem(ids[k], "\(field)[\(k)]") }
            out.append(p)
        }
        return out
    }

    /// New section identifiers: unique among themselves and new to the snapshot.
    private func checkNewSections(_ ids: [ID], _ field: String) throws(DiffableSnapshotError) {
        let existing = Set(sectionIDs)
        try Self.checkNew(ids, field, "section", .duplicateSectionIdentifiers, taken: existing.contains)
    }

    private func checkNewItems(_ ids: [ID], _ field: String) throws(DiffableSnapshotError) {
        var taken = Set<ID>()
        for (k, p) in locate(ids).enumerated() where p != nil { taken.insert(ids[k]) }
        try Self.checkNew(ids, field, "item", .duplicateItemIdentifiers, taken: taken.contains)
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

    public mutating func appendSections(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        try checkNewSections(ids, field)
        sectionIDs += ids
        items += ids.map { _ in IdentifierColumn() }
    }

    /// Inserts sections before (or, with `after`, after) section `anchor`.
    public mutating func insertSections(
        _ ids: [ID], at anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        // The anchor first, then the new identifiers: the same bad input names the same field.
        let s = try sectionIndex(anchor, anchorField)
        try checkNewSections(ids, field)
        sectionIDs.insert(contentsOf: ids, at: after ? s + 1 : s)
        items.insert(contentsOf: ids.map { _ in IdentifierColumn() }, at: after ? s + 1 : s)
    }

    public mutating func deleteSections(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        var indexes: [Int] = []
        for (k, id) in ids.enumerated() { indexes.append(try sectionIndex(id, "\(field)[\(k)]")) }
        let gone = Set(indexes)
        // Reloads and reconfigures of their items are forgotten with them.
        let marked = Array(reloadSet.union(reconfigureSet))
        for (k, p) in locate(marked).enumerated() where p.map({ gone.contains($0.section) }) == true { forget(marked[k]) }
        for s in gone.sorted(by: >) {
            sectionIDs.remove(at: s)
            items.remove(at: s)
        }
    }

    public mutating func moveSection(
        _ id: ID, to anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        let s = try sectionIndex(id, field)
        _ = try sectionIndex(anchor, anchorField)
        guard id != anchor else { return }
        let column = items.remove(at: s)
        sectionIDs.remove(at: s)
        let t = try sectionIndex(anchor, anchorField)
        sectionIDs.insert(id, at: after ? t + 1 : t)
        items.insert(column, at: after ? t + 1 : t)
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
            guard !sectionIDs.isEmpty else {
                throw DiffableSnapshotError(
                    kind: .noSections,
                    message: "There are currently no sections in the data source. Please add a section first.",
                    field: field)
            }
            s = sectionIDs.count - 1
        }
        try checkNewItems(ids, field)
        items[s].append(contentsOf: IdentifierColumn(ids))
    }

    /// Inserts items before (or, with `after`, after) item `anchor`, in its section.
    public mutating func insertItems(
        _ ids: [ID], at anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        let p = try place(anchor, anchorField)
        try checkNewItems(ids, field)
        items[p.section].insert(contentsOf: IdentifierColumn(ids), at: after ? p.item + 1 : p.item)
    }

    public mutating func deleteItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        let found = try places(ids, field)
        var bySection: [Int: Set<Int>] = [:]
        for p in found { bySection[p.section, default: []].insert(p.item) }
        for (s, positions) in bySection { items[s].remove(at: positions.sorted()) }
        for id in ids { forget(id) }
    }

    public mutating func deleteAllItems() {
        sectionIDs = []
        items = []
        reloadSet = []
        reconfigureSet = []
    }

    public mutating func moveItem(
        _ id: ID, to anchor: ID, after: Bool, field: String,
        anchorField: String
    ) throws(DiffableSnapshotError) {
        // The item first, then the anchor: the same bad input names the same field.
        let from = try place(id, field)
        var to = try place(anchor, anchorField)
        guard id != anchor else { return }
        let moving = items[from.section].slice(from.item..<from.item + 1)
        items[from.section].remove(at: [from.item])
        if to.section == from.section && to.item > from.item { to = IndexPath(to.section, to.item - 1) }
        items[to.section].insert(contentsOf: moving, at: after ? to.item + 1 : to.item)
    }

    public mutating func reloadItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        _ = try places(ids, field)
        for id in ids where reloadSet.insert(id).inserted { reloadOrder.append(id) }
    }

    public mutating func reconfigureItems(_ ids: [ID], field: String) throws(DiffableSnapshotError) {
        _ = try places(ids, field)
        for id in ids where reconfigureSet.insert(id).inserted { reconfigureOrder.append(id) }
    }

    private mutating func forget(_ item: ID) {
        reloadSet.remove(item)
        reconfigureSet.remove(item)
    }

    /// The identifiers of `order` still in `members`, each once, in first order.
    private static func ordered(_ order: [ID], _ members: Set<ID>) -> [ID] {
        var seen = Set<ID>()
        return order.filter { members.contains($0) && seen.insert($0).inserted }
    }
}
