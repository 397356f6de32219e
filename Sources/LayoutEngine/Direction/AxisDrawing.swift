/// Where a layout's frames are drawn (docs/layout-direction.md): where they are, or, when the
/// collection view flips its horizontal axis for the layout (L1, L4), mirrored across the
/// layout's content width, `x' = W − x − w`. The service answers a drawn frame as an
/// element's `visualFrame`; the transition interpolates drawn frames with it, since its two
/// layouts may be drawn differently.
public struct AxisDrawing: Hashable, Sendable {
    /// W, the width frames are mirrored across; nil when the axis is not flipped.
    public var mirrorWidth: Double?

    public init(mirrorWidth: Double?) {
        self.mirrorWidth = mirrorWidth
    }

    public static let unflipped = AxisDrawing(mirrorWidth: nil)

    public var flipsAxis: Bool { mirrorWidth != nil }

    /// `frame` as drawn: unchanged when the axis is not flipped.
    @inline(__always)
    public func drawn(_ frame: Rect) -> Rect {
        guard let width = mirrorWidth else { return frame }
        return Self.mirrored(frame, across: width)
    }

    /// `frame` mirrored across `width`: `x' = width − x − w`, in that order, so every writer
    /// of a `visualFrame` rounds it the same way.
    @inline(__always)
    public static func mirrored(_ frame: Rect, across width: Double) -> Rect {
        Rect(x: width - frame.minX - frame.width, y: frame.minY, width: frame.width, height: frame.height)
    }
}
