/// What an element is: UICollectionElementCategory.
public enum ElementCategory: String, Sendable, Hashable, CaseIterable {
    case cell
    case supplementary
    case decoration
}

/// A layout-specific value carried on an element (`extras` in the API).
public enum AttributeExtra: Hashable, Sendable {
    case number(Double)
    case indexPaths([IndexPath])
}

/// UICollectionViewLayoutAttributes. `frame` is the untransformed frame, as in UIKit; the
/// transform acts about the frame's centre.
public struct LayoutAttributes: Hashable, Sendable {
    public var category: ElementCategory
    /// The supplementary or decoration kind (`header`, `footer`, `connector`, …); empty for cells.
    public var kind: String
    public var indexPath: IndexPath
    public var frame: Rect
    public var transform: Transform3D
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool
    /// Ordered so that replies are byte-for-byte repeatable.
    public var extras: [(key: String, value: AttributeExtra)]

    public init(
        category: ElementCategory, kind: String = "", indexPath: IndexPath, frame: Rect,
        transform: Transform3D = .identity, alpha: Double = 1, zIndex: Int = 0,
        isHidden: Bool = false, extras: [(key: String, value: AttributeExtra)] = []
    ) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.extras = extras
    }

    public static func cell(_ indexPath: IndexPath, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    public var center: Point { frame.center }

    /// Identity of the element across layouts and updates.
    public var key: ElementKey { ElementKey(category: category, kind: kind, indexPath: indexPath) }

    public static func == (a: LayoutAttributes, b: LayoutAttributes) -> Bool {
        a.category == b.category && a.kind == b.kind && a.indexPath == b.indexPath
            && a.frame == b.frame && a.transform == b.transform && a.alpha == b.alpha
            && a.zIndex == b.zIndex && a.isHidden == b.isHidden
            && a.extras.elementsEqual(b.extras) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(frame)
    }
}

/// Which element: category, kind and index path.
public struct ElementKey: Hashable, Sendable, Comparable {
    public var category: ElementCategory
    public var kind: String
    public var indexPath: IndexPath

    public init(category: ElementCategory, kind: String = "", indexPath: IndexPath) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
    }

    private var categoryRank: Int {
        switch category {
        case .cell: 0
        case .supplementary: 1
        case .decoration: 2
        }
    }

    /// Cells first, then supplementary views, then decorations (docs/layouts.md §0).
    public static func < (a: ElementKey, b: ElementKey) -> Bool {
        if a.categoryRank != b.categoryRank { return a.categoryRank < b.categoryRank }
        if a.kind != b.kind { return a.kind < b.kind }
        return a.indexPath < b.indexPath
    }
}
