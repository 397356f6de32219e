/// The views a compositional layout adds besides cells (docs/compositional.md C10–C12):
/// supplementaries anchored to items and groups, boundary items (headers and footers) and
/// section decorations, as plain values.
extension CompositionalLayout {
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

    /// NSCollectionLayoutSupplementaryItem anchored to an item or a group (badges). As in
    /// UIKit, it is made from its size, kind and anchor; its zIndex is set afterwards.
    public struct AnchoredItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var anchor: Anchor
        public var zIndex = 1

        /// `NSCollectionLayoutSupplementaryItem(layoutSize:elementKind:containerAnchor:)`.
        public init(kind: String, size: LayoutSize, anchor: Anchor) {
            self.kind = kind
            self.size = size
            self.anchor = anchor
        }
    }

    /// Where a boundary supplementary sits (NSRectAlignment).
    public enum BoundaryAlignment: String, Hashable, Sendable, CaseIterable {
        case top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing
    }

    /// NSCollectionLayoutBoundarySupplementaryItem: headers and footers. As in UIKit, it is
    /// made from its size, kind, alignment and offset; the rest is set afterwards.
    public struct BoundaryItem: Hashable, Sendable {
        public var kind: String
        public var size: LayoutSize
        public var alignment: BoundaryAlignment
        public var absoluteOffset: Point
        public var extendsBoundary = true
        public var pinToVisibleBounds = false
        public var zIndex = 1
        public var contentInsets: Insets = .zero
        /// Space kept above a start-side item, part of its extent but not of its slot: a list
        /// header's top padding (L-M5). Pinned, the item leaves it behind. Lists set it.
        var paddingBefore = 0.0

        /// `NSCollectionLayoutBoundarySupplementaryItem(layoutSize:elementKind:alignment:absoluteOffset:)`.
        public init(kind: String, size: LayoutSize, alignment: BoundaryAlignment, absoluteOffset: Point = .zero) {
            self.kind = kind
            self.size = size
            self.alignment = alignment
            self.absoluteOffset = absoluteOffset
        }
    }

    /// NSCollectionLayoutDecorationItem (section backgrounds). As in UIKit, it is made from
    /// its kind; insets and zIndex are set afterwards.
    public struct DecorationItem: Hashable, Sendable {
        public var kind: String
        public var contentInsets: Insets = .zero
        public var zIndex = 0
        /// Covers the section's rows rather than the whole section: an inset-grouped list's
        /// background (L-B1). Lists set it.
        var coversRows = false

        /// `NSCollectionLayoutDecorationItem.background(elementKind:)`.
        public init(kind: String) { self.kind = kind }
    }
}
