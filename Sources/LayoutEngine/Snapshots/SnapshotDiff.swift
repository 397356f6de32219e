/// The batch update from one snapshot to another, in UIKit's index-path convention:
/// deletes and reloads name old index paths, inserts new ones, moves go from old to new.
/// Every list is sorted (moves by destination).
public struct SnapshotDiff: Hashable, Sendable {
    /// A section (`Position` its index) or an item (its index path) that moves: its place
    /// before the update and after it.
    public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        public var from, to: Position

        public init(from: Position, to: Position) { (self.from, self.to) = (from, to) }
    }

    public typealias SectionMove = Move<Int>
    public typealias ItemMove = Move<IndexPath>

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
    public func operations(
        sectionData: (Int) -> SectionData,
        itemData: (IndexPath) -> SectionData.Item? = { _ in nil },
        reloadData: (IndexPath) -> SectionData.Item? = { _ in nil }
    ) -> [BatchUpdateOperation] {
        operations(
            sectionData: sectionData, insertedData: Self.data(insertedItems, itemData),
            reloadedData: Self.data(reloadedItems, reloadData))
    }

    /// The same, with the inserted and reloaded items' data already gathered (parallel to
    /// `insertedItems` and `reloadedItems`, nil for none).
    func operations(
        sectionData: (Int) -> SectionData, insertedData: [SectionData.Item]?,
        reloadedData: [SectionData.Item]?
    ) -> [BatchUpdateOperation] {
        var ops: [BatchUpdateOperation] = []
        if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
        if !insertedSections.isEmpty {
            ops.append(.insertSections(insertedSections, data: insertedSections.map(sectionData)))
        }
        for m in movedSections { ops.append(.moveSection(from: m.from, to: m.to)) }
        if !deletedItems.isEmpty { ops.append(.deleteItems(deletedItems)) }
        if !insertedItems.isEmpty { ops.append(.insertItems(insertedItems, items: insertedData)) }
        for m in movedItems { ops.append(.moveItem(from: m.from, to: m.to)) }
        if !reloadedItems.isEmpty { ops.append(.reloadItems(reloadedItems, items: reloadedData)) }
        return ops
    }

    /// The data an operation on `paths` carries: nil for all or data for all (the default
    /// data where `data` gives none). A reload without data keeps the item's; with data for
    /// some, the others keep theirs only if the caller repeats it.
    static func data(_ paths: [IndexPath], _ data: (IndexPath) -> SectionData.Item?) -> [SectionData.Item]? {
        let given = paths.map(data)
        return given.allSatisfy { $0 == nil } ? nil : given.map { $0 ?? SectionData.Item() }
    }
}
