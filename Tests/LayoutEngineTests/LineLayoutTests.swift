import Testing
import LayoutEngine

/// docs/layouts.md §4. Unless said otherwise: defaults (itemSize 200×200, horizontal, insets
/// top/bottom 200, line spacing 50), bounds 320×600 → D = 600, A = 600 − 400 = 200;
/// k = floor((10 + 200)/(10 + 200)) = 1 → each column centred at y = 200 + (200 − 200)/2
/// = 200; columns at x = r·(200 + 50) = 0, 250, 500, 750, 1000 for 5 items.
@Suite struct LineLayoutTests {
    func line(
        _ p: LineLayout.Parameters = LineLayout.Parameters(), items: Int = 5,
        _ v: ViewContext = view(320, 600)
    ) throws -> any PreparedLayout {
        try LineLayout(p).prepare(DataSource(sections: [counted(items)]), view: v)
    }

    @Test func defaults() {
        let p = LineLayout.Parameters()
        #expect(p.activeDistance == 200 && p.zoomFactor == 0.3)
        #expect(p.flow.itemSize == S(200, 200) && p.flow.scrollDirection == .horizontal)
        #expect(p.flow.sectionInset == EdgeInsets(top: 200, left: 0, bottom: 200, right: 0))
        #expect(p.flow.minimumLineSpacing == 50 && p.flow.minimumInteritemSpacing == 10)
        #expect(p.flow.headerReferenceSize == .zero && p.flow.uikitQuirks)
    }

    /// Geometry is the flow layout's: content (5·200 + 4·50, D) = (1200, 600).
    @Test func geometryIsFlow() throws {
        let l = try line()
        #expect(l.contentSize == S(1200, 600))
        #expect((0..<5).map { l.frame(0, $0, view(320, 600))?.origin } == [0, 250, 500, 750, 1000].map { Point(x: $0, y: 200) })
    }

    /// Offset 0: view centre x = 0 + 320/2 = 160.
    /// Item 0, centre 100: d = 60 → zoom 1 + 0.3·(1 − 60/200) = 1 + 0.3·0.7 = 1.21, zIndex 1.
    /// Item 1, centre 350: d = −190 → 1 + 0.3·(1 − 0.95) = 1.015.
    /// Item 2, centre 600: |d| = 440 ≥ 200 → identity, zIndex 0.
    @Test func zoomAtOffsetZero() throws {
        let v = view(320, 600)
        let cells = try line().elements(in: nil, view: v)
        #expect(cells[0].transform == Transform3D.makeScale(1.21, 1.21, 1))
        #expect(cells[0].transform.entries == [1.21, 0, 0, 0, 0, 1.21, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(cells[0].zIndex == 1)
        #expect(abs(cells[1].transform.m11 - 1.015) < 1e-12 && abs(cells[1].transform.m22 - 1.015) < 1e-12)
        #expect(cells[1].transform.m33 == 1 && cells[1].zIndex == 1)
        #expect(cells[2].transform.isIdentity && cells[2].zIndex == 0)
        // The frame stays the untransformed flow frame.
        #expect(cells[0].frame == R(0, 200, 200, 200))
    }

    /// Offset 250: centre 410. Item 1 (350): d = 60 → 1.21; item 2 (600): d = −190 → 1.015;
    /// item 0 (100): d = 310 → identity. Offset 140: centre 300; item 0: d = 200 exactly →
    /// not < 200 → identity; item 1: d = −50 → 1 + 0.3·0.75 = 1.225.
    @Test func zoomFollowsOffset() throws {
        let l = try line()
        let v = view(320, 600, offset: Point(x: 250, y: 0))
        #expect(l.attributesForItem(at: IP(0, 1), view: v)?.transform == Transform3D.makeScale(1.21, 1.21, 1))
        #expect(abs((l.attributesForItem(at: IP(0, 2), view: v)?.transform.m11 ?? 0) - 1.015) < 1e-12)
        #expect(l.attributesForItem(at: IP(0, 0), view: v)?.transform.isIdentity == true)
        let edge = view(320, 600, offset: Point(x: 140, y: 0))
        #expect(l.attributesForItem(at: IP(0, 0), view: edge)?.transform.isIdentity == true)
        #expect(l.attributesForItem(at: IP(0, 0), view: edge)?.zIndex == 0)
        #expect(l.attributesForItem(at: IP(0, 1), view: edge)?.transform == Transform3D.makeScale(1.225, 1.225, 1))
    }

    /// activeDistance 100, zoomFactor 0.5: item 0 (d = 60) → 1 + 0.5·(1 − 0.6) = 1.2.
    @Test func customZoomParameters() throws {
        let l = try line(LineLayout.Parameters(activeDistance: 100, zoomFactor: 0.5))
        #expect(l.attributesForItem(at: IP(0, 0), view: view(320, 600))?.transform == Transform3D.makeScale(1.2, 1.2, 1))
        #expect(l.attributesForItem(at: IP(0, 1), view: view(320, 600))?.transform.isIdentity == true)
    }

    /// Proposed (130, 0): centre 290; the proposed rect x 130…450 holds items 0 (centre 100,
    /// −190) and 1 (centre 350, +60) → shift by +60 → (190, 0), item 1 centred.
    /// Proposed (0, 7): rect 0…320 holds items 0 (−60) and 1 (+190) → (−60, 7): §4 does not clamp.
    /// Proposed 65: centre 225, exactly between 100 and 350 (−125, +125): the first wins → −60.
    @Test func targetContentOffsetSnapsToNearestCentre() throws {
        let l = try line()
        let v = view(320, 600)
        #expect(l.targetContentOffset(proposed: Point(x: 130, y: 0), velocity: .zero, view: v) == Point(x: 190, y: 0))
        #expect(l.targetContentOffset(proposed: Point(x: 0, y: 7), velocity: .zero, view: v) == Point(x: -60, y: 7))
        #expect(l.targetContentOffset(proposed: Point(x: 65, y: 0), velocity: .zero, view: v) == Point(x: -60, y: 0))
        // No cell in the proposed rect: unchanged.
        #expect(l.targetContentOffset(proposed: Point(x: 5000, y: 0), velocity: .zero, view: v) == Point(x: 5000, y: 0))
    }

    /// §4: every view change invalidates all attributes; a change of D (the height here)
    /// also invalidates the flow geometry.
    @Test func invalidation() throws {
        let l = try line()
        let v = view(320, 600)
        let scroll = l.invalidation(from: v, to: view(320, 600, offset: Point(x: 10, y: 0)))
        #expect(scroll.invalidatesAllAttributes && !scroll.invalidatesLayout && scroll.shouldInvalidate)
        #expect(l.invalidation(from: v, to: v).shouldInvalidate)
        #expect(l.invalidation(from: v, to: view(320, 700)).invalidatesLayout)
    }

    /// Section overrides and headers come from the flow layout: section 0 with itemSize
    /// 100×100 → k = floor(210/110) = 1, centred at y = 200 + 50 = 250. Headers are not zoomed.
    @Test func overridesAndHeadersAsFlow() throws {
        var p = LineLayout.Parameters()
        p.flow.headerReferenceSize = S(30, 30)
        let l = try LineLayout(p).prepare(
            DataSource(sections: [counted(2, ["itemSize": .size(S(100, 100))])]),
            view: view(320, 600))
        #expect(l.frame(0, 0, view(320, 600)) == R(30, 250, 100, 100))
        #expect(l.frame(0, 1, view(320, 600)) == R(180, 250, 100, 100))
        let header = l.attributesForSupplementaryView(kind: "header", at: IP(0, 0), view: view(320, 600))
        #expect(header?.frame == R(0, 0, 30, 600) && header?.transform.isIdentity == true && header?.zIndex == 10)
    }

    @Test func rejectsNonFiniteParameters() {
        #expect(throws: LayoutError.self) { try line(LineLayout.Parameters(zoomFactor: .nan)) }
        #expect(throws: LayoutError.self) { try line(LineLayout.Parameters(activeDistance: .infinity)) }
    }
}
