import Testing
import LayoutEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transform3D against Core Animation's documented semantics (docs/layouts.md §0): row vectors
/// (p' = p·M), translation in m41…m43, perspective in m34, CATransform3DTranslate(t) = T·t,
/// CATransform3DRotate(t) = R·t, CATransform3DConcat(a, b) = a·b. Every expected matrix below
/// is worked out by hand in the comments.
@Suite("Transform3D")
struct Transform3DTests {
    /// (x, y, z, 1)·M as a row vector, then divided by w: what Core Animation draws.
    static func apply(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        let px = x * m.m11 + y * m.m21 + z * m.m31 + m.m41
        let py = x * m.m12 + y * m.m22 + z * m.m32 + m.m42
        let pz = x * m.m13 + y * m.m23 + z * m.m33 + m.m43
        let pw = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
        return (px / pw, py / pw, pz / pw, pw)
    }

    static func close(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-12) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static func close(_ a: Double, _ b: Double, tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

    @Test func identityIsTheUnitMatrix() {
        #expect(Transform3D.identity.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(Transform3D.identity.isIdentity)
    }

    @Test func translationSitsInTheFourthRow() {
        // CATransform3DMakeTranslation(10, 20, 30): identity with m41 m42 m43 = 10 20 30.
        let t = Transform3D.makeTranslation(10, 20, 30)
        #expect(t.entries == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1])
        // (1, 2, 3, 1)·T = (1 + 10, 2 + 20, 3 + 30, 1).
        let p = Self.apply(t, 1, 2, 3)
        #expect(p.x == 11 && p.y == 22 && p.z == 33 && p.w == 1)
    }

    @Test func scaleSitsOnTheDiagonal() {
        #expect(Transform3D.makeScale(2, 3, 4).entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test func rotationAboutZ() {
        // CATransform3DMakeRotation(a, 0, 0, 1): m11 = cos a, m12 = sin a, m21 = −sin a,
        // m22 = cos a, the rest identity. With a = 30°: cos = √3/2, sin = 1/2.
        let a = Double.pi / 6
        let r = Transform3D.makeRotation(a, 0, 0, 1)
        let c = 3.0.squareRoot() / 2
        #expect(Self.close(r, Transform3D(entries: [c, 0.5, 0, 0, -0.5, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])))
        // The x axis (1, 0, 0)·R = (cos a, sin a, 0): with y growing downward on screen, a
        // positive angle turns clockwise, as on iOS.
        let p = Self.apply(Transform3D.makeRotation(Double.pi / 2, 0, 0, 1), 1, 0, 0)
        #expect(Self.close(p.x, 0) && Self.close(p.y, 1) && p.z == 0)
    }

    @Test func rotationAboutY() {
        // About (0, 1, 0) the transposed right-handed rotation is m11 = cos a, m13 = −sin a,
        // m31 = sin a, m33 = cos a. With a = 60°: cos = 1/2, sin = √3/2.
        let s = 3.0.squareRoot() / 2
        let r = Transform3D.makeRotation(Double.pi / 3, 0, 1, 0)
        #expect(Self.close(r, Transform3D(entries: [0.5, 0, -s, 0, 0, 1, 0, 0, s, 0, 0.5, 0, 0, 0, 0, 1])))
        // At +90° the right edge (1, 0, 0) goes to (0, 0, −1): away from the viewer (+z points
        // out of the screen), so −80° (cover flow's base angle) brings a cell's right edge
        // forward and sends its left edge back.
        let edge = Self.apply(Transform3D.makeRotation(Double.pi / 2, 0, 1, 0), 1, 0, 0)
        #expect(Self.close(edge.x, 0) && Self.close(edge.z, -1))
    }

    @Test func rotationAboutX() {
        // m22 = cos a, m23 = sin a, m32 = −sin a, m33 = cos a: (0, 1, 0) → (0, cos a, sin a).
        let r = Transform3D.makeRotation(Double.pi / 2, 1, 0, 0)
        #expect(Self.close(r, Transform3D(entries: [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1])))
    }

    @Test func rotationAxisIsNormalisedAndAZeroAxisIsIdentity() {
        #expect(Self.close(Transform3D.makeRotation(0.7, 0, 5, 0), Transform3D.makeRotation(0.7, 0, 1, 0)))
        #expect(Transform3D.makeRotation(0.7, 0, 0, 0) == .identity)
    }

    @Test func concatAppliesTheLeftOperandFirst() {
        // CATransform3DConcat(a, b) = a·b: p·(a·b) = (p·a)·b. Translate by (10, 0, 0) then
        // rotate 90° about z: the origin goes to (10, 0), then to (0, 10).
        let a = Transform3D.makeTranslation(10, 0, 0), b = Transform3D.makeRotation(Double.pi / 2, 0, 0, 1)
        let p = Self.apply(a.concatenating(b), 0, 0, 0)
        #expect(Self.close(p.x, 0) && Self.close(p.y, 10))
        let q = Self.apply(b.concatenating(a), 0, 0, 0) // rotate first: the origin stays, then moves to (10, 0)
        #expect(q.x == 10 && q.y == 0)
    }

    @Test func translatePrependsTheTranslation() {
        // CATransform3DTranslate(t, 10, 0, 0) = T·t: the translation acts first, in t's
        // untransformed space. t = rotation by 90° about z:
        // row 4 of T·R = (10, 0, 0, 1)·R = 10·(row 1 of R) + (0, 0, 0, 1) = (0, 10, 0, 1).
        let r = Transform3D.makeRotation(Double.pi / 2, 0, 0, 1)
        let t = r.translated(10, 0, 0)
        #expect(Self.close(t, Transform3D.makeTranslation(10, 0, 0).concatenating(r)))
        #expect(Self.close(t.m41, 0) && Self.close(t.m42, 10) && t.m43 == 0 && t.m44 == 1)
        #expect(Self.close(t.m11, r.m11) && t.m12 == r.m12) // the upper rows are R's
    }

    @Test func rotatePrependsTheRotation() {
        // CATransform3DRotate(t, 90°, 0, 0, 1) = R·t with t = translation (10, 0, 0): the
        // fourth row stays (10, 0, 0, 1) (R's fourth row is (0, 0, 0, 1)), so the origin
        // still lands on (10, 0) and (1, 0, 0) turns to (0, 1) before moving: (10, 1).
        let t = Transform3D.makeTranslation(10, 0, 0).rotated(Double.pi / 2, 0, 0, 1)
        #expect(Self.close(t, Transform3D.makeRotation(Double.pi / 2, 0, 0, 1).concatenating(.makeTranslation(10, 0, 0))))
        #expect(t.m41 == 10 && t.m42 == 0)
        let p = Self.apply(t, 1, 0, 0)
        #expect(Self.close(p.x, 10) && Self.close(p.y, 1))
    }

    @Test func scalePrependsTheScale() {
        // CATransform3DScale(t, 2, 2, 1) = S·t with t = translation (10, 0, 0): (1, 0, 0) is
        // scaled to (2, 0, 0) first, then moved to (12, 0, 0); the origin still goes to 10.
        let t = Transform3D.makeTranslation(10, 0, 0).scaled(2, 2, 1)
        #expect(Self.apply(t, 1, 0, 0).x == 12 && Self.apply(t, 0, 0, 0).x == 10)
    }

    @Test func perspectiveThroughM34() {
        // t.m34 = −1/800 (the eye 800 points out): w = 1 + z·m34, so a point 100 points
        // toward the viewer has w = 1 − 100/800 = 0.875 and x = 80 draws at 80/0.875.
        var t = Transform3D.identity
        t.m34 = -1.0 / 800
        let p = Self.apply(t, 80, 0, 100)
        #expect(Self.close(p.w, 0.875) && Self.close(p.x, 80 / 0.875))
        // CATransform3DTranslate(t, 0, 0, −200): row 4 = (0, 0, −200, 1)·t
        // = −200·(0, 0, 1, −1/800) + (0, 0, 0, 1) = (0, 0, −200, 1.25).
        let pushed = t.translated(0, 0, -200)
        #expect(pushed.m43 == -200 && pushed.m44 == 1.25 && pushed.m34 == -1.0 / 800)
    }

    @Test func rotationsComposeAndInvert() {
        var generator = SeededRandom(seed: 0x7E55E7A)
        for _ in 0..<200 {
            let a = generator.unit() * 10 - 5, b = generator.unit() * 10 - 5
            let (x, y, z) = (generator.unit() - 0.5, generator.unit() - 0.5, generator.unit() - 0.5)
            let r = Transform3D.makeRotation(a, x, y, z)
            // R(a)·R(b) = R(a + b) about one axis, and R(a)·R(−a) = I.
            #expect(Self.close(r.rotated(b, x, y, z), Transform3D.makeRotation(a + b, x, y, z), tolerance: 1e-9))
            #expect(Self.close(r.rotated(-a, x, y, z), .identity, tolerance: 1e-12))
            // A rotation keeps lengths: |p·R| = |p|.
            let p = Self.apply(r, 3, -4, 12)
            #expect(Self.close((p.x * p.x + p.y * p.y + p.z * p.z).squareRoot(), 13, tolerance: 1e-9))
        }
    }

    @Test func interpolationIsLinearPerEntry() {
        let a = Transform3D.makeTranslation(0, 10, 0), b = Transform3D.makeScale(3, 1, 1)
        let half = a.interpolated(to: b, progress: 0.5)
        #expect(half.m11 == 2 && half.m42 == 5 && half.m44 == 1)
    }
}
