/// A prepared line layout: the prepared flow layout, with cells zoomed for the view asked about.
public struct PreparedLineLayout: PreparedLayout {
    let flow: PreparedFlowLayout
    let activeDistance: Double
    let zoomFactor: Double

    public var contentSize: Size { flow.contentSize }

    /// §4: d = (ox + W/2) − center.x; within the active distance the cell scales by
    /// 1 + zoomFactor·(1 − |d|/activeDistance) and draws above its neighbours.
    func zoomed(_ a: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        guard a.category == .cell else { return a }
        let d = (view.contentOffset.x + view.bounds.width / 2) - a.frame.center.x
        guard abs(d) < activeDistance else { return a }
        let zoom = 1 + zoomFactor * (1 - abs(d) / activeDistance)
        var out = a
        out.transform = Transform3D.makeScale(zoom, zoom, 1)
        out.zIndex = 1
        return out
    }

    public func elements(in rect: Rect?, view: ViewContext) -> [LayoutAttributes] {
        flow.elements(in: rect, view: view).map { zoomed($0, view: view) }
    }

    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        flow.attributesForItem(at: indexPath, view: view).map { zoomed($0, view: view) }
    }

    public func attributesForSupplementaryView(kind: String, at indexPath: IndexPath,
                                               view: ViewContext) -> LayoutAttributes? {
        flow.attributesForSupplementaryView(kind: kind, at: indexPath, view: view)
    }

    /// §4: always true. Every transform depends on the offset, so all attributes are
    /// invalidated; the flow geometry itself only when the flow layout says so.
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        InvalidationContext(invalidatesLayout: flow.invalidation(from: oldView, to: newView).invalidatesLayout,
                            invalidatesAllAttributes: true)
    }

    /// §4: among the cells in the proposed visible rect, the one whose centre x is nearest
    /// the proposed centre (the first such cell on a tie); the proposed offset shifted by the
    /// difference, y unchanged. Unchanged when no cell is there.
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        let rect = Rect(origin: proposed, size: view.bounds)
        let centre = proposed.x + view.bounds.width / 2
        var adjustment = Double.infinity
        for a in flow.elements(in: rect, view: view) where a.category == .cell {
            let d = a.frame.center.x - centre
            if abs(d) < abs(adjustment) { adjustment = d }
        }
        guard adjustment.isFinite else { return proposed }
        return Point(x: proposed.x + adjustment, y: proposed.y)
    }
}
