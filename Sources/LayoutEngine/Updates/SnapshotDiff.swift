/// Diffable data source snapshots (docs/snapshots.md): sections and items named by
/// identifier, and the batch update that turns one snapshot into another.

/// A section or item identifier: a JSON string or integer. `1` and `"1"` differ.
public enum SnapshotIdentifier: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int)

    /// As JSON writes it: `"m1"` (quoted, without escaping) or `42`.
    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .integer(let i): String(i)
        }
    }
}

extension SnapshotIdentifier: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
}

/// One section of a snapshot: its identifier and its items' identifiers, in order.
public struct DiffableSnapshotSection: Hashable, Sendable {
    public var id: SnapshotIdentifier
    public var items: [SnapshotIdentifier]

    public init(id: SnapshotIdentifier, items: [SnapshotIdentifier]) {
        self.id = id
        self.items = items
    }
}

/// NSDiffableDataSourceSnapshot's content: sections in order, each with its items. Section
/// identifiers are unique among sections, item identifiers among all items of all sections.
public struct DiffableSnapshot: Hashable, Sendable {
    public var sections: [DiffableSnapshotSection]

    public init(sections: [DiffableSnapshotSection]) {
        self.sections = sections
    }

    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

/// A snapshot refused, in the words of UIKit's diffable data source.
public struct DiffableSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// Two items share an identifier ("supplied item identifiers are not unique").
        case duplicateItemIdentifiers = "duplicate_item_identifiers"
        /// Two sections share an identifier.
        case duplicateSectionIdentifiers = "duplicate_section_identifiers"
        /// A reloaded or reconfigured identifier that is no item of the new snapshot.
        case unknownItemIdentifier = "unknown_item_identifier"
    }

    public var kind: Kind
    public var message: String
    /// The JSON path of the offending input, relative to the request body
    /// (`sections[1].items[3]`, `reloaded[0]`); `old` prefixes paths in the old snapshot.
    public var field: String

    public init(kind: Kind, message: String, field: String) {
        self.kind = kind
        self.message = message
        self.field = field
    }

    public var description: String { "\(field): \(message)" }

    /// At most this many duplicates are named in a message.
    public static let listedDuplicates = 10
}

/// The batch update from one snapshot to another, in UIKit's index-path convention:
/// deletes and reloads name old index paths, inserts new ones, moves go from old to new.
/// Every list is sorted (moves by destination).
public struct SnapshotDiff: Hashable, Sendable {
    public struct SectionMove: Hashable, Sendable {
        public var from: Int
        public var to: Int
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }

    public struct ItemMove: Hashable, Sendable {
        public var from: IndexPath
        public var to: IndexPath
        public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
    }

    /// Old indexes of sections whose identifier is not in the new snapshot.
    public var deletedSections: [Int] = []
    /// New indexes of sections whose identifier was not in the old snapshot.
    public var insertedSections: [Int] = []
    /// Sections outside a longest run of kept sections that kept their relative order.
    public var movedSections: [SectionMove] = []
    /// Old index paths of items that leave, outside deleted sections; a reloaded item that
    /// also moves is deleted here and inserted in `insertedItems`.
    public var deletedItems: [IndexPath] = []
    /// New index paths of items that arrive, outside inserted sections.
    public var insertedItems: [IndexPath] = []
    /// Items that changed section, and items of a kept section outside a longest run of
    /// its items that kept their relative order.
    public var movedItems: [ItemMove] = []
    /// Old index paths of reloaded items that stay in place.
    public var reloadedItems: [IndexPath] = []
    /// Reconfigured items (not reloaded) present before and after: old and new index path.
    /// UIKit's batch vocabulary has no reconfigure: these update data without an operation.
    public var reconfiguredItems: [ItemMove] = []

    public init() {}

    /// Whether the batch has no operation (reconfigured items aside).
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty
    }

    /// The batch as `BatchUpdateOperation`s, in the order deleteSections, insertSections,
    /// moveSection…, deleteItems, insertItems, moveItem…, reloadItems; empty lists are left
    /// out. `sectionData` gives each inserted section's data (by its new index),
    /// `itemData` each inserted item's (nil: the layout's defaults), `reloadData` each
    /// reloaded item's (nil: it keeps its data).
    public func operations(sectionData: (Int) -> SectionData,
                           itemData: (IndexPath) -> SectionData.Item? = { _ in nil },
                           reloadData: (IndexPath) -> SectionData.Item? = { _ in nil }) -> [BatchUpdateOperation] {
        var ops: [BatchUpdateOperation] = []
        if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
        if !insertedSections.isEmpty {
            ops.append(.insertSections(insertedSections, data: insertedSections.map(sectionData)))
        }
        for m in movedSections { ops.append(.moveSection(from: m.from, to: m.to)) }
        if !deletedItems.isEmpty { ops.append(.deleteItems(deletedItems)) }
        if !insertedItems.isEmpty {
            let data = insertedItems.map(itemData)
            ops.append(.insertItems(insertedItems, items: data.allSatisfy { $0 == nil }
                                        ? nil : data.map { $0 ?? SectionData.Item() }))
        }
        for m in movedItems { ops.append(.moveItem(from: m.from, to: m.to)) }
        if !reloadedItems.isEmpty {
            let data = reloadedItems.map(reloadData)
            // A reload without data keeps the item's; with data for some, the others keep
            // theirs only if the caller repeats it, so give nil for all or data for all.
            ops.append(.reloadItems(reloadedItems, items: data.allSatisfy { $0 == nil }
                                        ? nil : data.map { $0 ?? SectionData.Item() }))
        }
        return ops
    }
}

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
            throw DiffableSnapshotError(kind: .duplicateSectionIdentifiers,
                                message: Self.duplicates("section", duplicateSections),
                                field: "\(prefix)sections[\(firstSection)].id")
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
            throw DiffableSnapshotError(kind: .duplicateItemIdentifiers, message: Self.duplicates("item", ordered),
                                field: "\(prefix)sections[\(firstItem.section)].items[\(firstItem.item)]")
        }
    }

    /// UIKit's words, with up to `DiffableSnapshotError.listedDuplicates` identifiers named.
    static func duplicates(_ what: String, _ ids: [SnapshotIdentifier]) -> String {
        let shown = ids.prefix(DiffableSnapshotError.listedDuplicates).map(\.description).joined(separator: ", ")
        let more = ids.count > DiffableSnapshotError.listedDuplicates
            ? " (and \(ids.count - DiffableSnapshotError.listedDuplicates) more)" : ""
        return "supplied \(what) identifiers are not unique. Duplicate identifiers: {(\(shown))}\(more)"
    }

    /// The batch from `self` (the old snapshot) to `new` (docs/snapshots.md).
    ///
    /// `reloaded` and `reconfigured` name items of `new` (an error otherwise). A reloaded
    /// item that stays in place is a `reloadItems` entry; one that moves is deleted and
    /// inserted, as UIKit's diffable data source does it.
    ///
    /// - Complexity: O(n log n) for n items and sections (hashing, and one longest
    ///   increasing subsequence per kept section and one for the sections).
    public func difference(to new: DiffableSnapshot, reloaded: [SnapshotIdentifier] = [],
                           reconfigured: [SnapshotIdentifier] = []) throws(DiffableSnapshotError) -> SnapshotDiff {
        try validate(fieldPrefix: "old.")
        try new.validate()

        // Where every old item was, and every new item is.
        var oldPlace: [SnapshotIdentifier: IndexPath] = [:]
        oldPlace.reserveCapacity(itemCount)
        for (s, section) in sections.enumerated() {
            for (i, id) in section.items.enumerated() { oldPlace[id] = IndexPath(s, i) }
        }
        var newPlace: [SnapshotIdentifier: IndexPath] = [:]
        newPlace.reserveCapacity(new.itemCount)
        for (s, section) in new.sections.enumerated() {
            for (i, id) in section.items.enumerated() { newPlace[id] = IndexPath(s, i) }
        }
        var reloadSet = Set<SnapshotIdentifier>()
        for (k, id) in reloaded.enumerated() {
            guard newPlace[id] != nil else {
                throw DiffableSnapshotError(kind: .unknownItemIdentifier,
                                    message: "Attempted to reload item identifier that does not exist in the snapshot: \(id)",
                                    field: "reloaded[\(k)]")
            }
            reloadSet.insert(id)
        }
        for (k, id) in reconfigured.enumerated() where newPlace[id] == nil {
            throw DiffableSnapshotError(kind: .unknownItemIdentifier,
                                message: "Attempted to reconfigure item identifier that does not exist in the snapshot: \(id)",
                                field: "reconfigured[\(k)]")
        }

        var diff = SnapshotDiff()

        // Sections: old index → new index (nil when deleted) and back.
        var oldSectionIndex: [SnapshotIdentifier: Int] = [:]
        for (s, section) in sections.enumerated() { oldSectionIndex[section.id] = s }
        var newToOldSection = [Int?](repeating: nil, count: new.sections.count)
        var oldSectionKept = [Bool](repeating: false, count: sections.count)
        var keptOldOrder: [Int] = []          // old indexes of kept sections, in new order
        var keptNew: [Int] = []               // their new indexes
        for (t, section) in new.sections.enumerated() {
            if let o = oldSectionIndex[section.id] {
                newToOldSection[t] = o
                oldSectionKept[o] = true
                keptOldOrder.append(o)
                keptNew.append(t)
            } else {
                diff.insertedSections.append(t)
            }
        }
        diff.deletedSections = (0..<sections.count).filter { !oldSectionKept[$0] }
        let sectionStays = longestIncreasingRun(keptOldOrder)
        for k in keptOldOrder.indices where !sectionStays[k] {
            diff.movedSections.append(.init(from: keptOldOrder[k], to: keptNew[k]))
        }

        // Items leaving: gone from the snapshot, or leaving for an inserted section.
        for (s, section) in sections.enumerated() where oldSectionKept[s] {
            for (i, id) in section.items.enumerated() {
                guard let to = newPlace[id] else {
                    diff.deletedItems.append(IndexPath(s, i))
                    continue
                }
                if newToOldSection[to.section] == nil { diff.deletedItems.append(IndexPath(s, i)) }
            }
        }

        // Items arriving, by new section.
        var oldIndexes: [Int] = [], newIndexes: [Int] = []   // items that stay in their section
        for (t, section) in new.sections.enumerated() {
            guard let o = newToOldSection[t] else { continue }  // inserted: its data lists its items
            oldIndexes.removeAll(keepingCapacity: true)
            newIndexes.removeAll(keepingCapacity: true)
            for (j, id) in section.items.enumerated() {
                let to = IndexPath(t, j)
                guard let from = oldPlace[id], oldSectionKept[from.section] else {
                    diff.insertedItems.append(to)               // new, or from a deleted section
                    continue
                }
                if from.section == o {
                    oldIndexes.append(from.item)
                    newIndexes.append(j)
                } else if reloadSet.contains(id) {
                    diff.deletedItems.append(from)              // reloaded and moved
                    diff.insertedItems.append(to)
                } else {
                    diff.movedItems.append(.init(from: from, to: to))
                }
            }
            let stays = longestIncreasingRun(oldIndexes)
            for k in oldIndexes.indices {
                let from = IndexPath(o, oldIndexes[k]), to = IndexPath(t, newIndexes[k])
                let reload = reloadSet.contains(section.items[newIndexes[k]])
                switch (stays[k], reload) {
                case (true, true): diff.reloadedItems.append(from)
                case (true, false): break
                case (false, true):
                    diff.deletedItems.append(from)
                    diff.insertedItems.append(to)
                case (false, false): diff.movedItems.append(.init(from: from, to: to))
                }
            }
        }

        var reconfiguredSeen = Set<SnapshotIdentifier>()
        for id in reconfigured where !reloadSet.contains(id) && reconfiguredSeen.insert(id).inserted {
            guard let from = oldPlace[id], let to = newPlace[id] else { continue }   // inserted: new data anyway
            diff.reconfiguredItems.append(.init(from: from, to: to))
        }

        diff.deletedItems.sort()
        diff.insertedItems.sort()
        diff.movedItems.sort { $0.to < $1.to }
        diff.reloadedItems.sort()
        diff.reconfiguredItems.sort { $0.to < $1.to }
        return diff
    }
}

/// Marks the elements of one longest strictly increasing subsequence of `values`
/// (patience sorting with back-pointers). O(n log n).
func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []                 // tails[k]: position of the smallest tail of a run of k + 1
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        kept[i] = true
        i = previous[i]
    }
    return kept
}
