/// A boundary supplementary placed in its section (or around all sections): C10, D4, D5.
/// `slot` is section-local and unpinned; pinning moves it along the scroll axis at query
/// time.
struct PlacedBoundary: Sendable {
    enum Side: Sendable { case start, end, cross }
    let item: CompositionalLayout.BoundaryItem
    let side: Side
    /// The slot: where the item sits before pinning, its own insets and rounding (D5, D1).
    let slot: Rect

    /// Which side of the scroll axis an alignment puts an item on. Vertically, top ones
    /// (top, topLeading, topTrailing) start the section and bottom ones end it; leading and
    /// trailing ones sit across, at the start of the content. Horizontal swaps the axes:
    /// leading ones (leading, topLeading, bottomLeading) start the section.
    static func side(_ a: CompositionalLayout.BoundaryAlignment, vertical: Bool) -> Side {
        switch a {
        case .top: vertical ? .start : .cross
        case .bottom: vertical ? .end : .cross
        case .leading: vertical ? .cross : .start
        case .trailing: vertical ? .cross : .end
        case .topLeading: .start
        case .topTrailing: vertical ? .start : .end
        case .bottomLeading: vertical ? .end : .start
        case .bottomTrailing: .end
        }
    }

    /// Where across the container an item of `length` sits: D5 centres `top`/`bottom`
    /// (vertical) items; corners pin them.
    static func crossPosition(
        _ a: CompositionalLayout.BoundaryAlignment, vertical: Bool, side: Side,
        containerLo: Double, containerLength: Double, length: Double
    ) -> Double {
        let toLeading: Bool?
        if vertical {
            switch a {
            case .topLeading, .bottomLeading, .leading: toLeading = true
            case .topTrailing, .bottomTrailing, .trailing: toLeading = false
            case .top, .bottom: toLeading = nil
            }
        } else {
            switch a {
            case .topLeading, .topTrailing, .top: toLeading = true
            case .bottomLeading, .bottomTrailing, .bottom: toLeading = false
            case .leading, .trailing: toLeading = nil
            }
        }
        switch toLeading {
        case true?: return containerLo
        case false?: return containerLo + containerLength - length
        case nil: return containerLo + (containerLength - length) / 2
        }
    }

    /// Sizes and places `items` around a section: returns them and the extents of the start
    /// and end sides (the largest extending item on each, D5).
    /// - Parameters:
    ///   - container: resolution container for the items' fractional sizes.
    ///   - crossLo, crossLength: the range across the scroll axis they are aligned in.
    ///   - contentStart: where the section's content starts along (cross-side items sit there).
    ///   - length: the section's along extent, computed from the extents (a closure since
    ///     the extents come first).
    static func extents(
        _ items: [CompositionalLayout.BoundaryItem], container: Size, axes: CompositionalAxes,
        grid: PixelGrid, path: String
    ) throws(LayoutError) -> (start: Double, end: Double, sizes: [Size]) {
        var start = 0.0, end = 0.0
        var sizes: [Size] = []
        for (b, item) in items.enumerated() {
            let resolved = item.size.resolved(in: container)
            try GroupPlan.checkSize(resolved.width, path: "\(path)[\(b)].size.width")
            try GroupPlan.checkSize(resolved.height, path: "\(path)[\(b)].size.height")
            let size = grid.snap(resolved) // D1: a slot, snapped like the group's
            sizes.append(size)
            guard item.extendsBoundary else { continue }
            switch side(item.alignment, vertical: axes.vertical) {
            case .start: start = max(start, item.paddingBefore + axes.along(size))
            case .end: end = max(end, axes.along(size))
            case .cross: break
            }
        }
        return (start, end, sizes)
    }

    static func place(
        _ items: [CompositionalLayout.BoundaryItem], sizes: [Size], axes: CompositionalAxes,
        crossLo: Double, crossLength: Double, contentStart: Double, length: Double
    ) -> [PlacedBoundary] {
        var out: [PlacedBoundary] = []
        out.reserveCapacity(items.count)
        for (b, item) in items.enumerated() {
            let size = sizes[b]
            let side = side(item.alignment, vertical: axes.vertical)
            // C10: start ones sit above insets.top (overlapping at the edge, D5), end ones
            // below insets.bottom; `extendsBoundary: false` ones overlay at the same edge.
            let along: Double
            switch side {
            case .start: along = item.paddingBefore
            case .end: along = length - axes.along(size)
            case .cross: along = contentStart
            }
            let cross = crossPosition(
                item.alignment, vertical: axes.vertical, side: side,
                containerLo: crossLo, containerLength: crossLength, length: axes.cross(size))
            // C10: `absoluteOffset` shifts it.
            let o = axes.point(along: along, cross: cross)
            let slot = Rect(
                x: o.x + item.absoluteOffset.x, y: o.y + item.absoluteOffset.y,
                width: size.width, height: size.height)
            out.append(PlacedBoundary(item: item, side: side, slot: slot))
        }
        return out
    }

    /// The frame for the visible rect: pinned (C10, D4) within `[lo, hi]` along the scroll
    /// axis (the section, or all content for layout-level items), the origin rounded (D1),
    /// then inset by the item's own insets (D5). `offset` is the section's start along.
    func frame(
        offset: Double, lo: Double, hi: Double, startExtent: Double, endExtent: Double,
        visible: Rect, axes: CompositionalAxes, grid: PixelGrid
    ) -> Rect {
        var r = axes.shifted(slot, along: offset)
        if item.pinToVisibleBounds {
            let len = axes.along(r.size)
            var p = axes.alongMin(r)
            switch side {
            case .start, .cross:
                // D4 (R12): stays in view, and never covers its own section's footer.
                p = max(p, axes.alongMin(visible))
                if p + len + endExtent > hi { p = hi - endExtent - len }
            case .end:
                // D4: stays in view, never above its own header.
                p = min(p, axes.alongMax(visible) - len)
                if p - startExtent < lo { p = lo + startExtent }
            }
            r = axes.shifted(r, along: p - axes.alongMin(r))
        }
        r.origin = grid.snap(r.origin)
        return r.inset(by: item.contentInsets)
    }
}
