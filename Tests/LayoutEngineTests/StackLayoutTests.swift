import Testing
import LayoutEngine

/// Stack layout (docs/layouts.md §7). The hand-worked cases use a 400×300 view, so page s spans
/// x ∈ [400s, 400(s + 1)] and a pile's top card is centred at (400s + 200, 150).
@Suite("Stack layout")
struct StackLayoutTests {
    static let view = ViewContext(bounds: Size(width: 400, height: 300))

    static func prepare(_ counts: [Int], _ p: StackLayout.Parameters = .init()) throws -> any PreparedLayout {
        try StackLayout(p).prepare(DataSource(sections: counts.map { SectionData(itemCount: $0) }), view: view)
    }

    @Test func defaultsAreTheSpecs() {
        let p = StackLayout.Parameters()
        #expect(p.itemSize == Size(width: 200, height: 200) && p.offset == Point(x: 0, y: 4))
        #expect(p.angleStep == 0 && p.visibleCount == 5)
    }

    @Test func pilesWithTheDefaults() throws {
        // Sections [7, 0, 2]: three pages, content (3·400, 300) = (1200, 300), the empty
        // page included. Section 0, item 3: centre (200 + 3·0, 150 + 3·4) = (200, 162),
        // frame (100, 62, 200, 200), zIndex 7 − 3 = 4, visible. Item 5: hidden (5 ≥ 5),
        // zIndex 2. Section 2, item 1: centre (800 + 200, 154), frame (900, 54, 200, 200),
        // zIndex 2 − 1 = 1.
        let layout = try Self.prepare([7, 0, 2])
        let v = Self.view
        #expect(layout.contentSize == Size(width: 1200, height: 300))
        let card3 = try #require(layout.attributesForItem(at: IndexPath(0, 3), view: v))
        #expect(card3.frame == Rect(x: 100, y: 62, width: 200, height: 200))
        #expect(card3.zIndex == 4 && !card3.isHidden && card3.transform == .identity)
        let card5 = try #require(layout.attributesForItem(at: IndexPath(0, 5), view: v))
        #expect(card5.isHidden && card5.zIndex == 2)
        #expect(layout.attributesForItem(at: IndexPath(0, 0), view: v)?.zIndex == 7)
        let other = try #require(layout.attributesForItem(at: IndexPath(2, 1), view: v))
        #expect(other.frame == Rect(x: 900, y: 54, width: 200, height: 200) && other.zIndex == 1)
        #expect(layout.elements(in: nil, view: v).filter(\.isHidden).map(\.indexPath) == [IndexPath(0, 5), IndexPath(0, 6)])
    }

    @Test func offsetsAndAngles() throws {
        // offset (10, −2), angleStep 15°: item 2 is centred at (200 + 20, 150 − 4) = (220, 146)
        // and turned 2·15° = 30° about z: m11 = cos 30° = √3/2, m12 = sin 30° = 1/2,
        // m21 = −1/2, m22 = √3/2.
        let layout = try Self.prepare([3], StackLayout.Parameters(offset: Point(x: 10, y: -2), angleStep: 15))
        let card = try #require(layout.attributesForItem(at: IndexPath(0, 2), view: Self.view))
        #expect(card.center == Point(x: 220, y: 146))
        let c = 3.0.squareRoot() / 2, t = card.transform
        #expect(abs(t.m11 - c) < 1e-12 && abs(t.m12 - 0.5) < 1e-12 && abs(t.m21 + 0.5) < 1e-12 && abs(t.m22 - c) < 1e-12)
        #expect(t.m33 == 1 && t.m34 == 0 && t.m41 == 0 && t.m44 == 1)
        // Item 0 is never turned: exactly the identity, with no −0 entries to print.
        let top = try #require(layout.attributesForItem(at: IndexPath(0, 0), view: Self.view))
        #expect(top.transform == .identity && top.transform.entries.allSatisfy { $0.sign == .plus })
        // Also with a negative step, where 0·angleStep is −0.
        let turnedBack = try Self.prepare([2], StackLayout.Parameters(angleStep: -15))
        let topBack = try #require(turnedBack.attributesForItem(at: IndexPath(0, 0), view: Self.view))
        #expect(topBack.transform.entries.allSatisfy { $0.sign == .plus })
    }

    @Test func visibleCountZeroHidesEveryCard() throws {
        let layout = try Self.prepare([3], StackLayout.Parameters(visibleCount: 0))
        #expect(layout.elements(in: nil, view: Self.view).allSatisfy { $0.isHidden })
    }

    @Test func invalidationOnlyOnASizeChange() throws {
        let layout = try Self.prepare([5, 5])
        #expect(!layout.invalidation(from: Self.view, to: ViewContext(bounds: Self.view.bounds, contentOffset: Point(x: 400, y: 0))).shouldInvalidate)
        #expect(layout.invalidation(from: Self.view, to: ViewContext(bounds: Size(width: 390, height: 300))).invalidatesLayout)
    }

    @Test func validation() {
        func field(_ p: StackLayout.Parameters) -> String? {
            LayoutsBChecks.errorField { () throws(LayoutError) in _ = try StackLayout(p).prepare(DataSource(sections: []), view: Self.view) }
        }
        #expect(field(.init(itemSize: Size(width: -1, height: 1))) == "layout.itemSize")
        #expect(field(.init(offset: Point(x: .infinity, y: 0))) == "layout.offset")
        #expect(field(.init(angleStep: .nan)) == "layout.angleStep")
        #expect(field(.init(visibleCount: -1)) == "layout.visibleCount")
        #expect(field(.init(offset: Point(x: -8, y: -8), angleStep: -720, visibleCount: 0)) == nil)
    }

    @Test func rectQueriesAgreeWithBruteForce() throws {
        var g = SeededRandom(seed: 0x57AC4)
        for _ in 0..<60 {
            let dataSource = LayoutsBChecks.randomDataSource(&g, maxSections: 6, maxItems: 25)
            let bounds = Size(width: g.double(0, 500), height: g.double(0, 500))
            let p = StackLayout.Parameters(
                itemSize: Size(width: g.double(0, 250), height: g.double(0, 250)),
                offset: Point(x: g.double(-12, 12), y: g.double(-12, 12)),
                angleStep: g.double(-20, 20), visibleCount: g.int(0...8))
            let view = ViewContext(bounds: bounds)
            let layout = try StackLayout(p).prepare(dataSource, view: view)
            let all = layout.elements(in: nil, view: view)
            let rects = LayoutsBChecks.randomRects(&g, content: layout.contentSize, elements: all, count: 25)
            LayoutsBChecks.checkQueries(layout, view: view, rects: rects)
            LayoutsBChecks.checkAbsentItems(layout, dataSource: dataSource, view: view)
            // Within a pile the zIndex falls by one per card and ends at 1; cards from
            // visibleCount on are hidden.
            #expect(all.allSatisfy { $0.zIndex == dataSource.numberOfItems(inSection: $0.indexPath.section) - $0.indexPath.item })
            #expect(all.allSatisfy { $0.isHidden == ($0.indexPath.item >= p.visibleCount) })
        }
    }
}
