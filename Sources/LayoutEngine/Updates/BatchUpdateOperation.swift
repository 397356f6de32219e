/// One call made inside performBatchUpdates (docs/api.md "Batch updates").
///
/// Deletes, reloads and move sources name index paths and sections as they are BEFORE the
/// update; inserts and move destinations name them as they are AFTER it, whatever order the
/// operations come in (UIKit's rule).
public enum BatchUpdateOperation: Sendable, Hashable {
    /// insertItemsAtIndexPaths:. `items` gives the new items' data, one per index path;
    /// nil gives every new item the layout's defaults (an `itemCount`-style item).
    case insertItems([IndexPath], items: [SectionData.Item]?)
    /// deleteItemsAtIndexPaths:.
    case deleteItems([IndexPath])
    /// moveItemAtIndexPath:toIndexPath:. The item keeps its data.
    case moveItem(from: IndexPath, to: IndexPath)
    /// reloadItemsAtIndexPaths:. The item keeps its place among the items around it;
    /// `items` replaces its data, one per index path; nil keeps the data it had.
    case reloadItems([IndexPath], items: [SectionData.Item]?)
    /// insertSections:, with one `SectionData` (items and the section's own overrides) per
    /// new section.
    case insertSections([Int], data: [SectionData])
    /// deleteSections:.
    case deleteSections([Int])
    /// moveSection:toSection:. The section keeps its items and its overrides.
    case moveSection(from: Int, to: Int)
    /// reloadSections:. The section keeps its place among the sections around it; `data`
    /// replaces its items and overrides, one per section; nil keeps what it had. Either way
    /// its old items count as deleted and its new items as inserted.
    case reloadSections([Int], data: [SectionData]?)
}

/// A batch rejected by validation: `operationIndex` is the offending operation's position,
/// `field` its JSON path in the request (`updates[2].indexPaths[1]`), `message` says why,
/// in the words of UIKit's exceptions where UIKit has them.
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var operationIndex: Int
    public var field, message: String

    public init(operationIndex: Int, field: String, message: String) {
        self.operationIndex = operationIndex
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// What happened to one item, or one section, in a batch update.
///
/// `.none` means no operation named it: its index path can still change because of
/// operations around it (an insert before it, its section moving).
public enum ItemChange: Sendable, Hashable {
    case none
    /// Named by a move (possibly to the place it already had).
    case move
    /// Reloaded: still there, with its data possibly replaced.
    case reload
    /// Gone: deleted, or its section deleted or reloaded.
    case delete
    /// New: inserted, or in a section that is inserted or reloaded.
    case insert
}

/// The sections whose item lists an update touched (for incremental re-layout).
///
/// A new section that is not in `new` holds exactly the items, data and overrides of old
/// section `oldSection(forNew:)`, and shares its storage.
public struct TouchedSections: Hashable, Sendable {
    /// Old indexes, ascending: sections deleted or reloaded, and sections that lost or
    /// reloaded items (moves inside one section included).
    public var old: [Int]
    /// New indexes, ascending: sections inserted or reloaded, and sections that gained,
    /// lost or reloaded items.
    public var new: [Int]

    public init(old: [Int], new: [Int]) {
        self.old = old
        self.new = new
    }
}

extension BatchUpdateOperation {
    /// The operation's `op` in a request (docs/api.md, Batch updates).
    public var name: String {
        switch self {
        case .insertItems: "insertItems"
        case .deleteItems: "deleteItems"
        case .moveItem: "moveItem"
        case .reloadItems: "reloadItems"
        case .insertSections: "insertSections"
        case .deleteSections: "deleteSections"
        case .moveSection: "moveSection"
        case .reloadSections: "reloadSections"
        }
    }
}
