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

/// Identity is the identifier's UTF-8 bytes, as everywhere else identifiers are compared (the
/// packed columns of a create and a PUT): Swift's `String` equality is canonical equivalence,
/// under which `"é"` (U+00E9) and `"e\u{301}"` would be one identifier here and two there.
/// UIKit's diffable data source hashes what the app gives it; folding is the client's business.
extension SnapshotIdentifier {
    public static func == (a: SnapshotIdentifier, b: SnapshotIdentifier) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x.utf8.elementsEqual(y.utf8)
        case (.integer(let x), .integer(let y)): x == y
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(var s):
            hasher.combine(0 as UInt8)
            hasher.combine(s.utf8.count)
            s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .integer(let i):
            hasher.combine(1 as UInt8)
            hasher.combine(i)
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
        /// A reloaded or reconfigured identifier that is no item of the new snapshot, or an
        /// operation naming an item the snapshot does not have.
        case unknownItemIdentifier = "unknown_item_identifier"
        /// An operation naming a section the snapshot does not have.
        case unknownSectionIdentifier = "unknown_section_identifier"
        /// Items appended to a snapshot without sections.
        case noSections = "no_sections"
    }

    public var kind: Kind
    public var message: String
    /// The JSON path of the offending input, relative to the request body
    /// (`sections[1].items[3]`, `reloaded[0]`); `old` prefixes paths in the old snapshot.
    public var field: String
    /// Where in the new snapshot: the repeated section (`item` -1) or item, for callers
    /// whose input names it another way (a data source's `itemIds`).
    public var position: IndexPath?

    public init(kind: Kind, message: String, field: String, position: IndexPath? = nil) {
        self.kind = kind
        self.message = message
        self.field = field
        self.position = position
    }

    public var description: String { "\(field): \(message)" }

    /// `id`, listed at `field[k]` to `verb` ("reload", "reconfigure"), is no item of the new
    /// snapshot.
    static func unknownItem(_ id: SnapshotIdentifier, _ verb: String, _ field: String, _ k: Int) -> DiffableSnapshotError {
        DiffableSnapshotError(
            kind: .unknownItemIdentifier,
            message: "Attempted to \(verb) item identifier that does not exist in the snapshot: \(id)",
            field: "\(field)[\(k)]")
    }

    /// At most this many duplicates are named in a message.
    public static let listedDuplicates = 10
}
