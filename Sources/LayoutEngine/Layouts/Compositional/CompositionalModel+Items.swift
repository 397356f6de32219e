/// The items and groups of a section (docs/compositional.md C1–C7), as plain values.
extension CompositionalLayout {
    /// NSCollectionLayoutItem. As in UIKit, it is made from its size (and supplementary
    /// items); insets and edge spacing are set afterwards.
    public struct Item: Hashable, Sendable {
        public var size: LayoutSize
        public var contentInsets: Insets = .zero
        public var edgeSpacing: EdgeSpacing = .none
        public var supplementaryItems: [AnchoredItem]

        /// `NSCollectionLayoutItem(layoutSize:supplementaryItems:)`.
        public init(size: LayoutSize, supplementaryItems: [AnchoredItem] = []) {
            self.size = size
            self.supplementaryItems = supplementaryItems
        }
    }

    /// NSCollectionLayoutGroup's layout axis; a custom group gives its items' frames.
    public enum GroupAxis: Hashable, Sendable {
        case horizontal
        case vertical
        case custom(frames: [Rect])
    }

    /// NSCollectionLayoutGroup: an item that lays out subitems. `path` is its JSON path. As in
    /// UIKit, it is made from its axis, size and subitems (or one subitem and a count);
    /// spacing, insets, edge spacing and supplementary items are set afterwards.
    public struct Group: Hashable, Sendable {
        public var axis: GroupAxis
        public var size: LayoutSize
        public var subitems: [Element]
        /// `subitem:count:` (C4); nil repeats the subitems (C3).
        public var count: Int?
        public var interItemSpacing: Spacing? = nil
        public var contentInsets: Insets = .zero
        public var edgeSpacing: EdgeSpacing = .none
        public var supplementaryItems: [AnchoredItem] = []
        public var path: String

        /// `NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)` and its kin, the axis
        /// given rather than named; `count` makes it `subitem:count:`.
        public init(axis: GroupAxis, size: LayoutSize, subitems: [Element] = [], count: Int? = nil, path: String = "group") {
            self.axis = axis
            self.size = size
            self.subitems = subitems
            self.count = count
            self.path = path
        }

        /// C15: whether any dimension in this group's tree is estimated.
        var hasEstimatedDimension: Bool {
            size.isEstimated || subitems.contains { $0.hasEstimatedDimension }
        }
    }

    /// A group's subitem: an item or a nested group (C7).
    public indirect enum Element: Hashable, Sendable {
        case item(Item)
        case group(Group)

        var size: LayoutSize {
            switch self {
            case .item(let i): i.size
            case .group(let g): g.size
            }
        }

        var edgeSpacing: EdgeSpacing {
            switch self {
            case .item(let i): i.edgeSpacing
            case .group(let g): g.edgeSpacing
            }
        }

        var hasEstimatedDimension: Bool {
            switch self {
            case .item(let i): i.size.isEstimated
            case .group(let g): g.hasEstimatedDimension
            }
        }
    }
}
