extension PreparedCompositionalLayout {
    /// shouldInvalidateLayoutForBoundsChange. Prepare read the bounds size and the scale:
    /// a change of either lays out again. Otherwise pinned boundary items (C10) depend on
    /// the visible rect and an orthogonal section's elements on its offset (C13): the ones
    /// whose attributes differ between the two views are listed.
    /// - Complexity: O(visible elements of the sections that change) + O(pinned items).
    public func invalidation(from oldView: ViewContext, to newView: ViewContext) -> InvalidationContext {
        guard oldView.bounds == newView.bounds, oldView.scale == newView.scale else { return .everything }
        // §6: list sections read the margins, the safe area and the wide-margin trait.
        if ListEnvironment(view: oldView) != ListEnvironment(view: newView), sections.contains(where: { $0.spec.list != nil }) {
            return .everything
        }
        var changed: [ElementKey] = []
        if oldView.visibleRect != newView.visibleRect {
            for b in layoutBoundaries where b.item.pinToVisibleBounds {
                let a = boundaryAttributes(b, section: nil, view: oldView)
                if a != boundaryAttributes(b, section: nil, view: newView) { changed.append(a.key) }
            }
            // Only sections whose band meets either visible rect hold pinned items that move.
            func range(_ v: Rect) -> Range<Int> {
                search.candidates(
                    count: sections.count, lo: axes.alongMin(v) - 1, hi: axes.alongMax(v) + 1,
                    start: { bandLo[$0] }, end: { bandHi[$0] })
            }
            let a = range(oldView.visibleRect), b = range(newView.visibleRect)
            let runs =
                a.overlaps(b) || a.upperBound == b.lowerBound || b.upperBound == a.lowerBound
                ? [min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)]
                : [a, b].sorted { $0.lowerBound < $1.lowerBound }
            for s in runs.joined() {
                let section = sections[s]
                for b in section.boundaries where b.item.pinToVisibleBounds {
                    let a = boundaryAttributes(b, section: s, view: oldView)
                    if a != boundaryAttributes(b, section: s, view: newView) { changed.append(a.key) }
                }
            }
        }
        if oldView.orthogonalOffsets != newView.orthogonalOffsets {
            let keys = Set(oldView.orthogonalOffsets.keys).union(newView.orthogonalOffsets.keys)
            for s in keys.sorted()
            where sections.indices.contains(s) && sections[s].isOrthogonal
                && orthogonalOffset(s, oldView) != orthogonalOffset(s, newView)
            {
                // What either view shows of the section moves with its offset.
                let visible = oldView.boundsRect.union(newView.boundsRect)
                var before: [ElementKey: LayoutAttributes] = [:]
                for a in elements(in: visible, view: oldView) where a.indexPath.section == s { before[a.key] = a }
                var seen = Set<ElementKey>()
                for a in elements(in: visible, view: newView) where a.indexPath.section == s {
                    seen.insert(a.key)
                    if before[a.key] != a { changed.append(a.key) }
                }
                changed.append(contentsOf: before.keys.filter { !seen.contains($0) }.sorted())
            }
        }
        var unique = Set<ElementKey>()
        return InvalidationContext(invalidatedElements: changed.filter { unique.insert($0).inserted })
    }

    /// C13: where an orthogonal section's own scrolling comes to rest, for a proposed offset
    /// and velocity across the scroll axis. The current offset is the view's.
    ///
    /// - `continuous`: the proposal, clamped to the section's content.
    /// - `continuousGroupLeadingBoundary`: the group leading edge nearest the proposal in
    ///   the direction of the velocity (the nearest either way at rest).
    /// - `paging`: multiples of the container width (the bounds across); `groupPaging` the
    ///   instances' leading edges; `groupPagingCentered` an instance centred. These three
    ///   move at most one page or group from the current offset, in the direction of the
    ///   velocity; at rest they settle on the one nearest the proposal.
    /// Every answer is clamped to 0…(content − container).
    /// - Returns: nil when `s` is not an orthogonal section.
    public func targetOrthogonalOffset(
        section s: Int, proposed: Double, velocity: Double,
        view: ViewContext
    ) -> Double? {
        guard sections.indices.contains(s), sections[s].isOrthogonal else { return nil }
        let section = sections[s], inst = section.instances
        let container = axes.vertical ? frame.bounds.width : frame.bounds.height
        let maxOffset = max(0, section.orthogonalLength - container)
        func clamp(_ v: Double) -> Double { min(max(v, 0), maxOffset) }
        let current = orthogonalOffset(s, view)
        // Snap point j rests at j · pageLength (plus the growth before it in a materialised
        // section): instance j's origin minus instance 0's, so that it sits where instance 0
        // sits at offset 0 (centred, for groupPagingCentered).
        let pageLength: Double
        switch section.spec.orthogonalScrollingBehavior {
        case .none: return nil
        case .continuous: return clamp(proposed)
        case .paging: pageLength = container
        case .groupPaging, .continuousGroupLeadingBoundary, .groupPagingCentered: pageLength = inst.stride
        }
        guard pageLength > 0, inst.count > 0 || section.spec.orthogonalScrollingBehavior == .paging else {
            return clamp(proposed)
        }
        func restingOffset(_ j: Double) -> Double {
            if let m = inst.materialised, section.spec.orthogonalScrollingBehavior != .paging {
                let idx = Int(min(max(j, 0), Double(inst.count - 1)))
                return Double(idx) * pageLength + m.delta[idx]
            }
            return j * pageLength
        }
        // The snap point index nearest below or at `v` (materialised sections search).
        func index(atOrBelow v: Double) -> Double {
            if let m = inst.materialised, section.spec.orthogonalScrollingBehavior != .paging {
                let i = partitionPoint(inst.count) { Double($0) * pageLength + m.delta[$0] > v } - 1
                return Double(max(0, i))
            }
            return (v / pageLength).rounded(.down)
        }
        let lastIndex =
            section.spec.orthogonalScrollingBehavior == .paging
            ? (maxOffset / pageLength).rounded(.up) : Double(max(0, inst.count - 1))
        func nearest(_ v: Double) -> Double {
            let below = min(max(index(atOrBelow: v), 0), lastIndex)
            let above = min(below + 1, lastIndex)
            return abs(restingOffset(above) - v) < abs(v - restingOffset(below)) ? above : below
        }
        let target: Double
        switch section.spec.orthogonalScrollingBehavior {
        case .continuousGroupLeadingBoundary:
            let below = min(max(index(atOrBelow: proposed), 0), lastIndex)
            if velocity > 0 {
                target = restingOffset(below) >= proposed ? below : min(below + 1, lastIndex)
            } else if velocity < 0 {
                target = below
            } else {
                target = nearest(proposed)
            }
        default:
            let here = nearest(current)
            if velocity > 0 {
                target = min(here + 1, lastIndex)
            } else if velocity < 0 {
                target = max(here - 1, 0)
            } else {
                target = nearest(proposed)
            }
        }
        return clamp(restingOffset(target))
    }
}
