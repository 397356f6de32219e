#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The circle's geometry (docs/layouts.md §5), from the parameters and the bounds alone: one
/// value that the prepared layout's index is built from and its queries answer with, so both
/// compute a frame with the same arithmetic.
struct CircleGeometry: Sendable {
    let itemSize: Size
    let bounds: Size
    /// `(W/2, H/2)`.
    let center: Point
    /// `min(W, H)·radiusFactor`: section 0's radius.
    let radius: Double

    init(_ p: CircleLayout.Parameters, bounds: Size) {
        itemSize = p.itemSize
        self.bounds = bounds
        center = Point(x: bounds.width / 2, y: bounds.height / 2)
        radius = min(bounds.width, bounds.height) * p.radiusFactor
    }

    /// §5: section s uses radius `radius·(1 − 0.1·s)`; item i of n sits at angle 2πi/n,
    /// clockwise from 3 o'clock (y grows downward), at centre + r·(cos, sin). From section
    /// 10 on the factor is ≤ 0: the spec's formula is kept, so such sections collapse onto
    /// the centre (s = 10) or mirror through it (s > 10).
    func cellFrame(section s: Int, item i: Int, count n: Int) -> Rect {
        let r = radius * (1 - 0.1 * Double(s))
        let angle = 2 * Double.pi * Double(i) / Double(n)
        let x = center.x + r * cos(angle), y = center.y + r * sin(angle)
        return Rect(
            x: x - itemSize.width / 2, y: y - itemSize.height / 2,
            width: itemSize.width, height: itemSize.height)
    }
}
