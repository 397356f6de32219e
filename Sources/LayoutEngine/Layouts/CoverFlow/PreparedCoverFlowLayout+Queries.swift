/// The UICollectionViewLayout queries of a prepared cover flow (docs/layouts.md §0, §3).
extension PreparedCoverFlowLayout {
    /// Elements whose untransformed frames intersect `rect` as closed rectangles (§0; the
    /// flow layout's empty-rectangle rule, docs/flow.md R14, is UIKit's flow quirk and does not
    /// apply here): cells, then headers, then reflections, each in index-path order.
    /// - Complexity: O(log n + k) for k results.
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        guard let rect else {
            let n = numbering.total
            out.reserveCapacity(n * (reflection ? 2 : 1) + headers.count)
            for g in 0..<n { try out.append(cellAttributes(g, view: view)) }
            try headers.collectAttributes(in: nil, into: &out)
            if reflection { for g in 0..<n { try out.append(reflectionAttributes(g, view: view)) } }
            return
        }
        try cells.forEachIntersecting(rect) { (g) throws(ElementLimitExceeded) in try out.append(cellAttributes(g, view: view)) }
        try headers.collectAttributes(in: rect, into: &out)
        if reflection {
            try forEachReflection(intersecting: rect) { (g) throws(ElementLimitExceeded) in try out.append(reflectionAttributes(g, view: view)) }
        }
    }

    /// Reflections share their cell's x range and all lie in one band one cell height
    /// lower, so the cell index answers for them: ask it for the cells whose x range meets
    /// the rectangle, then check each reflection's own frame exactly.
    private func forEachReflection(intersecting rect: Rect, _ body: (Int) throws(ElementLimitExceeded) -> Void) throws(ElementLimitExceeded) {
        guard numbering.total > 0 else { return }
        let reflectionBand = reflectionFrame(0)
        guard reflectionBand.minY <= rect.maxY, rect.minY <= reflectionBand.maxY else { return }
        let band = strip.frame(0)
        let query = Rect(x: rect.minX, y: band.minY, width: rect.width, height: band.height)
        try cells.forEachIntersecting(query) { (g) throws(ElementLimitExceeded) in
            if reflectionFrame(g).intersects(rect) { try body(g) }
        }
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        numbering.number(of: indexPath).map { cellAttributes($0, view: view) }
    }

    /// `header` at [section, 0] of a non-empty section, when headerHeight > 0.
    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        kind == Self.headerKind ? headers.attributes(at: indexPath) : nil
    }

    /// `reflection` at a cell's index path, when reflections are on.
    func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard reflection, kind == Self.reflectionKind, let g = numbering.number(of: indexPath) else { return nil }
        return reflectionAttributes(g, view: view)
    }

    /// §3: every scroll changes the transforms. A bounds size change moves the frames too
    /// (they hang off W/2 and H/2), so the layout must be prepared again. The original
    /// answers YES unconditionally, but UIKit only asks when the bounds changed; with
    /// nothing changed (same size and offset) there is nothing to recompute, so: none.
    /// The content inset and scale are not read by this layout.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        if oldView.bounds != newView.bounds {
            return InvalidationContext(invalidatesLayout: true, invalidatesAllAttributes: true)
        }
        if oldView.contentOffset != newView.contentOffset {
            return InvalidationContext(invalidatesAllAttributes: true)
        }
        return .none
    }

    /// §3: the offset that centres the item whose centre is nearest the proposed visible
    /// centre (`proposed.x + W/2`); ties go to the lower index, as the original's scan
    /// (strict `<` over ascending attributes) does. The result `g·cellInterval` lies in
    /// [0, contentWidth − W] by construction; y is returned unchanged, as the original does.
    ///
    /// The velocity is ignored, as in the original (CVCLCoverFlowLayout): UIKit's proposed
    /// offset is already where deceleration would stop, so the velocity is counted in it.
    /// Without items the proposed offset is returned unchanged (UIKit's default).
    func targetContentOffset(proposed: Point, velocity: Point, view: ViewContext) -> Point {
        let n = numbering.total
        guard n > 0, proposed.x.isFinite else { return proposed }
        let visibleCentre = proposed.x + strip.bounds.width / 2
        // Item centres are cellInterval apart, starting at W/2: the nearest one is the item
        // below proposed.x / cellInterval or the next; one more each side absorbs rounding.
        let below = min(max((proposed.x / strip.cellInterval).rounded(.down), 0), Double(n - 1))
        let g0 = Int(below)
        var best = -1, bestDistance = Double.infinity
        for g in max(0, g0 - 1)...min(n - 1, g0 + 1) {
            let distance = abs(strip.centerX(g) - visibleCentre)
            if distance < bestDistance {
                best = g
                bestDistance = distance
            }
        }
        return Point(x: Double(best) * strip.cellInterval, y: proposed.y)
    }
}
