/// The UICollectionViewLayout queries of a prepared circle layout (docs/layouts.md §0, §5).
extension PreparedCircleLayout {
    /// Cells whose frames intersect `rect` as closed rectangles, in index-path order, then
    /// the background if on and intersecting (§0; no supplementary views).
    /// - Complexity: O(log n + k) for k results when the circle is large: consecutive items
    ///   are neighbours on the circle, so the index's boxes are short arcs.
    func collectElements(in rect: Rect?, view: ViewContext, into out: inout ElementCollector) throws(ElementLimitExceeded) {
        try numbering.forEachItem(intersecting: rect, in: cells) { (_, indexPath) throws(ElementLimitExceeded) in
            try out.append(cellAttributes(indexPath))
        }
        if background {
            let b = backgroundAttributes
            if rect.map({ b.frame.intersects($0) }) ?? true { try out.append(b) }
        }
    }

    func attributesForItem(at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        numbering.number(of: indexPath) == nil ? nil : cellAttributes(indexPath)
    }

    /// The circle layout has no supplementary views.
    func attributesForSupplementaryView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        nil
    }

    func attributesForDecorationView(kind: String, at indexPath: IndexPath, view: ViewContext) -> LayoutAttributes? {
        guard background, kind == Self.backgroundKind, indexPath == IndexPath(section: 0, item: 0) else { return nil }
        return backgroundAttributes
    }

    /// Everything hangs off the bounds size; the offset changes nothing.
    func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        oldView.bounds == newView.bounds ? .none : .everything
    }

    /// §5, as the sample's initialLayoutAttributesForAppearingItemAtIndexPath: an inserted
    /// cell starts at the circle's centre, transparent. Supplementary and decoration views
    /// keep UIKit's default (own attributes, alpha 0).
    func initialAttributes(forAppearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        var a = attributes
        a.alpha = 0
        if a.category == .cell { a.frame = centredOnCircleCentre(a.frame) }
        return a
    }

    /// §5, as the sample's finalLayoutAttributesForDisappearingItemAtIndexPath: a deleted
    /// cell ends at the centre, transparent, shrunk by scale(0.1, 0.1, 1) (the transform is
    /// replaced, as the sample assigns it).
    func finalAttributes(forDisappearing attributes: LayoutAttributes, view: ViewContext) -> LayoutAttributes {
        var a = attributes
        a.alpha = 0
        if a.category == .cell {
            a.frame = centredOnCircleCentre(a.frame)
            a.transform = .makeScale(0.1, 0.1, 1)
        }
        return a
    }

    /// The same size, centred on (W/2, H/2) (UIKit sets `center`; the size stays).
    private func centredOnCircleCentre(_ frame: Rect) -> Rect {
        let center = geometry.center
        return Rect(x: center.x - frame.width / 2, y: center.y - frame.height / 2, width: frame.width, height: frame.height)
    }
}
