/// A rejected input, found while preparing a layout: `field` is the JSON path of the
/// offending value (`dataSource.sections[1].items[4].aspectRatio`), `message` says why.
public struct LayoutError: Error, Hashable, Sendable {
    public var field, message: String

    public init(field: String, message: String) { (self.field, self.message) = (field, message) }
}

/// What a bounds or offset change invalidates (UICollectionViewLayoutInvalidationContext).
public struct InvalidationContext: Hashable, Sendable {
    /// The prepared layout no longer holds: prepare again with the new view.
    public var invalidatesLayout: Bool
    /// Every element's attributes depend on the view (cover flow and line transforms); the
    /// prepared geometry still holds and attributes are recomputed as they are asked for.
    public var invalidatesAllAttributes: Bool
    /// Elements whose attributes changed though the layout holds (pinned headers, R12).
    public var invalidatedElements: [ElementKey]

    public init(
        invalidatesLayout: Bool = false, invalidatesAllAttributes: Bool = false,
        invalidatedElements: [ElementKey] = []
    ) {
        self.invalidatesLayout = invalidatesLayout
        self.invalidatesAllAttributes = invalidatesAllAttributes
        self.invalidatedElements = invalidatedElements
    }

    public static let none = InvalidationContext()
    public static let everything = InvalidationContext(invalidatesLayout: true)

    /// shouldInvalidateLayout(forBoundsChange:)'s answer.
    public var shouldInvalidate: Bool {
        invalidatesLayout || invalidatesAllAttributes || !invalidatedElements.isEmpty
    }
}

/// The one protocol every layout conforms to: UICollectionViewLayout's contract, headless.
///
/// `prepare` does the work of `prepareLayout` once and returns an immutable prepared layout
/// that a session caches; every query afterwards is answered from it.
public protocol CollectionLayout: Sendable {
    /// Computes all geometry that depends on the data source and on the parts of the view
    /// this layout reads. Throws for data the layout cannot lay out (naming the field).
    func prepare(_ dataSource: DataSource, view: ViewContext) throws(LayoutError) -> any PreparedLayout

    /// Whether the collection view flips its horizontal axis for this layout in `view`
    /// (docs/layout-direction.md L1, L4). A requirement, not a cast: every rect query asks,
    /// and a dynamic cast of the layout cost about a thousand instructions a query.
    func flipsAxis(in view: ViewContext) -> Bool
}

extension CollectionLayout {
    /// A layout without UIKit's direction properties never has the axis flipped
    /// (`DirectedLayout` answers for the ones that have them).
    public func flipsAxis(in view: ViewContext) -> Bool { false }
}

/// A layout made from one `Parameters` value: every layout but the compositional one. A
/// default-made layout holds the defaults, which lets the service read a request's
/// parameters over them and make the layout from the result without naming either.
public protocol ParameterizedLayout: CollectionLayout {
    associatedtype Parameters: Sendable
    var parameters: Parameters { get }
    init(_ parameters: Parameters)
}

/// A prepared layout: answers every query of UICollectionViewLayout. The `view` passed to
/// queries is the session's current view; a prepared layout only reads from it what may
/// change without invalidating the layout (the offset, for pinning and transforms).
public protocol PreparedLayout: Sendable {
    /// collectionViewContentSize.
    var contentSize: Size { get }

    /// Layout-level results reported with the layout (`widowCount`, …), in a fixed order.
    var info: [(key: String, value: Double)] { get }

    /// layoutAttributesForElementsInRect: appends every element whose frame intersects
    /// `rect` as closed rectangles (all elements when `rect` is nil) to `out`, stopping with
    /// `ElementLimitExceeded` the moment `out` would pass its limit. Cells first, then
    /// supplementary views, then decorations (each layout documents its exact order).
    /// Callers use `elements(in:view:)` or `elements(in:view:limit:)`.
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded)

    /// layoutAttributesForItemAtIndexPath; nil when there is no such item.
    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes?

    /// layoutAttributesForSupplementaryViewOfKind:atIndexPath:; nil when absent.
    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes?

    /// layoutAttributesForDecorationViewOfKind:atIndexPath:; nil when absent.
    func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes?

    /// shouldInvalidateLayoutForBoundsChange, with the context of what changed.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext

    /// targetContentOffsetForProposedContentOffset:withScrollingVelocity:.
    func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point

    /// The same answer for a caller that bounds the work: a layout that looks at elements to
    /// answer (the line layout) stops with `ElementLimitExceeded` when one of its queries
    /// would meet more than `elementLimit`. The default asks the unbounded one, for layouts
    /// whose answer costs O(log n) or less.
    func targetContentOffset(
        proposed: Point, velocity: Point, view: ViewContext,
        elementLimit: Int
    ) throws(ElementLimitExceeded) -> Point

    /// Where UIKit's scroll view opens this layout when the client names no content offset;
    /// nil keeps the view's own (the origin). Only the horizontal flow layout in right-to-left
    /// has one (docs/layout-direction.md, L3.4).
    func initialContentOffset(view: ViewContext) -> Point?

    /// initialLayoutAttributesForAppearingItemAtIndexPath (and the supplementary/decoration
    /// variants): where an inserted element starts its animation.
    func initialAttributes(forAppearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes

    /// finalLayoutAttributesForDisappearingItemAtIndexPath: where a deleted element ends.
    func finalAttributes(forDisappearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes
}

extension PreparedLayout {
    public var info: [(key: String, value: Double)] { [] }

    public func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    public func initialContentOffset(view: ViewContext) -> Point? { nil }

    /// UIKit's default keeps the proposed offset; a scroll view then clamps it to its content,
    /// so the headless default answers the offset the view would come to rest at: clamped to
    /// `-contentInset … contentSize + contentInset − bounds` on each axis.
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        clampedContentOffset(proposed, view: view)
    }

    public func targetContentOffset(
        proposed: Point, velocity: Point, view: ViewContext,
        elementLimit: Int
    ) throws(ElementLimitExceeded) -> Point {
        targetContentOffset(proposed: proposed, velocity: velocity, view: view)
    }

    /// The offset clamped to the scrollable range, as UIScrollView settles it.
    public func clampedContentOffset(_ offset: Point, view: ViewContext) -> Point {
        let inset = view.contentInset, size = contentSize
        func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double { min(max(v, low), max(low, high)) }
        return Point(
            x: clamp(offset.x, -inset.left, size.width + inset.right - view.bounds.width),
            y: clamp(offset.y, -inset.top, size.height + inset.bottom - view.bounds.height))
    }

    /// UIKit's default: the element's own attributes, transparent.
    public func initialAttributes(forAppearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        var a = attributes
        a.alpha = 0
        return a
    }

    /// UIKit's default: the element's own attributes, transparent.
    public func finalAttributes(forDisappearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        var a = attributes
        a.alpha = 0
        return a
    }
}
