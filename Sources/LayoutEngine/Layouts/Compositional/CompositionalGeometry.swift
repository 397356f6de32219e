/// C14 and D1: lengths and origins on the 1/s pixel grid, halves away from zero; scale 0
/// keeps exact arithmetic.
struct PixelGrid: Hashable, Sendable {
    let scale: Double

    @inline(__always)
    func snap(_ v: Double) -> Double {
        scale > 0 ? (v * scale).rounded(.toNearestOrAwayFromZero) / scale : v
    }

    func snap(_ s: Size) -> Size { Size(width: snap(s.width), height: snap(s.height)) }

    func snap(_ p: Point) -> Point { Point(x: snap(p.x), y: snap(p.y)) }
}

/// The scroll axis (along) and the other one (cross), for "vertical below; horizontal swaps
/// the axes" (COMPOSITIONAL.md §2).
struct CompositionalAxes: Hashable, Sendable {
    let vertical: Bool

    @inline(__always) func along(_ p: Point) -> Double { vertical ? p.y : p.x }
    @inline(__always) func cross(_ p: Point) -> Double { vertical ? p.x : p.y }
    @inline(__always) func along(_ s: Size) -> Double { vertical ? s.height : s.width }
    @inline(__always) func cross(_ s: Size) -> Double { vertical ? s.width : s.height }
    @inline(__always) func alongMin(_ r: Rect) -> Double { vertical ? r.minY : r.minX }
    @inline(__always) func alongMax(_ r: Rect) -> Double { vertical ? r.maxY : r.maxX }
    @inline(__always) func crossMin(_ r: Rect) -> Double { vertical ? r.minX : r.minY }
    @inline(__always) func crossMax(_ r: Rect) -> Double { vertical ? r.maxX : r.maxY }

    @inline(__always) func point(along: Double, cross: Double) -> Point {
        vertical ? Point(x: cross, y: along) : Point(x: along, y: cross)
    }

    @inline(__always) func size(along: Double, cross: Double) -> Size {
        vertical ? Size(width: cross, height: along) : Size(width: along, height: cross)
    }

    /// The rect moved by `d` along the scroll axis.
    @inline(__always) func shifted(_ r: Rect, along d: Double) -> Rect {
        vertical ? r.offsetBy(dx: 0, dy: d) : r.offsetBy(dx: d, dy: 0)
    }

    /// The rect moved by `d` across the scroll axis.
    @inline(__always) func shifted(_ r: Rect, cross d: Double) -> Rect {
        vertical ? r.offsetBy(dx: d, dy: 0) : r.offsetBy(dx: 0, dy: d)
    }

    /// Section insets as (along lead, along trail, cross lead, cross trail).
    func alongInsets(_ i: CompositionalLayout.Insets) -> (lead: Double, trail: Double) {
        vertical ? (i.top, i.bottom) : (i.leading, i.trailing)
    }

    func crossInsets(_ i: CompositionalLayout.Insets) -> (lead: Double, trail: Double) {
        vertical ? (i.leading, i.trailing) : (i.top, i.bottom)
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
