/// The scroll axis (along) and the other one (cross), for "vertical below; horizontal swaps
/// the axes" (docs/compositional.md §2): the flow layout's axes, with what the compositional
/// layout adds (points, shifts, directional insets).
typealias CompositionalAxes = FlowAxes

extension FlowAxes {
    init(vertical: Bool) {
        self.init(vertical ? .vertical : .horizontal)
    }

    var vertical: Bool { !isHorizontal }

    @inline(__always) func point(along: Double, cross: Double) -> Point {
        isHorizontal ? Point(x: along, y: cross) : Point(x: cross, y: along)
    }

    /// The rect moved by `d` along the scroll axis.
    @inline(__always) func shifted(_ r: Rect, along d: Double) -> Rect {
        isHorizontal ? r.offsetBy(dx: d, dy: 0) : r.offsetBy(dx: 0, dy: d)
    }

    /// The rect moved by `d` across the scroll axis.
    @inline(__always) func shifted(_ r: Rect, cross d: Double) -> Rect {
        isHorizontal ? r.offsetBy(dx: 0, dy: d) : r.offsetBy(dx: d, dy: 0)
    }

    /// Directional section insets along the scroll axis (lead, trail).
    func alongInsets(_ i: CompositionalLayout.Insets) -> (lead: Double, trail: Double) {
        isHorizontal ? (i.leading, i.trailing) : (i.top, i.bottom)
    }

    /// Directional section insets across the scroll axis (lead, trail).
    func crossInsets(_ i: CompositionalLayout.Insets) -> (lead: Double, trail: Double) {
        isHorizontal ? (i.top, i.bottom) : (i.leading, i.trailing)
    }
}

extension Rect {
    /// The rect inset by directional insets (C2, D5, C12); a size never goes below 0.
    func inset(by i: CompositionalLayout.Insets, horizontally: Bool = true, vertically: Bool = true) -> Rect {
        let l = horizontally ? i.leading : 0, t = vertically ? i.top : 0
        let w = horizontally ? Swift.max(0, width - i.leading - i.trailing) : width
        let h = vertically ? Swift.max(0, height - i.top - i.bottom) : height
        return Rect(x: minX + l, y: minY + t, width: w, height: h)
    }
}
