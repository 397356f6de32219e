#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How one cover-flow cell turns, given where it sits relative to the visible centre
/// (docs/layouts.md §3; the formulas are CVCLCoverFlowLayout's, seed 003).
struct CoverFlowPose: Hashable, Sendable {
    /// Perspective: the eye 800 points in front of the screen (`m34 = −1/800`).
    static let perspective = -1.0 / 800
    /// `B = −80°`: cells right of centre turn their inner edge away from the viewer.
    static let baseAngle = -80.0 * Double.pi / 180

    /// `r`: the cell's offset from the visible centre in bounds widths, clamped to [−1, 1].
    var rate: Double
    /// Rotation about the y axis, radians.
    var angle: Double
    /// Sideways shift, so turned cells clear the centre cell.
    var shiftX: Double
    /// Push away from the viewer: the centre cell at −1, turned cells at −1 − 2·cw.
    var depth: Double

    /// §3 with `t = cellInterval / W` and `cw` the cell width (cellSize.width), as in the
    /// original. The three branches use the original's own comparisons: the angle switches
    /// to `sign(r)·B` only when |r| > t, shift and depth when |r| ≥ t; at |r| = t both
    /// branches give the same value, so the pose is continuous there.
    init(rate r: Double, threshold t: Double, cellWidth cw: Double) {
        let sign: Double = r < 0 ? -1 : 1
        let q = r / t
        rate = r
        angle = abs(r) > t ? sign * Self.baseAngle : q * Self.baseAngle
        shiftX = abs(r) < t ? q * cw / 2 : sign * cw / 2
        depth = abs(r) < t ? -1 - 2 * cw * (1 - cos(q * Double.pi / 2)) : -1 - 2 * cw
    }

    /// The pose of a cell centred at `centerX` when the view, `width` wide, is scrolled to
    /// `offsetX`. A zero-width view has no centre to measure from: every cell then gets the
    /// pose of r = 0, which is also the limit of the formulas as W → 0 (r/t → 0).
    init(centerX: Double, offsetX: Double, viewWidth w: Double, cellInterval: Double, cellWidth cw: Double) {
        guard w > 0 else {
            self.init(rate: 0, threshold: 1, cellWidth: cw)
            return
        }
        let r = min(max((centerX - (offsetX + w / 2)) / w, -1), 1)
        self.init(rate: r, threshold: cellInterval / w, cellWidth: cw)
    }

    /// identity with m34 = −1/800, then CATransform3DTranslate(shift, 0, depth), then
    /// CATransform3DRotate(angle, 0, 1, 0): T·t, then R·(T·t) (§0).
    var transform: Transform3D {
        var t = Transform3D.identity
        t.m34 = Self.perspective
        return t.translated(shiftX, 0, depth).rotated(angle, 0, 1, 0)
    }
}

extension CoverFlowPose {
    /// zIndex: minus the distance from the visible centre in thousandths of a cell step,
    /// `−round(1000·|d| / cellInterval)` with `d = centerX − (offsetX + W/2)`. It falls as
    /// |r| grows (the centre cell draws on top) and, unlike |r|, keeps falling past the
    /// clamp, so neighbours one step apart never tie. Capped at −2·10⁹ to stay an Int32.
    static func zIndex(centerX: Double, offsetX: Double, viewWidth w: Double, cellInterval: Double) -> Int {
        let steps = abs(centerX - (offsetX + w / 2)) / cellInterval * 1000
        guard steps < 2e9 else { return -2_000_000_000 } // also catches NaN
        return -Int(steps.rounded())
    }
}
