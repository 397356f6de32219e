/// A batch that passed validation: the data source after it, and the translation of index
/// paths and sections between before and after (what UICollectionView computes in
/// `_endItemAnimations` and hands to the layout as UICollectionViewUpdateItems).
///
/// Paths and sections that do not exist on the side they are asked about answer nil (or
/// `.none` for the change queries).
public struct ValidatedBatchUpdate: Sendable, Equatable {
    /// The data source after the update.
    public let newDataSource: DataSource
    /// Sections whose item lists changed, by old and by new index.
    public let touchedSections: TouchedSections

    let sections: SectionArrangement
    let oldItemCounts: [Int]
    /// By old section: its items that leave or are reloaded.
    let departures: [Int: SectionDepartures]
    /// By new section: its items that arrive at fixed indexes.
    let arrivals: [Int: SectionArrivals]

    // MARK: Sections

    /// The new index of old section `old`: nil when it is deleted. A moved section answers
    /// its destination; a reloaded one the place it keeps among the others.
    /// - Complexity: O(1).
    public func newSection(forOld old: Int) -> Int? {
        guard old >= 0, old < sections.oldToNew.count else { return nil }
        let new = sections.oldToNew[old]
        return new == SectionArrangement.gone ? nil : new
    }

    /// The old index of new section `new`: nil when it is inserted.
    /// - Complexity: O(1).
    public func oldSection(forNew new: Int) -> Int? {
        guard new >= 0, new < sections.newToOld.count else { return nil }
        let old = sections.newToOld[new]
        return old == SectionArrangement.gone ? nil : old
    }

    /// What happened to old section `old`: .none, .move, .reload or .delete.
    public func sectionChange(forOld old: Int) -> ItemChange {
        guard old >= 0, old < sections.oldChange.count else { return .none }
        return sections.oldChange[old]
    }

    /// What happened to new section `new`: .none, .move, .reload or .insert.
    public func sectionChange(forNew new: Int) -> ItemChange {
        guard new >= 0, new < sections.newChange.count else { return .none }
        return sections.newChange[new]
    }

    // MARK: Items

    /// Where the item at `old` (before the update) is after it: nil when it is deleted or
    /// its section is deleted or reloaded. A reloaded item keeps its place among its
    /// neighbours; a moved one answers its destination.
    /// - Complexity: O(log k) for k item changes in its old and new sections.
    public func newIndexPath(forOld old: IndexPath) -> IndexPath? {
        guard existsBefore(old) else { return nil }
        let change = sections.oldChange[old.section]
        guard change != .delete, change != .reload else { return nil }
        return Self.translate(old, through: departures[old.section], sections.oldToNew, into: arrivals)
    }

    /// Where the item at `new` (after the update) was before it: nil when it is inserted or
    /// its section is inserted or reloaded.
    /// - Complexity: O(log k) for k item changes in its new and old sections.
    public func oldIndexPath(forNew new: IndexPath) -> IndexPath? {
        guard newDataSource.contains(new) else { return nil }
        let change = sections.newChange[new.section]
        guard change != .insert, change != .reload else { return nil }
        return Self.translate(new, through: arrivals[new.section], sections.newToOld, into: departures)
    }

    /// Index path `p` of one side on the other: a changed item answers its counterpart
    /// (`here`, its section's changes), a survivor keeps its rank in the section
    /// `sectionMap` sends it to, among the places that section's changes (`there`) leave.
    private static func translate<Here: SectionItemChanges, There: SectionItemChanges>(
        _ p: IndexPath, through here: Here?, _ sectionMap: [Int], into there: [Int: There]
    ) -> IndexPath? {
        var rank = p.item
        if let here {
            let (survivorRank, change) = here.locate(p.item)
            if let change { return here.counterparts[change] }
            rank = survivorRank
        }
        let section = sectionMap[p.section]
        guard let changes = there[section] else { return IndexPath(section, rank) }
        return IndexPath(section, changes.index(ofSurvivor: rank))
    }

    /// What happened to the item at `old`: .delete (deleted, or its section deleted or
    /// reloaded), .move, .reload, or .none (its index path may still have shifted).
    /// - Complexity: O(log k).
    public func change(forOld old: IndexPath) -> ItemChange {
        guard existsBefore(old) else { return .none }
        let change = sections.oldChange[old.section]
        if change == .delete || change == .reload { return .delete }
        guard let departures = departures[old.section] else { return .none }
        if let removal = departures.locate(old.item).change {
            return departures.destinations[removal] == nil ? .delete : .move
        }
        return departures.isReloaded(old.item) ? .reload : .none
    }

    /// What happened to the item at `new`: .insert (inserted, or its section inserted or
    /// reloaded), .move, .reload, or .none (its index path may still have shifted).
    /// - Complexity: O(log k).
    public func change(forNew new: IndexPath) -> ItemChange {
        guard newDataSource.contains(new) else { return .none }
        let change = sections.newChange[new.section]
        if change == .insert || change == .reload { return .insert }
        if let arrivals = arrivals[new.section], let arrival = arrivals.locate(new.item).change {
            return arrivals.sources[arrival] == nil ? .insert : .move
        }
        guard let old = oldIndexPath(forNew: new), let departures = departures[old.section] else { return .none }
        return departures.isReloaded(old.item) ? .reload : .none
    }

    private func existsBefore(_ p: IndexPath) -> Bool {
        p.section >= 0 && p.section < oldItemCounts.count && p.item >= 0 && p.item < oldItemCounts[p.section]
    }
}
