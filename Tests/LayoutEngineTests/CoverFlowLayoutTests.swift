import Testing
@testable import LayoutEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cover flow (docs/layouts.md §3). The hand-worked cases use a 300×200 view, 100×100 cells and
/// cellInterval 30, so the threshold is t = 30/300 = 0.1 and item g's centre is
/// (150 + 30g, 100).
@Suite("Cover flow layout")
struct CoverFlowLayoutTests {
    static let view = ViewContext(bounds: Size(width: 300, height: 200))
    static let parameters = CoverFlowLayout.Parameters(cellSize: Size(width: 100, height: 100), cellInterval: 30)

    static func prepare(
        _ counts: [Int], _ p: CoverFlowLayout.Parameters = parameters,
        view: ViewContext = view
    ) throws -> any PreparedLayout {
        try CoverFlowLayout(p).prepare(DataSource(sections: counts.map { SectionData(itemCount: $0) }), view: view)
    }

    static func at(_ x: Double) -> ViewContext {
        ViewContext(bounds: view.bounds, contentOffset: Point(x: x, y: 0))
    }

    static func expectClose(
        _ t: Transform3D, _ expected: [Double], tolerance: Double = 1e-12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (k, (a, b)) in zip(t.entries, expected).enumerated() {
            #expect(abs(a - b) <= tolerance, "entry \(k): \(a) vs \(b)", sourceLocation: sourceLocation)
        }
    }

    @Test func defaultsAreTheSpecs() {
        let p = CoverFlowLayout.Parameters()
        #expect(p.cellSize == Size(width: 100, height: 100) && p.cellInterval == nil)
        #expect(p.effectiveCellInterval == 100.0 / 3 && !p.reflection && p.headerHeight == 0)
    }

    @Test func framesAndContentSize() throws {
        // N = 5: content (300 + 4·30, 200) = (420, 200). Item 2: centre (150 + 60, 100) =
        // (210, 100), frame (160, 50, 100, 100). Sections [2, 0, 3] number the items
        // [0,0] [0,1] [2,0] [2,1] [2,2] along one strip.
        let layout = try Self.prepare([2, 0, 3])
        #expect(layout.contentSize == Size(width: 420, height: 200))
        #expect(layout.attributesForItem(at: IndexPath(2, 0), view: Self.view)?.frame == Rect(x: 160, y: 50, width: 100, height: 100))
        #expect(
            layout.elements(in: nil, view: Self.view).map(\.indexPath)
                == [IndexPath(0, 0), IndexPath(0, 1), IndexPath(2, 0), IndexPath(2, 1), IndexPath(2, 2)])
        #expect(try Self.prepare([0, 0]).contentSize == Size(width: 300, height: 200))
    }

    @Test func centredCellFacesTheViewer() throws {
        // Item 0 at offset 0: r = (150 − 150)/300 = 0, so angle 0, shift 0 and depth
        // −1 − 200·(1 − cos 0) = −1. Matrix: identity with m34 = −1/800 = −0.00125; translate
        // (0, 0, −1): row 4 = (0, 0, −1, 1 + (−1)(−0.00125)) = (0, 0, −1, 1.00125); the
        // rotation by 0 changes nothing.
        let cell = try #require(try Self.prepare([5]).attributesForItem(at: IndexPath(0, 0), view: Self.at(0)))
        Self.expectClose(cell.transform, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.00125, 0, 0, -1, 1.00125])
        #expect(cell.zIndex == 0)
    }

    /// The general matrix, for angle a, shift x, depth z and p = −1/800 (§0 order):
    /// t = I with m34 = p; T·t has row 4 = (x, 0, z, 1 + z·p); R_y(a)·(T·t) has rows
    /// (c, 0, −s, −s·p), (0, 1, 0, 0), (s, 0, c, c·p), (x, 0, z, 1 + z·p), c = cos a, s = sin a.
    static func expected(angleDegrees: Double, shift x: Double, depth z: Double) -> [Double] {
        let a = angleDegrees * Double.pi / 180, c = cos(a), s = sin(a), p = -1.0 / 800
        return [c, 0, -s, -s * p, 0, 1, 0, 0, s, 0, c, c * p, x, 0, z, 1 + z * p]
    }

    @Test func halfwayToTheThreshold() throws {
        // Item 0 at offset −15: r = (150 − 135)/300 = 0.05, r/t = 0.5. Angle 0.5·(−80°) = −40°,
        // shift 0.5·100/2 = 25, depth −1 − 200·(1 − cos 45°) = −201 + 100√2 ≈ −59.5786.
        // So m11 = cos 40° ≈ 0.766044, m13 = sin 40° ≈ 0.642788, m14 = −0.642788/800
        // ≈ −0.000803, m31 ≈ −0.642788, m34 = −0.766044/800 ≈ −0.000958, m41 = 25,
        // m43 ≈ −59.5786, m44 = 1 + 59.5786/800 ≈ 1.074473.
        let cell = try #require(try Self.prepare([5]).attributesForItem(at: IndexPath(0, 0), view: Self.at(-15)))
        let depth = -201 + 100 * 2.0.squareRoot()
        Self.expectClose(cell.transform, Self.expected(angleDegrees: -40, shift: 25, depth: depth), tolerance: 1e-9)
        #expect(abs(cell.transform.m11 - 0.766044443118978) < 1e-12)
        #expect(abs(cell.transform.m43 - -59.57864376269049) < 1e-9)
        #expect(abs(cell.transform.m44 - 1.0744733047033631) < 1e-12)
        // zIndex: distance 15 = half a step: −round(1000·15/30) = −500.
        #expect(cell.zIndex == -500)
    }

    @Test func exactlyAtTheThreshold() throws {
        // Item 1 at offset 0: r = (180 − 150)/300 = 0.1 = t (both computed as 30/300). The
        // angle branch (|r| > t) is not taken, so angle = (r/t)·B = B = −80°; the shift and
        // depth branches (|r| < t) are not taken either: shift = cw/2 = 50, depth
        // −1 − 2·100 = −201. m11 = cos 80° ≈ 0.173648, m13 = sin 80° ≈ 0.984808,
        // m14 ≈ −0.001231, m31 ≈ −0.984808, m34 ≈ −0.000217, m41 = 50, m43 = −201,
        // m44 = 1 + 201/800 = 1.25125.
        let cell = try #require(try Self.prepare([5]).attributesForItem(at: IndexPath(0, 1), view: Self.at(0)))
        Self.expectClose(cell.transform, Self.expected(angleDegrees: -80, shift: 50, depth: -201))
        #expect(cell.transform.m41 == 50 && cell.transform.m43 == -201 && cell.transform.m44 == 1.25125)
        #expect(cell.zIndex == -1000)
        #expect(
            CoverFlowPose(rate: 0.1, threshold: 0.1, cellWidth: 100)
                == CoverFlowPose(rate: 0.2, threshold: 0.1, cellWidth: 100).with(rate: 0.1))
    }

    @Test func beyondTheThresholdBothSides() throws {
        let layout = try Self.prepare([21])
        // Right: item 2 at offset 0, r = 60/300 = 0.2 > t: the same pose as at the threshold.
        let right = try #require(layout.attributesForItem(at: IndexPath(0, 2), view: Self.at(0)))
        Self.expectClose(right.transform, Self.expected(angleDegrees: -80, shift: 50, depth: -201))
        #expect(right.zIndex == -2000)
        // Left: item 0 at offset 60, r = −60/300 = −0.2: angle −B = +80°, shift −50. So
        // m13 = −sin 80°, m31 = +sin 80°, m41 = −50.
        let left = try #require(layout.attributesForItem(at: IndexPath(0, 0), view: Self.at(60)))
        Self.expectClose(left.transform, Self.expected(angleDegrees: 80, shift: -50, depth: -201))
        #expect(left.transform.m31 > 0.98 && left.transform.m41 == -50)
        // Clamped: item 20 at offset 0, r = 600/300 = 2 → 1, still the far pose; the zIndex
        // keeps falling past the clamp: −round(1000·600/30) = −20000.
        let far = try #require(layout.attributesForItem(at: IndexPath(0, 20), view: Self.at(0)))
        #expect(far.transform == right.transform && far.zIndex == -20000)
    }

    @Test func transformsFollowTheQueryOffsetNotThePreparedOne() throws {
        let layout = try Self.prepare([10], view: Self.at(0))
        let a = try #require(layout.attributesForItem(at: IndexPath(0, 3), view: Self.at(0)))
        let b = try #require(layout.attributesForItem(at: IndexPath(0, 3), view: Self.at(90)))
        #expect(a.frame == b.frame)
        // At offset 90 = 3·30 item 3 is centred: r = 0 exactly.
        Self.expectClose(b.transform, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.00125, 0, 0, -1, 1.00125])
        #expect(a.transform != b.transform && b.zIndex == 0)
    }

    @Test func zeroWidthViewFacesEveryCellForward() throws {
        let layout = try Self.prepare([3], view: ViewContext(bounds: Size(width: 0, height: 200)))
        for cell in layout.elements(in: nil, view: ViewContext(bounds: Size(width: 0, height: 200))) {
            Self.expectClose(cell.transform, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.00125, 0, 0, -1, 1.00125])
        }
    }

    @Test func reflections() throws {
        let layout = try Self.prepare(
            [3],
            CoverFlowLayout.Parameters(
                cellSize: Size(width: 100, height: 100),
                cellInterval: 30, reflection: true))
        let view = Self.at(10)
        let cell = try #require(layout.attributesForItem(at: IndexPath(0, 2), view: view))
        let mirror = try #require(layout.attributesForDecorationView(kind: "reflection", at: IndexPath(0, 2), view: view))
        // Item 2: frame (160, 50, 100, 100); its reflection one cell height lower.
        #expect(mirror.frame == Rect(x: 160, y: 150, width: 100, height: 100))
        #expect(mirror.category == .decoration && mirror.alpha == 0.3)
        #expect(mirror.transform == cell.transform && mirror.zIndex == cell.zIndex)
        #expect(layout.attributesForDecorationView(kind: "reflection", at: IndexPath(0, 3), view: view) == nil)
        // A band below the cells (y 151…160) holds only reflections.
        let band = layout.elements(in: Rect(x: 0, y: 151, width: 1000, height: 9), view: view)
        #expect(band.count == 3 && band.allSatisfy { $0.kind == "reflection" })
        let off = try Self.prepare([3])
        #expect(off.attributesForDecorationView(kind: "reflection", at: IndexPath(0, 0), view: view) == nil)
        #expect(off.elements(in: nil, view: view).allSatisfy { $0.category == .cell })
    }

    @Test func headers() throws {
        // Sections [2, 0, 3]: section 0 spans items 0–1, from 150 − 50 = 100 to 180 + 50 =
        // 230; section 2 spans items 2–4, from 210 − 50 = 160 to 270 + 50 = 320. The empty
        // section 1 has none.
        var p = Self.parameters
        p.headerHeight = 20
        let layout = try Self.prepare([2, 0, 3], p)
        let headers = layout.elements(in: nil, view: Self.view).filter { $0.category == .supplementary }
        #expect(headers.map(\.indexPath) == [IndexPath(0, 0), IndexPath(2, 0)])
        #expect(headers.map(\.frame) == [Rect(x: 100, y: 0, width: 130, height: 20), Rect(x: 160, y: 0, width: 160, height: 20)])
        #expect(headers.allSatisfy { $0.kind == "header" && $0.transform == .identity })
        #expect(layout.attributesForSupplementaryView(kind: "header", at: IndexPath(1, 0), view: Self.view) == nil)
        #expect(layout.attributesForSupplementaryView(kind: "header", at: IndexPath(2, 1), view: Self.view) == nil)
        #expect(layout.attributesForSupplementaryView(kind: "footer", at: IndexPath(2, 0), view: Self.view) == nil)
        // The header band y ∈ [0, 20] touches no cell (cells start at y = 50).
        let top = layout.elements(in: Rect(x: 0, y: 0, width: 1000, height: 20), view: Self.view)
        #expect(top.map(\.indexPath) == [IndexPath(0, 0), IndexPath(2, 0)])
        #expect(try Self.prepare([2]).attributesForSupplementaryView(kind: "header", at: IndexPath(0, 0), view: Self.view) == nil)
    }

    @Test func invalidation() throws {
        let layout = try Self.prepare([4])
        let scrolled = layout.invalidation(from: Self.at(0), to: Self.at(1))
        #expect(scrolled.invalidatesAllAttributes && !scrolled.invalidatesLayout && scrolled.shouldInvalidate)
        let vertical = layout.invalidation(from: Self.at(0), to: ViewContext(bounds: Self.view.bounds, contentOffset: Point(x: 0, y: 5)))
        #expect(vertical.invalidatesAllAttributes)
        let resized = layout.invalidation(from: Self.view, to: ViewContext(bounds: Size(width: 301, height: 200)))
        #expect(resized.invalidatesLayout && resized.invalidatesAllAttributes)
        #expect(!layout.invalidation(from: Self.view, to: Self.view).shouldInvalidate)
        let inset = ViewContext(bounds: Self.view.bounds, contentInset: EdgeInsets(all: 4))
        #expect(!layout.invalidation(from: Self.view, to: inset).shouldInvalidate)
    }

    @Test func targetContentOffsetSnapsToTheNearestItem() throws {
        let layout = try Self.prepare([2, 3]) // items 0…4, offsets 0, 30, 60, 90, 120 centre them
        func target(_ x: Double, vx: Double = 0) -> Point {
            layout.targetContentOffset(proposed: Point(x: x, y: 7), velocity: Point(x: vx, y: 0), view: Self.view)
        }
        // 44: visible centre 194, nearest centre 180 (item 1) → 30. y is kept.
        #expect(target(44) == Point(x: 30, y: 7))
        // 45: centre 195, 15 from both 180 and 210: the lower index wins → 30.
        #expect(target(45).x == 30)
        #expect(target(46).x == 60)
        // Clamped to the strip: before item 0 → 0, past item 4 → 120.
        #expect(target(-100).x == 0 && target(1000).x == 120)
        // The velocity is already in the proposed offset: it changes nothing.
        #expect(target(44, vx: 3) == target(44, vx: -3))
        let empty = try Self.prepare([])
        #expect(empty.targetContentOffset(proposed: Point(x: 13, y: 2), velocity: .zero, view: Self.view) == Point(x: 13, y: 2))
    }

    @Test func validation() {
        func field(_ p: CoverFlowLayout.Parameters) -> String? {
            LayoutsBChecks.errorField { () throws(LayoutError) in _ = try CoverFlowLayout(p).prepare(DataSource(sections: []), view: Self.view) }
        }
        #expect(field(.init(cellSize: Size(width: -1, height: 10))) == "layout.cellSize")
        #expect(field(.init(cellSize: Size(width: 10, height: .infinity))) == "layout.cellSize")
        #expect(field(.init(cellInterval: 0)) == "layout.cellInterval")
        #expect(field(.init(cellInterval: -3)) == "layout.cellInterval")
        #expect(field(.init(cellSize: Size(width: 0, height: 10))) == "layout.cellInterval")
        #expect(field(.init(headerHeight: -1)) == "layout.headerHeight")
        #expect(field(.init()) == nil)
    }

    @Test func rectQueriesAgreeWithBruteForce() throws {
        var g = SeededRandom(seed: 0xC0FE_F10)
        for _ in 0..<60 {
            let dataSource = LayoutsBChecks.randomDataSource(&g)
            let bounds = Size(width: g.double(0, 400).rounded(), height: g.double(50, 300))
            let p = CoverFlowLayout.Parameters(
                cellSize: Size(width: g.double(0, 150), height: g.double(0, 150)),
                cellInterval: g.bool() ? nil : g.double(1, 80), reflection: g.bool(),
                headerHeight: g.bool() ? 0 : g.double(1, 40))
            guard p.effectiveCellInterval > 0 else { continue }
            let layout = try CoverFlowLayout(p).prepare(dataSource, view: ViewContext(bounds: bounds))
            let view = ViewContext(bounds: bounds, contentOffset: Point(x: g.double(-100, layout.contentSize.width), y: 0))
            let all = layout.elements(in: nil, view: view)
            let rects = LayoutsBChecks.randomRects(&g, content: layout.contentSize, elements: all, count: 25)
            LayoutsBChecks.checkQueries(layout, view: view, rects: rects)
            LayoutsBChecks.checkAbsentItems(layout, dataSource: dataSource, view: view)
            #expect(all.filter { $0.category == .cell }.count == dataSource.totalItemCount)
        }
    }

    @Test func zIndexFallsWithDistanceFromTheCentre() throws {
        var g = SeededRandom(seed: 0x21DE)
        let layout = try Self.prepare([40])
        for _ in 0..<20 {
            let view = Self.at(g.double(-50, 1300))
            let cells = layout.elements(in: nil, view: view)
            let centre = view.contentOffset.x + 150
            let byDistance = cells.sorted { abs($0.center.x - centre) < abs($1.center.x - centre) }
            #expect(zip(byDistance, byDistance.dropFirst()).allSatisfy { $0.zIndex >= $1.zIndex })
        }
    }
}

extension CoverFlowPose {
    /// The same pose with another rate: lets a test compare the branches apart from r.
    func with(rate r: Double) -> CoverFlowPose {
        var p = self
        p.rate = r
        return p
    }
}
