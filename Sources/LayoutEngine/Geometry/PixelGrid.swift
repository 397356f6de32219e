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
        scale > 0 ? (v * scale).rounded(.toNearestOrAwayFromZero) / scale : v
    }

    public func snap(_ s: Size) -> Size { Size(width: snap(s.width), height: snap(s.height)) }

    public func snap(_ p: Point) -> Point { Point(x: snap(p.x), y: snap(p.y)) }

    /// Down to a pixel: `floor(v·scale)/scale`.
    @inline(__always)
    public func floor(_ v: Double) -> Double {
        scale > 0 ? (v * scale).rounded(.down) / scale : v
    }
}
