/// An element's two ends in a transition, and the layout whose space each end's frame is in.
struct TransitionEnds {
    enum Space { case current, next }

    var from: LayoutAttributes
    var to: LayoutAttributes
    /// The layout that placed the end: its own layout where it has the element; where it has
    /// none, the layout whose attributes the other one's initial or final attributes were
    /// made from (they are that frame, faded, by default: drawn in the other layout's space
    /// they would jump across the mirror when only one layout flips).
    var fromSpace: Space
    var toSpace: Space
}

extension TransitionLayout {
    /// Where an element is drawn at `progress` when the collection view flips its axis for
    /// either layout (docs/layout-direction.md, a choice): its two ends each drawn as their
    /// layout is drawn (`current`, `next`), then interpolated. UIKit's transition layout is a
    /// plain custom layout, never flipped; this answers where a client draws the element so
    /// that it moves from where the current layout drew it to where the next one will.
    /// With both layouts flipped this is the interpolated frame mirrored across the
    /// interpolated content width. Nil when neither layout has the element.
    public func drawnFrame(of key: ElementKey, current: AxisDrawing, next: AxisDrawing) -> Rect? {
        guard let ends = ends(of: key) else { return nil }
        func drawing(_ space: TransitionEnds.Space) -> AxisDrawing { space == .current ? current : next }
        let from = drawing(ends.fromSpace).drawn(ends.from.frame)
        let to = drawing(ends.toSpace).drawn(ends.to.frame)
        return from.interpolated(to: to, progress: progress)
    }
}
