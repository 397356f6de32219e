extension DiffableSnapshot {
    /// Checks that section identifiers are unique, and item identifiers unique across all
    /// sections. `prefix` is put before fields (`old.` for the session's own snapshot).
    public func validate(fieldPrefix prefix: String = "") throws(DiffableSnapshotError) {
        var sectionSeen = Set<SnapshotIdentifier>(minimumCapacity: sections.count)
        var duplicateSections: [SnapshotIdentifier] = [], firstSection: Int? = nil
        for (s, section) in sections.enumerated() where !sectionSeen.insert(section.id).inserted {
            if firstSection == nil { firstSection = s }
            if !duplicateSections.contains(section.id) { duplicateSections.append(section.id) }
        }
        if let firstSection {
            throw DiffableSnapshotError(
                kind: .duplicateSectionIdentifiers,
                message: Self.duplicates("section", duplicateSections),
                field: "\(prefix)sections[\(firstSection)].id", position: IndexPath(firstSection, -1))
        }
        var itemSeen = Set<SnapshotIdentifier>(minimumCapacity: itemCount)
        var duplicateItems = Set<SnapshotIdentifier>(), ordered: [SnapshotIdentifier] = []
        var firstItem: IndexPath? = nil
        for (s, section) in sections.enumerated() {
            for (i, id) in section.items.enumerated() where !itemSeen.insert(id).inserted {
                if firstItem == nil { firstItem = IndexPath(s, i) }
                if duplicateItems.insert(id).inserted { ordered.append(id) }
            }
        }
        if let firstItem {
            throw DiffableSnapshotError(
                kind: .duplicateItemIdentifiers, message: Self.duplicates("item", ordered),
                field: "\(prefix)sections[\(firstItem.section)].items[\(firstItem.item)]", position: firstItem)
        }
    }

    /// UIKit's words, with up to `DiffableSnapshotError.listedDuplicates` identifiers named.
    static func duplicates(_ what: String, _ ids: [SnapshotIdentifier]) -> String {
        let shown = ids.prefix(DiffableSnapshotError.listedDuplicates).map(\.description).joined(separator: ", ")
        let more =
            ids.count > DiffableSnapshotError.listedDuplicates
            ? " (and \(ids.count - DiffableSnapshotError.listedDuplicates) more)" : ""
        return "supplied \(what) identifiers are not unique. Duplicate identifiers: {(\(shown))}\(more)"
    }

    /// The batch from `self` (the old snapshot) to `new` (docs/snapshots.md).
    ///
    /// `reloaded` and `reconfigured` name items of `new` (an error otherwise). A reloaded
    /// item that stays in place is a `reloadItems` entry; one that moves is deleted and
    /// inserted, as UIKit's diffable data source does it.
    public func difference(
        to new: DiffableSnapshot, reloaded: [SnapshotIdentifier] = [],
        reconfigured: [SnapshotIdentifier] = []
    ) throws(DiffableSnapshotError) -> SnapshotDiff {
        SnapshotDiff(try correspondence(to: new, reloaded: reloaded, reconfigured: reconfigured))
    }

    /// Where each section and item of `new` was in `self`, after checking both snapshots.
    public func correspondence(
        to new: DiffableSnapshot, reloaded: [SnapshotIdentifier] = [],
        reconfigured: [SnapshotIdentifier] = []
    ) throws(DiffableSnapshotError) -> SnapshotCorrespondence {
        try validate(fieldPrefix: "old.")
        try new.validate()
        var oldNumber: [SnapshotIdentifier: Int] = [:]
        oldNumber.reserveCapacity(itemCount)
        for id in sections.lazy.flatMap(\.items) { oldNumber[id] = oldNumber.count }
        var newNumber: [SnapshotIdentifier: Int] = [:]
        newNumber.reserveCapacity(new.itemCount)
        for id in new.sections.lazy.flatMap(\.items) { newNumber[id] = newNumber.count }
        var oldSection: [SnapshotIdentifier: Int] = [:]
        for (s, section) in sections.enumerated() { oldSection[section.id] = s }

        func numbers(_ ids: [SnapshotIdentifier], _ verb: String, _ field: String) throws(DiffableSnapshotError) -> [Int] {
            var out: [Int] = []
            for (k, id) in ids.enumerated() {
                guard let n = newNumber[id] else { throw DiffableSnapshotError.unknownItem(id, verb, field, k) }
                out.append(n)
            }
            return out
        }
        let reloadedNumbers = try numbers(reloaded, "reload", "reloaded")
        let reconfiguredNumbers = try numbers(reconfigured, "reconfigure", "reconfigured")
        return SnapshotCorrespondence(
            oldCounts: sections.map(\.items.count), newCounts: new.sections.map(\.items.count),
            newSectionOrigin: new.sections.map { oldSection[$0.id] ?? -1 },
            newItemOrigin: new.sections.flatMap(\.items).map { oldNumber[$0] ?? -1 },
            reloaded: reloadedNumbers, reconfigured: reconfiguredNumbers)
    }
}
