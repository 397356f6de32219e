import LayoutEngine

/// Four points in the content's coordinates: an element's frame as the screen shows it.
struct Quad: Sendable, Equatable {
    var points: [Point]

    var bounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points {
            x0 = min(x0, p.x)
            y0 = min(y0, p.y)
            x1 = max(x1, p.x)
            y1 = max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The mean of the corners: where a label goes.
    var centroid: Point {
        var x = 0.0, y = 0.0
        for p in points {
            x += p.x
            y += p.y
        }
        let n = Double(points.count)
        return Point(x: x / n, y: y / n)
    }
}

/// Where Core Animation draws a layer whose `frame` (untransformed) carries `transform`:
/// the transform acts about the anchor point at the frame's centre, each corner is the row
/// vector (x, y, 0, 1) times the matrix, and the screen shows (X/W, Y/W): the perspective
/// of m34 (and m14/m24) divides there. The layer is flat (z = 0), so the third row never
/// contributes. Returns nil when a corner is at or behind the eye (W ≤ 0): Core Animation
/// clips such a layer, and the picture leaves it out rather than drawing it inside out.
enum Projection {
    static func quad(frame: Rect, transform m: Transform3D) -> Quad? {
        let c = frame.center, hw = frame.width / 2, hh = frame.height / 2
        let corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        var points: [Point] = []
        points.reserveCapacity(4)
        for (x, y) in corners {
            let X = x * m.m11 + y * m.m21 + m.m41
            let Y = x * m.m12 + y * m.m22 + m.m42
            let W = x * m.m14 + y * m.m24 + m.m44
            guard W > 1e-9 else { return nil }
            points.append(Point(x: c.x + X / W, y: c.y + Y / W))
        }
        return Quad(points: points)
    }
}
