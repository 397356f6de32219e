import Testing
import LayoutEngine

/// Circle layout (docs/layouts.md §5). The hand-worked cases use a 400×300 view: centre
/// (200, 150), radius min(400, 300)·0.4 = 120, items 70×70.
@Suite("Circle layout")
struct CircleLayoutTests {
    static let view = ViewContext(bounds: Size(width: 400, height: 300))

    static func prepare(_ counts: [Int], _ p: CircleLayout.Parameters = .init(), view: ViewContext = view) throws -> any PreparedLayout {
        try CircleLayout(p).prepare(DataSource(sections: counts.map { SectionData(itemCount: $0) }), view: view)
    }

    static func expectCentre(_ a: LayoutAttributes?, _ x: Double, _ y: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("missing element", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(a.center.x - x) < 1e-9 && abs(a.center.y - y) < 1e-9, "centre \(a.center)", sourceLocation: sourceLocation)
        #expect(a.frame.size == Size(width: 70, height: 70), sourceLocation: sourceLocation)
    }

    @Test func defaultsAreTheSpecs() {
        let p = CircleLayout.Parameters()
        #expect(p.itemSize == Size(width: 70, height: 70) && p.radiusFactor == 0.4 && !p.background)
    }

    @Test func itemsGoClockwiseFromThreeOClock() throws {
        let layout = try Self.prepare([4, 1, 3])
        let v = Self.view
        #expect(layout.contentSize == Size(width: 400, height: 300))
        // Section 0, radius 120, 4 items at 0°, 90°, 180°, 270° (y grows downward, so 90°
        // is 6 o'clock): (320, 150), (200, 270), (80, 150), (200, 30).
        #expect(layout.attributesForItem(at: IndexPath(0, 0), view: v)?.frame == Rect(x: 285, y: 115, width: 70, height: 70))
        Self.expectCentre(layout.attributesForItem(at: IndexPath(0, 1), view: v), 200, 270)
        Self.expectCentre(layout.attributesForItem(at: IndexPath(0, 2), view: v), 80, 150)
        Self.expectCentre(layout.attributesForItem(at: IndexPath(0, 3), view: v), 200, 30)
        // Section 1: radius 120·(1 − 0.1) = 108, its one item at 0°: (308, 150).
        Self.expectCentre(layout.attributesForItem(at: IndexPath(1, 0), view: v), 308, 150)
        // Section 2: radius 120·0.8 = 96; item 1 of 3 at 120°:
        // (200 + 96·cos 120°, 150 + 96·sin 120°) = (200 − 48, 150 + 48√3) ≈ (152, 233.138).
        Self.expectCentre(layout.attributesForItem(at: IndexPath(2, 1), view: v), 152, 150 + 48 * 3.0.squareRoot())
        let cell = try #require(layout.attributesForItem(at: IndexPath(0, 0), view: v))
        #expect(cell.transform == .identity && cell.alpha == 1 && cell.zIndex == 0 && !cell.isHidden)
    }

    @Test func radiusFactorScalesTheCircle() throws {
        // radiusFactor 0.25 on a 400×300 view: radius 75, item 0 at (275, 150).
        let layout = try Self.prepare([3], CircleLayout.Parameters(radiusFactor: 0.25))
        Self.expectCentre(layout.attributesForItem(at: IndexPath(0, 0), view: Self.view), 275, 150)
    }

    @Test func background() throws {
        let layout = try Self.prepare([3], CircleLayout.Parameters(background: true))
        let bg = try #require(layout.attributesForDecorationView(kind: "background", at: IndexPath(0, 0), view: Self.view))
        #expect(bg.frame == Rect(x: 0, y: 0, width: 400, height: 300) && bg.zIndex == -1 && bg.category == .decoration)
        #expect(layout.elements(in: nil, view: Self.view).last == bg)
        #expect(layout.attributesForDecorationView(kind: "background", at: IndexPath(0, 1), view: Self.view) == nil)
        #expect(try Self.prepare([3]).attributesForDecorationView(kind: "background", at: IndexPath(0, 0), view: Self.view) == nil)
        // With no items the background is still there: it covers the content, not the cells.
        #expect(try Self.prepare([], CircleLayout.Parameters(background: true)).elements(in: nil, view: Self.view) == [bg])
    }

    @Test func insertedItemsGrowFromTheCentreAndDeletedOnesShrinkIntoIt() throws {
        let layout = try Self.prepare([4, 2], CircleLayout.Parameters(background: true))
        let cell = try #require(layout.attributesForItem(at: IndexPath(1, 1), view: Self.view))
        // The centre (200, 150) with the 70×70 size: frame (165, 115, 70, 70).
        let start = layout.initialAttributes(forAppearing: cell, view: Self.view)
        #expect(start.frame == Rect(x: 165, y: 115, width: 70, height: 70) && start.alpha == 0 && start.transform == .identity)
        let end = layout.finalAttributes(forDisappearing: cell, view: Self.view)
        #expect(end.frame == start.frame && end.alpha == 0)
        #expect(end.transform == Transform3D.makeScale(0.1, 0.1, 1))
        #expect(end.transform.entries == [0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        // A decoration keeps UIKit's default: its own frame, transparent.
        let bg = try #require(layout.attributesForDecorationView(kind: "background", at: IndexPath(0, 0), view: Self.view))
        let bgEnd = layout.finalAttributes(forDisappearing: bg, view: Self.view)
        #expect(bgEnd.frame == bg.frame && bgEnd.alpha == 0 && bgEnd.transform == .identity)
    }

    @Test func invalidationOnlyOnASizeChange() throws {
        let layout = try Self.prepare([5])
        #expect(!layout.invalidation(from: Self.view, to: ViewContext(bounds: Self.view.bounds, contentOffset: Point(x: 30, y: 9))).shouldInvalidate)
        #expect(layout.invalidation(from: Self.view, to: ViewContext(bounds: Size(width: 400, height: 301))).invalidatesLayout)
        // The content is exactly the bounds, so the default target offset clamps to (0, 0).
        #expect(layout.targetContentOffset(proposed: Point(x: 3, y: 4), velocity: Point(x: 1, y: 1), view: Self.view) == Point(x: 0, y: 0))
        #expect(layout.attributesForSupplementaryView(kind: "header", at: IndexPath(0, 0), view: Self.view) == nil)
    }

    @Test func validation() {
        func field(_ p: CircleLayout.Parameters) -> String? {
            LayoutsBChecks.errorField { () throws(LayoutError) in _ = try CircleLayout(p).prepare(DataSource(sections: []), view: Self.view) }
        }
        #expect(field(.init(itemSize: Size(width: 70, height: -1))) == "layout.itemSize")
        #expect(field(.init(radiusFactor: -0.1)) == "layout.radiusFactor")
        #expect(field(.init(radiusFactor: .nan)) == "layout.radiusFactor")
        #expect(field(.init(itemSize: .zero, radiusFactor: 0)) == nil)
    }

    @Test func rectQueriesAgreeWithBruteForce() throws {
        var g = SeededRandom(seed: 0xC12C1E)
        for _ in 0..<60 {
            // Up to 12 sections, so that sections 10 and 11 (radius factor ≤ 0) are covered.
            let dataSource = LayoutsBChecks.randomDataSource(&g, maxSections: 12, maxItems: 40)
            let bounds = Size(width: g.double(0, 500), height: g.double(0, 500))
            let p = CircleLayout.Parameters(
                itemSize: Size(width: g.double(0, 90), height: g.double(0, 90)),
                radiusFactor: g.double(0, 0.6), background: g.bool())
            let view = ViewContext(bounds: bounds)
            let layout = try CircleLayout(p).prepare(dataSource, view: view)
            let all = layout.elements(in: nil, view: view)
            let rects = LayoutsBChecks.randomRects(&g, content: layout.contentSize, elements: all, count: 25)
            LayoutsBChecks.checkQueries(layout, view: view, rects: rects)
            LayoutsBChecks.checkAbsentItems(layout, dataSource: dataSource, view: view)
            // Every cell's centre lies on its section's circle: |c − centre| = R·|1 − 0.1·s|.
            let radius = min(bounds.width, bounds.height) * p.radiusFactor
            #expect(
                all.filter { $0.category == .cell }.allSatisfy { cell in
                    let dx = cell.center.x - bounds.width / 2, dy = cell.center.y - bounds.height / 2
                    let expected = radius * abs(1 - 0.1 * Double(cell.indexPath.section))
                    return abs((dx * dx + dy * dy).squareRoot() - expected) < 1e-9
                })
        }
    }
}
