/// A prepared layout whose frames are another's mirrored across a width `D`: every frame
/// `x' = D − x − w` (L2, the vertical flow layout in right-to-left without the flag; the
/// mirror is its own inverse, so a query rect is mirrored in and each answer out).
/// Transforms, alphas and z-orders are the base layout's, unchanged (UIKit adjusts none).
public struct HorizontallyMirroredLayout: PreparedLayout {
    public let base: any PreparedLayout
    /// D: for the vertical flow, the view's width inside its content insets.
    public let width: Double

    public init(_ base: any PreparedLayout, width: Double) {
        self.base = base
        self.width = width
    }

    /// The width a vertical flow layout mirrors across in `view` (L2).
    public static func flowWidth(of view: ViewContext) -> Double {
        view.bounds.width - view.contentInset.left - view.contentInset.right
    }

    public func mirrored(_ rect: Rect) -> Rect {
        Rect(x: width - rect.origin.x - rect.size.width, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    public func mirrored(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var a = attributes
        a.frame = mirrored(a.frame)
        return a
    }

    public var contentSize: Size { base.contentSize }
    public var info: [(key: String, value: Double)] { base.info }

    /// The base layout's elements of the mirrored rect, in its order, each mirrored: handed
    /// on one by one through a `MirroringSink` when the caller streams, so a right-to-left
    /// query writes its reply as a left-to-right one does.
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        let width = self.width
        try out.collectAdapted(sink: { MirroringSink($0, width: width) }, map: mirrored) { (inner) throws(ElementLimitExceeded) in
            try base.collectElements(in: rect.map(mirrored), view: view, into: &inner)
        }
    }

    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        base.attributesForItem(at: indexPath, view: view).map(mirrored)
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        base.attributesForSupplementaryView(kind: kind, at: indexPath, view: view).map(mirrored)
    }

    public func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        base.attributesForDecorationView(kind: kind, at: indexPath, view: view).map(mirrored)
    }

    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        base.invalidation(from: oldView, to: newView)
    }

    /// The content offset is unaffected by the layout's own mirror (L2).
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        base.targetContentOffset(proposed: proposed, velocity: velocity, view: view)
    }

    public func targetContentOffset(
        proposed: Point, velocity: Point, view: ViewContext, elementLimit: Int
    ) throws(ElementLimitExceeded) -> Point {
        try base.targetContentOffset(proposed: proposed, velocity: velocity, view: view, elementLimit: elementLimit)
    }

    public func initialAttributes(forAppearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        mirrored(base.initialAttributes(forAppearing: mirrored(attributes), view: view))
    }

    public func finalAttributes(forDisappearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        mirrored(base.finalAttributes(forDisappearing: mirrored(attributes), view: view))
    }
}

/// Hands each element on to another sink with its frame mirrored across `width`
/// (`x' = width − x − w`), a plain cell as a plain cell.
final class MirroringSink: ElementSink {
    private let target: ElementSink
    private let width: Double

    init(_ target: ElementSink, width: Double) {
        self.target = target
        self.width = width
    }

    @inline(__always)
    private func mirrored(_ frame: Rect) -> Rect {
        Rect(x: width - frame.origin.x - frame.size.width, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
    }

    override func take(_ element: borrowing LayoutAttributes) {
        var moved = copy element
        moved.frame = mirrored(moved.frame)
        target.take(moved)
    }

    override func takeCell(_ indexPath: IndexPath, _ frame: Rect, zIndex: Int) {
        target.takeCell(indexPath, mirrored(frame), zIndex: zIndex)
    }
}
