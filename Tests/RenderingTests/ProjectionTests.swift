import LayoutEngine
import Testing
import Rendering

/// Core Animation's projection, worked by hand.
@Suite("Projection of 3D transforms")
struct ProjectionTests {
    let frame = Rect(x: 0, y: 0, width: 100, height: 100)

    @Test func identityIsTheFrame() throws {
        let quad = try #require(SVGRenderer._projectedQuad(frame: frame, transform: .identity))
        #expect(quad == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
    }

    /// m34 = −1/800, then a push of 800 points away: W = 1 + (−800)(−1/800) = 2 at every
    /// corner, so the square shrinks to half about its centre (50, 50).
    @Test func pushedBackByTheEyeDistanceIsHalfTheSize() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 800
        let quad = try #require(SVGRenderer._projectedQuad(frame: frame, transform: perspective.translated(0, 0, -800)))
        #expect(quad == [Point(x: 25, y: 25), Point(x: 75, y: 25), Point(x: 75, y: 75), Point(x: 25, y: 75)])
    }

    /// 60° about y with m34 = −1/800: CATransform3DRotate puts m13 = −sin, so after the
    /// perspective m14 = sin/800 and a corner at x has W = 1 + x·sin60°/800, X = x·cos60°.
    /// Right edge (x = 50): W = 1.054127, X/W = 23.716, Y/W = ±47.432. Left edge (x = −50):
    /// W = 0.945873, X/W = −26.431, Y/W = ±52.861. The right edge turns away and shrinks.
    @Test func rotationAboutYIsATrapezoid() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 800
        let quad = try #require(SVGRenderer._projectedQuad(frame: frame, transform: perspective.rotated(Double.pi / 3, 0, 1, 0)))
        let expected = [(23.716, -47.432), (23.716, 47.432), (-26.431, 52.861), (-26.431, -52.861)]
        let corners = [quad[1], quad[2], quad[3], quad[0]]
        for (p, (x, y)) in zip(corners, expected) {
            #expect(abs(p.x - (50 + x)) < 0.001 && abs(p.y - (50 + y)) < 0.001, "\(p) vs \(x), \(y)")
        }
    }

    /// A plain scale and a 2D rotation (no perspective) act about the centre.
    @Test func affineTransformsActAboutTheCentre() throws {
        let scaled = try #require(SVGRenderer._projectedQuad(frame: frame, transform: .makeScale(0.5, 2, 1)))
        #expect(scaled == [Point(x: 25, y: -50), Point(x: 75, y: -50), Point(x: 75, y: 150), Point(x: 25, y: 150)])
        let turned = try #require(SVGRenderer._projectedQuad(frame: frame, transform: .makeRotation(Double.pi / 2, 0, 0, 1)))
        // About z by 90°: m11 = 0, m12 = 1, m21 = −1, m22 = 0: (x, y) → (−y, x) about (50, 50).
        let top = turned[0]
        #expect(abs(top.x - 100) < 1e-9 && abs(top.y - 0) < 1e-9)
    }

    /// A corner at or behind the eye cannot be drawn: the element is left out.
    @Test func behindTheEyeIsLeftOut() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 800
        #expect(SVGRenderer._projectedQuad(frame: frame, transform: perspective.translated(0, 0, 900)) == nil)
    }
}

@Suite("SVG number format")
struct SVGNumberTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (-2.5, "-2.5"), (1.005, "1"), (1.006, "1.01"), (0.1 + 0.2, "0.3"),
        (123456.789, "123456.79"), (-0.004, "0"), (1e20, "10000000000000"), (Double.nan, "0"), (12.1, "12.1"),
        (0.05, "0.05"), (-1234.5, "-1234.5")
    ])
    func formats(_ value: Double, _ text: String) {
        #expect(SVGRenderer._svgNumber(value) == text)
    }
}
