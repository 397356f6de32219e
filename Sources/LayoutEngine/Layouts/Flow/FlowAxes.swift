/// R1: the along/cross vocabulary mapped onto x/y once, so the algorithms are written for
/// one orientation and serve both.
struct FlowAxes: Sendable, Hashable {
    let isHorizontal: Bool

    init(_ direction: ScrollDirection) {
        isHorizontal = direction == .horizontal
    }

    @inline(__always) func cross(_ s: Size) -> Double { isHorizontal ? s.height : s.width }
    @inline(__always) func along(_ s: Size) -> Double { isHorizontal ? s.width : s.height }

    // R1: how section insets split by axis.
    @inline(__always) func crossStart(_ i: EdgeInsets) -> Double { isHorizontal ? i.top : i.left }
    @inline(__always) func crossEnd(_ i: EdgeInsets) -> Double { isHorizontal ? i.bottom : i.right }
    @inline(__always) func alongStart(_ i: EdgeInsets) -> Double { isHorizontal ? i.left : i.top }
    @inline(__always) func alongEnd(_ i: EdgeInsets) -> Double { isHorizontal ? i.right : i.bottom }

    @inline(__always) func alongMin(_ r: Rect) -> Double { isHorizontal ? r.minX : r.minY }
    @inline(__always) func alongMax(_ r: Rect) -> Double { isHorizontal ? r.maxX : r.maxY }
    @inline(__always) func crossMin(_ r: Rect) -> Double { isHorizontal ? r.minY : r.minX }
    @inline(__always) func crossMax(_ r: Rect) -> Double { isHorizontal ? r.maxY : r.maxX }

    @inline(__always)
    func rect(along: Double, cross: Double, size: Size) -> Rect {
        isHorizontal
            ? Rect(origin: Point(x: along, y: cross), size: size)
            : Rect(origin: Point(x: cross, y: along), size: size)
    }

    @inline(__always)
    func size(along: Double, cross: Double) -> Size {
        isHorizontal ? Size(width: along, height: cross) : Size(width: cross, height: along)
    }

    /// R4: D, the cross size of the bounds less the content insets on that axis, clamped at 0.
    func referenceDimension(_ view: ViewContext) -> Double {
        let d =
            isHorizontal
            ? view.bounds.height - view.contentInset.top - view.contentInset.bottom
            : view.bounds.width - view.contentInset.left - view.contentInset.right
        return max(0, d)
    }
}
