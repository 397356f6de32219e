/// The parts of UICollectionViewCompositionalLayout (docs/compositional.md §1), as plain values.
/// The service decodes the JSON into these; the engine never sees JSON. Every part that can
/// be wrong in a way only the geometry reveals keeps its JSON path, so the engine's errors
/// name it as the decoder's do.
extension CompositionalLayout {
    /// NSCollectionLayoutDimension.
    public enum Dimension: Hashable, Sendable {
        case absolute(Double)
        case estimated(Double)
        case fractionalWidth(Double)
        case fractionalHeight(Double)

        public var isEstimated: Bool {
            if case .estimated = self { return true }
            return false
        }

        /// C1: the dimension's length in a container of `container`'s size.
        @inline(__always)
        func resolved(in container: Size) -> Double {
            switch self {
            case .absolute(let v), .estimated(let v): v
            case .fractionalWidth(let f): f * container.width
            case .fractionalHeight(let f): f * container.height
            }
        }
    }

    /// NSCollectionLayoutSize.
    public struct LayoutSize: Hashable, Sendable {
        public var width, height: Dimension

        public init(width: Dimension, height: Dimension) { (self.width, self.height) = (width, height) }

        func resolved(in container: Size) -> Size {
            Size(width: width.resolved(in: container), height: height.resolved(in: container))
        }

        var isEstimated: Bool { width.isEstimated || height.isEstimated }
    }

    /// NSCollectionLayoutSpacing.
    public enum Spacing: Hashable, Sendable {
        case fixed(Double)
        case flexible(Double)

        /// The least space it takes (C6: flexible means "at least v").
        var minimum: Double {
            switch self {
            case .fixed(let v), .flexible(let v): v
            }
        }

        var isFlexible: Bool {
            if case .flexible = self { return true }
            return false
        }
    }

    /// NSCollectionLayoutEdgeSpacing: nil edges take no space.
    public struct EdgeSpacing: Hashable, Sendable {
        public var leading: Spacing?
        public var top: Spacing?
        public var trailing: Spacing?
        public var bottom: Spacing?

        public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading
            self.top = top
            self.trailing = trailing
            self.bottom = bottom
        }

        public static let none = EdgeSpacing()

        /// The leading/top and trailing/bottom edges on one axis.
        func edges(horizontal: Bool) -> (lead: Spacing?, trail: Spacing?) {
            horizontal ? (leading, trailing) : (top, bottom)
        }
    }

    /// NSDirectionalEdgeInsets (left-to-right: leading = left).
    public struct Insets: Hashable, Sendable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double

        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }

        public init(all v: Double) { self.init(top: v, leading: v, bottom: v, trailing: v) }

        public static let zero = Insets()

        var horizontal: Double { leading + trailing }
        var vertical: Double { top + bottom }
    }

    /// NSCollectionLayoutAnchor: which edges, and an offset fractional of the
    /// supplementary's own size or absolute in points.
    public struct Anchor: Hashable, Sendable {
        public enum Edge: String, Hashable, Sendable, CaseIterable {
            case top, leading, bottom, trailing
        }
        public var edges: Set<Edge>
        public var offset: Point
        public var offsetIsFractional: Bool

        public init(edges: Set<Edge>, offset: Point = .zero, offsetIsFractional: Bool = true) {
            self.edges = edges
            self.offset = offset
            self.offsetIsFractional = offsetIsFractional
        }

        /// C11: 0 (leading/top), 1 (trailing/bottom) or ½ (no edge on that axis).
        var unit: Point {
            let x: Double = edges.contains(.leading) ? 0 : edges.contains(.trailing) ? 1 : 0.5
            let y: Double = edges.contains(.top) ? 0 : edges.contains(.bottom) ? 1 : 0.5
            return Point(x: x, y: y)
        }
    }

    /// NSCollectionLayoutSupplementaryItem anchored to an item or a group (badges).
    public struct AnchoredItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var anchor: Anchor
        public var zIndex: Int

        public init(kind: String, size: LayoutSize, anchor: Anchor, zIndex: Int = 1) {
            self.kind = kind
            self.size = size
            self.anchor = anchor
            self.zIndex = zIndex
        }
    }

    /// NSCollectionLayoutItem.
    public struct Item: Hashable, Sendable {
        public var size: LayoutSize
        public var contentInsets: Insets
        public var edgeSpacing: EdgeSpacing
        public var supplementaryItems: [AnchoredItem]

        public init(
            size: LayoutSize, contentInsets: Insets = .zero, edgeSpacing: EdgeSpacing = .none,
            supplementaryItems: [AnchoredItem] = []
        ) {
            self.size = size
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.supplementaryItems = supplementaryItems
        }
    }

    /// NSCollectionLayoutGroup's layout axis; a custom group gives its items' frames.
    public enum GroupAxis: Hashable, Sendable {
        case horizontal
        case vertical
        case custom(frames: [Rect])
    }

    /// NSCollectionLayoutGroup: an item that lays out subitems. `path` is its JSON path.
    public struct Group: Hashable, Sendable {
        public var axis: GroupAxis
        public var size: LayoutSize
        public var subitems: [Element]
        /// `subitem:count:` (C4); nil repeats the subitems (C3).
        public var count: Int?
        public var interItemSpacing: Spacing?
        public var contentInsets: Insets
        public var edgeSpacing: EdgeSpacing
        public var supplementaryItems: [AnchoredItem]
        public var path: String

        public init(
            axis: GroupAxis, size: LayoutSize, subitems: [Element] = [], count: Int? = nil,
            interItemSpacing: Spacing? = nil, contentInsets: Insets = .zero,
            edgeSpacing: EdgeSpacing = .none, supplementaryItems: [AnchoredItem] = [],
            path: String = "group"
        ) {
            self.axis = axis
            self.size = size
            self.subitems = subitems
            self.count = count
            self.interItemSpacing = interItemSpacing
            self.contentInsets = contentInsets
            self.edgeSpacing = edgeSpacing
            self.supplementaryItems = supplementaryItems
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

    /// Where a boundary supplementary sits (NSRectAlignment).
    public enum BoundaryAlignment: String, Hashable, Sendable, CaseIterable {
        case top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing
    }

    /// NSCollectionLayoutBoundarySupplementaryItem: headers and footers.
    public struct BoundaryItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var alignment: BoundaryAlignment
        public var absoluteOffset: Point
        public var extendsBoundary: Bool
        public var pinToVisibleBounds: Bool
        public var zIndex: Int
        public var contentInsets: Insets

        public init(
            kind: String, size: LayoutSize, alignment: BoundaryAlignment, absoluteOffset: Point = .zero,
            extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false, zIndex: Int = 1,
            contentInsets: Insets = .zero
        ) {
            self.kind = kind
            self.size = size
            self.alignment = alignment
            self.absoluteOffset = absoluteOffset
            self.extendsBoundary = extendsBoundary
            self.pinToVisibleBounds = pinToVisibleBounds
            self.zIndex = zIndex
            self.contentInsets = contentInsets
        }
    }

    /// NSCollectionLayoutDecorationItem (section backgrounds).
    public struct DecorationItem: Hashable, Sendable {
        public var kind: String
        public var contentInsets: Insets
        public var zIndex: Int

        public init(kind: String, contentInsets: Insets = .zero, zIndex: Int = 0) {
            self.kind = kind
            self.contentInsets = contentInsets
            self.zIndex = zIndex
        }
    }

    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    public enum OrthogonalScrolling: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// NSCollectionLayoutSection. `path` is its JSON path (`layout.section`,
    /// `dataSource.sections[2].layout`).
    public struct Section: Hashable, Sendable {
        public var group: Group
        public var interGroupSpacing: Double
        public var contentInsets: Insets
        public var supplementariesFollowContentInsets: Bool
        public var orthogonalScrollingBehavior: OrthogonalScrolling
        public var boundarySupplementaryItems: [BoundaryItem]
        public var decorationItems: [DecorationItem]
        public var path: String

        public init(
            group: Group, interGroupSpacing: Double = 0, contentInsets: Insets = .zero,
            supplementariesFollowContentInsets: Bool = true,
            orthogonalScrollingBehavior: OrthogonalScrolling = .none,
            boundarySupplementaryItems: [BoundaryItem] = [], decorationItems: [DecorationItem] = [],
            path: String = "layout.section"
        ) {
            self.group = group
            self.interGroupSpacing = interGroupSpacing
            self.contentInsets = contentInsets
            self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
            self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            self.boundarySupplementaryItems = boundarySupplementaryItems
            self.decorationItems = decorationItems
            self.path = path
        }
    }
}
