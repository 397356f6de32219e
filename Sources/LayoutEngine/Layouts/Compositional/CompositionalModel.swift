/// The parts of UICollectionViewCompositionalLayout (docs/compositional.md §1), as plain values.
/// The service decodes the JSON into these; the engine never sees JSON. Every part that can
/// be wrong in a way only the geometry reveals keeps its JSON path, so the engine's errors
/// name it as the decoder's do.
///
/// This file holds the measures the other parts are given in: dimensions, sizes, spacings
/// and insets.
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
}
