/// The 1/scale pixel grid every layout snaps to: scale 0 keeps exact arithmetic. The flow
/// layout's R13, the compositional layout's C14 and D1 round halves away from zero; the
/// waterfall's column widths round down (CHTCollectionViewWaterfallLayout's floor).
public struct PixelGrid: Hashable, Sendable {
    public let scale: Double

    @inline(__always)
    public init(scale: Double) { self.scale = scale }

    /// To the nearest pixel, halves away from zero.
    @inline(__always)
    public func snap(_ v: Double) -> Double {
        scale > 0 ? Self.roundedHalfAway(v * scale) / scale : v
    }

    /// `x.rounded(.toNearestOrAwayFromZero)`, without the call to the C library's `round`
    /// that it compiles to on x86-64's baseline (no SSE4.1 `roundsd`): every cell of a rect
    /// query snaps two coordinates (docs/performance.md#inline-rounding). Exact: below
    /// 2^52, x minus its truncation is exact, and at or above it x is already whole; the
    /// result takes x's sign, as `round` gives −0 for −0.4. `PixelGridTests` holds it to
    /// `rounded(.toNearestOrAwayFromZero)` on ties, neighbours of ties, huge values and NaN.
    @inline(__always)
    public static func roundedHalfAway(_ x: Double) -> Double {
        guard x.magnitude < 0x1p52 else { return x.rounded(.toNearestOrAwayFromZero) } // whole, ±∞ or NaN
        let truncated = Double(Int(x))
        let rest = x - truncated
        let magnitude = rest.magnitude >= 0.5 ? truncated.magnitude + 1 : truncated.magnitude
        return Double(signOf: x, magnitudeOf: magnitude)
    }

    public func snap(_ s: Size) -> Size { Size(width: snap(s.width), height: snap(s.height)) }

    public func snap(_ p: Point) -> Point { Point(x: snap(p.x), y: snap(p.y)) }

    /// Down to a pixel: `floor(v·scale)/scale`.
    @inline(__always)
    public func floor(_ v: Double) -> Double {
        scale > 0 ? (v * scale).rounded(.down) / scale : v
    }
}
