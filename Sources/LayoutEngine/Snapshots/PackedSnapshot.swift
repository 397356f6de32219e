/// A diffable snapshot as a session keeps it: section and item identifiers in packed columns
/// (`IdentifierColumn`), items numbered across sections in order.
public struct PackedSnapshot: Hashable, Sendable {
    public private(set) var sectionIDs: IdentifierColumn
    /// Every section's items, section after section.
    public private(set) var itemIDs: IdentifierColumn
    public private(set) var itemCounts: [Int]

    public init(sectionIDs: IdentifierColumn, itemIDs: IdentifierColumn, itemCounts: [Int]) {
        precondition(sectionIDs.count == itemCounts.count && itemIDs.count == itemCounts.reduce(0, +))
        self.sectionIDs = sectionIDs
        self.itemIDs = itemIDs
        self.itemCounts = itemCounts
    }

    public init(_ snapshot: DiffableSnapshot) {
        self.init(
            sectionIDs: IdentifierColumn(snapshot.sections.map(\.id)),
            itemIDs: IdentifierColumn(snapshot.sections.flatMap(\.items)),
            itemCounts: snapshot.sections.map(\.items.count))
    }

    /// Bytes the identifiers take packed (what the store's limits count).
    public var identifierBytes: Int { sectionIDs.bytes.count + itemIDs.bytes.count }

    public var unpacked: DiffableSnapshot {
        var sections: [DiffableSnapshotSection] = []
        var n = 0
        for (s, count) in itemCounts.enumerated() {
            sections.append(DiffableSnapshotSection(id: sectionIDs[s], items: (n..<n + count).map { itemIDs[$0] }))
            n += count
        }
        return DiffableSnapshot(sections: sections)
    }

    public var itemCount: Int { itemIDs.count }

    /// Where section `s`'s items start in `itemIDs`.
    public func itemStart(ofSection s: Int) -> Int { itemCounts[..<s].reduce(0, +) }
}

extension PackedSnapshot {
    /// Where each section and item of `new` was in `self` (the old snapshot, trusted: it was
    /// checked when it was stored), after checking `new` for duplicates and that `reloaded`
    /// and `reconfigured` name its items. The same errors as `DiffableSnapshot`'s.
    ///
    /// - Complexity: O(n) expected for n identifiers: one table over the old items, probed
    ///   once per new item; items the old snapshot lacks go to a second table.
    public func correspondence(
        to new: PackedSnapshot, reloaded: IdentifierColumn = IdentifierColumn(),
        reconfigured: IdentifierColumn = IdentifierColumn()
    ) throws(DiffableSnapshotError) -> SnapshotCorrespondence {
        let (sectionOrigin, duplicateSection) = Self.match(new.sectionIDs, in: sectionIDs)
        if let duplicateSection {
            throw DiffableSnapshotError(
                kind: .duplicateSectionIdentifiers,
                message: DiffableSnapshot.duplicates("section", duplicateSection.ids),
                field: "sections[\(duplicateSection.first)].id",
                position: IndexPath(duplicateSection.first, -1))
        }
        let (itemOrigin, duplicateItem) = Self.match(new.itemIDs, in: itemIDs)
        if let duplicateItem {
            let starts = sectionStarts(new.itemCounts), s = section(of: duplicateItem.first, starts)
            throw DiffableSnapshotError(
                kind: .duplicateItemIdentifiers,
                message: DiffableSnapshot.duplicates("item", duplicateItem.ids),
                field: "sections[\(s)].items[\(duplicateItem.first - starts[s])]",
                position: IndexPath(s, duplicateItem.first - starts[s]))
        }
        var numbers: [Int] = []
        if !reloaded.isEmpty || !reconfigured.isEmpty {
            numbers =
                try new.numbers(of: reloaded, "reload", "reloaded", origins: itemOrigin, old: self)
                + new.numbers(of: reconfigured, "reconfigure", "reconfigured", origins: itemOrigin, old: self)
        }
        return SnapshotCorrespondence(
            oldCounts: itemCounts, newCounts: new.itemCounts,
            newSectionOrigin: sectionOrigin, newItemOrigin: itemOrigin,
            reloaded: Array(numbers.prefix(reloaded.count)),
            reconfigured: Array(numbers.dropFirst(reloaded.count)))
    }

    /// For each identifier of `new`, its position in `old` or -1; and the duplicates of `new`
    /// if it has any (the position of the first repeat, and the repeated identifiers in order).
    /// With `unique` false, repeats are allowed and each finds its old position.
    ///
    /// Most snapshots keep most items in order: `alignedMatch` finds those by walking both
    /// columns side by side; only when it finds (or cannot rule out) a repeat does the table
    /// over every old identifier (`hashedMatch`) run, and that answers the error.
    static func match(_ new: IdentifierColumn, in old: IdentifierColumn, unique: Bool = true)
        -> (origin: [Int], duplicates: (first: Int, ids: [SnapshotIdentifier])?)
    {
        // Against nothing (a new session's check for repeats) there is nothing to walk.
        if unique, !old.isEmpty, let origin = alignedMatch(new, in: old) { return (origin, nil) }
        return hashedMatch(new, in: old, unique: unique)
    }

    /// `match` through one table over every old identifier, probed once per new one.
    static func hashedMatch(_ new: IdentifierColumn, in old: IdentifierColumn, unique: Bool = true)
        -> (origin: [Int], duplicates: (first: Int, ids: [SnapshotIdentifier])?)
    {
        var origin = [Int](repeating: -1, count: new.count)
        var used = [Bool](repeating: false, count: unique ? old.count : 0)
        var repeats: [Int] = []
        var oldIndex = IdentifierIndex(capacity: old.count)
        var freshIndex: IdentifierIndex? = nil
        old.withPacked { oldBytes, oldEnds in
            for p in 0..<old.count {
                let start = p == 0 ? 0 : Int(oldEnds[p - 1])
                _ = oldIndex.lookup(oldBytes, start, Int(oldEnds[p]), in: oldBytes, ends: oldEnds, inserting: p)
            }
            new.withPacked { newBytes, newEnds in
                for n in 0..<new.count {
                    let start = n == 0 ? 0 : Int(newEnds[n - 1]), end = Int(newEnds[n])
                    if let p = oldIndex.lookup(newBytes, start, end, in: oldBytes, ends: oldEnds, inserting: nil) {
                        if !unique {
                            origin[n] = p
                        } else if used[p] {
                            repeats.append(n)
                        } else {
                            used[p] = true
                            origin[n] = p
                        }
                        continue
                    }
                    guard unique else { continue }
                    // New to the snapshot: a second table finds repeats among these. Sized
                    // for a few (a diff adds few), it grows when more come.
                    if freshIndex == nil { freshIndex = IdentifierIndex(capacity: max(16, new.count / 64)) }
                    if freshIndex!.lookup(newBytes, start, end, in: newBytes, ends: newEnds, inserting: n) != nil {
                        repeats.append(n)
                    }
                }
            }
        }
        guard let first = repeats.first else { return (origin, nil) }
        var seen = Set<SnapshotIdentifier>(), ids: [SnapshotIdentifier] = []
        for n in repeats where seen.insert(new[n]).inserted { ids.append(new[n]) }
        return (origin, (first, ids))
    }

    /// The item numbers (in `self`, the new snapshot) of `ids`; each must be one of its items.
    func numbers(
        of ids: IdentifierColumn, _ verb: String, _ field: String, origins: [Int],
        old: PackedSnapshot
    ) throws(DiffableSnapshotError) -> [Int] {
        // Old position → new number, for identifiers the old snapshot had.
        var destination = [Int](repeating: -1, count: old.itemCount)
        for (n, o) in origins.enumerated() where o >= 0 { destination[o] = n }
        var fresh: [SnapshotIdentifier: Int] = [:]
        for (n, o) in origins.enumerated() where o < 0 { fresh[itemIDs[n]] = n }
        // A few identifiers among many: a table of them, not of the old snapshot
        // (docs/performance.md#packed-snapshot-editor).
        let inOld = old.itemIDs.positions(of: ids)
        var out: [Int] = []
        for k in 0..<ids.count {
            let n = inOld[k] >= 0 ? destination[inOld[k]] : (fresh[ids[k]] ?? -1)
            guard n >= 0 else { throw DiffableSnapshotError.unknownItem(ids[k], verb, field, k) }
            out.append(n)
        }
        return out
    }
}

extension PackedSnapshot {
    /// This snapshot after `moveItem(from:to:)` (UIKit's convention: `to` is the item's index
    /// path afterwards), as an interactive movement's end applies it.
    public func movingItem(from: IndexPath, to: IndexPath) -> PackedSnapshot {
        guard from != to else { return self }
        var counts = itemCounts
        counts[from.section] -= 1
        counts[to.section] += 1
        let fromNumber = itemStart(ofSection: from.section) + from.item
        var order = Array(0..<itemCount)
        order.remove(at: fromNumber)
        let toNumber = counts[..<to.section].reduce(0, +) + to.item
        order.insert(fromNumber, at: toNumber)
        return PackedSnapshot(sectionIDs: sectionIDs, itemIDs: itemIDs.gathering(order), itemCounts: counts)
    }
}
