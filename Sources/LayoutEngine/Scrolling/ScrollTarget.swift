/// Where scrollToItem(at:at:animated:) leaves the content offset: the element's frame placed
/// in the visible area (the bounds less the content inset, as UIKit's adjusted inset) as the
/// position asks, then clamped to the scrollable range as UIScrollView clamps it.
extension PreparedLayout {
    public func contentOffset(showing frame: Rect, at position: ScrollPosition, view: ViewContext) -> Point {
        let inset = view.contentInset
        let x = Self.offset(
            along: (frame.minX, frame.maxX), placement: position.horizontal, current: view.contentOffset.x,
            leadingInset: inset.left, visibleLength: view.bounds.width - inset.left - inset.right)
        let y = Self.offset(
            along: (frame.minY, frame.maxY), placement: position.vertical, current: view.contentOffset.y,
            leadingInset: inset.top, visibleLength: view.bounds.height - inset.top - inset.bottom)
        return clampedContentOffset(Point(x: x, y: y), view: view)
    }

    /// One axis, before clamping. The visible span at offset o is
    /// [o + leadingInset, o + leadingInset + visibleLength].
    static func offset(
        along span: (min: Double, max: Double), placement: ScrollPosition.Placement?, current: Double,
        leadingInset: Double, visibleLength: Double
    ) -> Double {
        let length = max(0, visibleLength)
        switch placement {
        case .leading: return span.min - leadingInset
        case .trailing: return span.max - leadingInset - length
        case .centered: return (span.min + span.max) / 2 - leadingInset - length / 2
        case nil:
            // The least movement: already inside, stay; above (or taller than the visible
            // area), its leading edge first; below, its trailing edge at the end.
            let visibleMin = current + leadingInset, visibleMax = visibleMin + length
            if span.min >= visibleMin && span.max <= visibleMax { return current }
            if span.min < visibleMin || span.max - span.min > length { return span.min - leadingInset }
            return span.max - leadingInset - length
        }
    }
}
