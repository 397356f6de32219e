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

    /// The flow layout's elements, each zoomed before it is handed on (a streaming
    /// collector's sink must see the zoomed attributes).
    public func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        for a in try flow.elements(in: rect, view: view, limit: out.remaining) { try out.append(zoomed(a, view: view)) }
    }

    public func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        flow.attributesForItem(at: indexPath, view: view).map { zoomed($0, view: view) }
    }

    public func attributesForSupplementaryView(
        kind: String, at indexPath: IndexPath,
        view: ViewContext
    ) -> LayoutAttributes? {
        flow.attributesForSupplementaryView(kind: kind, at: indexPath, view: view)
    }

    /// §4: always true. Every transform depends on the offset, so all attributes are
    /// invalidated; the flow geometry itself only when the flow layout says so.
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        InvalidationContext(
            invalidatesLayout: flow.invalidation(from: oldView, to: newView).invalidatesLayout,
            invalidatesAllAttributes: true)
    }

    /// §4: among the cells in the proposed visible rect, the one whose centre x is nearest
    /// the proposed centre (the first such cell on a tie); the proposed offset shifted by the
    /// difference, y unchanged. Unchanged when no cell is there.
    public func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        do throws(ElementLimitExceeded) {
            return try targetContentOffset(proposed: proposed, velocity: velocity, view: view, elementLimit: .max)
        } catch {
            preconditionFailure("an unlimited query refused an element")
        }
    }

    /// The search looks at the cells near the centre only. Every cell's centre lies within
    /// the x range the layout's cells occupy (`cellXRange`; unbounded when unknown), so the
    /// search starts from the point of that range nearest the proposed centre, `c'`, at a
    /// distance δ from the centre `c`. A cell outside a band of half-width `w` around `c'`
    /// is more than δ + w from `c`: once the band (within the proposed rect) holds a cell no
    /// farther than δ + w, it holds the nearest and all its ties. The band starts at one
    /// point and doubles until then, or until it is the whole rect; its cells come in the
    /// rect query's order, so a tie goes to the same first cell.
    /// - Complexity: O(log(distance) · log n + k) for k cells in the last band, instead of
    ///   every cell in the proposed rect (all of them for a huge bounds width).
    public func targetContentOffset(
        proposed: Point, velocity: Point, view: ViewContext,
        elementLimit: Int
    ) throws(ElementLimitExceeded) -> Point {
        let rect = Rect(origin: proposed, size: view.bounds)
        let centre = proposed.x + view.bounds.width / 2
        let range = cellXRange
        let anchor = range.map { min(max(centre, $0.lowerBound), $0.upperBound) } ?? centre
        let offside = abs(centre - anchor)
        var halfWidth = 1.0
        while true {
            // Widened by far more than the rounding of `anchor ± halfWidth`, so that no cell
            // within `halfWidth` can fall outside; extra cells are measured like the others.
            let reach = halfWidth + (abs(anchor) + halfWidth) * 0x1p-40
            let low = max(rect.minX, anchor - reach), high = min(rect.maxX, anchor + reach)
            let wholeRect = anchor - reach <= rect.minX && anchor + reach >= rect.maxX
            var adjustment = Double.infinity
            if wholeRect || low <= high {
                let band = wholeRect ? rect : Rect(x: low, y: rect.minY, width: high - low, height: rect.height)
                for a in try flow.elements(in: band, view: view, limit: elementLimit) where a.category == .cell {
                    let d = a.frame.center.x - centre
                    if abs(d) < abs(adjustment) { adjustment = d }
                }
            }
            if abs(adjustment) <= offside + halfWidth || wholeRect {
                guard adjustment.isFinite else { return proposed }
                return Point(x: proposed.x + adjustment, y: proposed.y)
            }
            halfWidth *= 2
        }
    }

    /// The x range every cell lies in, when the flow scrolls horizontally: its sections'
    /// bands along the scroll axis (which hold every element, R12), widened as the flow
    /// widens its own queries for rounding. nil for a vertical flow (no bound kept).
    var cellXRange: ClosedRange<Double>? {
        guard flow.axes.isHorizontal, let lo = flow.bandStart.min(), let hi = flow.bandEnd.max(), lo <= hi else { return nil }
        return flow.widened(lo, hi)
    }
}
