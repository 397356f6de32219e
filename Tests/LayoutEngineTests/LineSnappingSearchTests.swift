import LayoutEngine
import Testing

/// The line layout's snapping searches outward from the centre (issue 8, item 3); it must
/// answer exactly what the scan of every cell in the proposed rect answered (docs/layouts.md §4:
/// the cell whose centre x is nearest, the first on a tie), whatever the layout and the
/// proposal, and stay within a small element budget where the old scan met them all.
@Suite struct LineSnappingSearchTests {
    /// §4 as written: every cell in the proposed rect, the nearest centre, the first on a tie.
    static func scanAnswer(_ l: PreparedLineLayout, proposed: Point, view: ViewContext) -> Point {
        let rect = Rect(origin: proposed, size: view.bounds)
        let centre = proposed.x + view.bounds.width / 2
        var adjustment = Double.infinity
        for a in l._flow.elements(in: rect, view: view) where a.category == .cell {
            let d = a.frame.center.x - centre
            if abs(d) < abs(adjustment) { adjustment = d }
        }
        return adjustment.isFinite ? Point(x: proposed.x + adjustment, y: proposed.y) : proposed
    }

    @Test func matchesTheScanEverywhere() throws {
        var random = SeededRandom(seed: 0x11_4E5)
        for round in 0..<60 {
            var p = LineLayout.Parameters()
            p.flow.scrollDirection = random.chance(0.7) ? .horizontal : .vertical
            p.flow.itemSize = Size(width: Double(random.int(1...300)), height: Double(random.int(1...300)))
            p.flow.minimumLineSpacing = Double(random.int(-20...60))
            p.flow.minimumInteritemSpacing = Double(random.int(0...40))
            p.flow.sectionInset = EdgeInsets(
                top: Double(random.int(-50...200)), left: Double(random.int(-80...120)),
                bottom: Double(random.int(0...200)), right: Double(random.int(-40...80)))
            let sections = (0..<random.int(1...4)).map { _ in SectionData(itemCount: random.int(0...300)) }
            let scale = [0.0, 1, 2, 3].randomElement(using: &random)!
            let view = ViewContext(bounds: Size(width: Double(random.int(100...2000)), height: Double(random.int(300...900))), scale: scale)
            let l = try #require(try LineLayout(p).prepare(DataSource(sections: sections), view: view) as? PreparedLineLayout)
            let width = max(l.contentSize.width, l.contentSize.height)
            for _ in 0..<25 {
                let proposed = Point(x: random.double(-width - 5000, 2 * width + 5000), y: random.double(-500, width + 500))
                let expected = Self.scanAnswer(l, proposed: proposed, view: view)
                #expect(
                    l.targetContentOffset(proposed: proposed, velocity: .zero, view: view) == expected,
                    "round \(round), proposed \(proposed)")
            }
        }
    }

    /// 20,000 cells in one proposed rect: the answer comes from a handful of them, near the
    /// centre or, with the centre beyond the content, near the content's edge.
    @Test func looksAtAFewCellsOnly() throws {
        let view = ViewContext(bounds: Size(width: 1e9, height: 600))
        let l = try #require(
            try LineLayout().prepare(DataSource(sections: [SectionData(itemCount: 20_000)]), view: view)
                as? PreparedLineLayout)
        for x in [-5e8, -1000, 0, 12_345, 2_500_000] {
            let proposed = Point(x: x, y: 0)
            let answer = try l.targetContentOffset(proposed: proposed, velocity: .zero, view: view, elementLimit: 10)
            #expect(answer == Self.scanAnswer(l, proposed: proposed, view: view))
        }
    }
}
