import LayoutEngine
import Testing

/// L3: the horizontal flow layout in right-to-left without the flag (docs/layout-direction.md).
@Suite struct RightToLeftHorizontalFlowTests {
    /// Items 50 × 50, both spacings 10, headers 30 wide and footers 20, a view 300 × 200
    /// without insets: D = 200.
    static func parameters(estimated: Bool = false, pinned: Bool = false) -> FlowLayout.Parameters {
        var p = FlowLayout.Parameters()
        p.scrollDirection = .horizontal
        p.itemSize = Size(width: 50, height: 50)
        p.minimumInteritemSpacing = 10
        p.minimumLineSpacing = 10
        p.headerReferenceSize = Size(width: 30, height: 0)
        p.footerReferenceSize = Size(width: 20, height: 0)
        p.sectionHeadersPinToVisibleBounds = pinned
        p.sectionFootersPinToVisibleBounds = pinned
        if estimated { p.estimatedItemSize = Size(width: 50, height: 50) }
        return p
    }

    static func rightToLeft(_ p: FlowLayout.Parameters, _ data: DataSource, _ view: ViewContext) throws -> any PreparedLayout {
        var v = view
        v.layoutDirection = .rightToLeft
        return try DirectedLayout(FlowLayout(p), class: .horizontalFlow).prepare(data, view: v)
    }

    static func origins(_ layout: any PreparedLayout, _ view: ViewContext) -> [String: [Double]] {
        var out: [String: [Double]] = [:]
        for a in layout.elements(in: nil, view: view) {
            let name = a.category == .cell ? "\(a.indexPath.section).\(a.indexPath.item)" : "\(a.kind)\(a.indexPath.section)"
            out[name] = [a.frame.minX, a.frame.minY]
        }
        return out
    }

    /// Worked by hand. A column holds 3 items (3 × 50 + 2 × 10 = 170 ≤ 200; R5.1), justified:
    /// pitch 50 + (200 − 150) / 2 = 75, so y = 0, 75, 150. Left to right, section 0 (5 items)
    /// has its header at 0, columns at 30 and 90, its footer at 140 and ends at 160; section 1
    /// (2 items) runs 160–260: header 160, a column at 190, footer 240. W = 260.
    ///
    /// Right to left: y' = 200 − y − 50 (L3.1): 150, 75, 0. Section 0's block moves to
    /// [260 − 160, 260 − 0] = [100, 260] (L3.3), its footer at the left end (100), its header at
    /// the right end (230), its cells between, moved by 100 + 20 − 30 = 90 (columns at 120 and
    /// 180). Section 1's block moves to [0, 100]: footer 0, column 190 − 170 = 20, header 70.
    @Test func sectionsMirrorAndHeadersSwapWithFooters() throws {
        let view = ViewContext(bounds: Size(width: 300, height: 200))
        let data = DataSource(sections: [SectionData(itemCount: 5), SectionData(itemCount: 2)])
        let ltr = try FlowLayout(Self.parameters()).prepare(data, view: view)
        #expect(ltr.contentSize == Size(width: 260, height: 200))
        #expect(Self.origins(ltr, view)["header1"] == [160, 0])
        let rtl = try Self.rightToLeft(Self.parameters(), data, view)
        #expect(rtl is RightToLeftHorizontalFlow)
        #expect(rtl.contentSize == Size(width: 260, height: 200))
        let expected: [String: [Double]] = [
            "0.0": [120, 150], "0.1": [120, 75], "0.2": [120, 0], "0.3": [180, 150], "0.4": [180, 75],
            "1.0": [20, 150], "1.1": [20, 75],
            "header0": [230, 0], "footer0": [100, 0], "header1": [70, 0], "footer1": [0, 0]
        ]
        #expect(Self.origins(rtl, view) == expected)
        let item = rtl.attributesForItem(at: IndexPath(section: 0, item: 3), view: view)
        #expect(item?.frame == Rect(x: 180, y: 150, width: 50, height: 50))
        let header = rtl.attributesForSupplementaryView(kind: "header", at: IndexPath(section: 1, item: 0), view: view)
        #expect(header?.frame == Rect(x: 70, y: 0, width: 30, height: 200))
        #expect(header?.zIndex == 10)
    }

    /// With estimated sizes the sections keep their order (L3.3 does not apply); the rest
    /// does. Six and three items fill whole columns (the mixed path's last line is not
    /// justified, R6): left to right section 0 runs 0–160 (columns 30, 90), section 1 160–260
    /// (column 190). Right to left: cells move by 20 − 30 = −10 (columns 20, 80 and 180),
    /// footers at 0 and 160, headers at 130 and 230.
    @Test func estimatedSizesKeepTheSectionsInOrder() throws {
        let view = ViewContext(bounds: Size(width: 300, height: 200))
        let data = DataSource(sections: [SectionData(itemCount: 6), SectionData(itemCount: 3)])
        let rtl = try Self.rightToLeft(Self.parameters(estimated: true), data, view)
        let o = Self.origins(rtl, view)
        #expect([o["0.0"], o["0.1"], o["0.2"], o["0.3"], o["1.0"], o["1.2"]] == [[20, 150], [20, 75], [20, 0], [80, 150], [180, 150], [180, 0]])
        #expect([o["footer0"], o["header0"], o["footer1"], o["header1"]] == [[0, 0], [130, 0], [160, 0], [230, 0]])
    }

    /// L3.4: the view opens at its far right, x = W − bounds.width + contentInset.right: with
    /// the first scene in a 100-wide view inset 5 left and 15 right, 260 − 100 + 15 = 175. A
    /// content narrower than the view keeps to −contentInset.left (a choice).
    @Test func theViewOpensAtTheFarRight() throws {
        let data = DataSource(sections: [SectionData(itemCount: 5), SectionData(itemCount: 2)])
        let view = ViewContext(bounds: Size(width: 100, height: 200), contentInset: EdgeInsets(top: 0, left: 5, bottom: 0, right: 15))
        let rtl = try Self.rightToLeft(Self.parameters(), data, view)
        #expect(rtl.initialContentOffset(view: view) == Point(x: 175, y: 0))
        let wide = ViewContext(bounds: Size(width: 400, height: 200), contentInset: EdgeInsets(top: 0, left: 5, bottom: 0, right: 15))
        #expect(try Self.rightToLeft(Self.parameters(), data, wide).initialContentOffset(view: wide) == Point(x: -5, y: 0))
        // Left to right, and every other layout, keeps the view's own offset.
        #expect(try FlowLayout(Self.parameters()).prepare(data, view: view).initialContentOffset(view: view) == nil)
    }

    /// R12 mirrored (a choice): in the first scene seen through a 100-wide view, section 0
    /// stands on [100, 260] with its header at 230. At offset 110 the visible area is 110–210:
    /// the header keeps to its right edge, 210 − 30 = 180. At offset 0 (0–100) it would be at
    /// 70, but its own footer (100–120) pushes it to 120. Section 1's header (70) is inside
    /// 0–100 and stays; its footer keeps to the left edge, at 0.
    @Test func pinnedHeadersKeepToTheRightEdge() throws {
        let data = DataSource(sections: [SectionData(itemCount: 5), SectionData(itemCount: 2)])
        let p = Self.parameters(pinned: true)
        let at110 = ViewContext(bounds: Size(width: 100, height: 200), contentOffset: Point(x: 110, y: 0))
        let rtl = try Self.rightToLeft(p, data, at110)
        let header0 = IndexPath(section: 0, item: 0)
        #expect(rtl.attributesForSupplementaryView(kind: "header", at: header0, view: at110)?.frame.minX == 180)
        let at0 = ViewContext(bounds: Size(width: 100, height: 200))
        #expect(rtl.attributesForSupplementaryView(kind: "header", at: header0, view: at0)?.frame.minX == 120)
        #expect(rtl.attributesForSupplementaryView(kind: "header", at: IndexPath(section: 1, item: 0), view: at0)?.frame.minX == 70)
        #expect(rtl.attributesForSupplementaryView(kind: "footer", at: IndexPath(section: 1, item: 0), view: at0)?.frame.minX == 0)
        // Scrolling from 110 to 0 moves section 0's header and its footer (which keeps to the
        // left edge: 110 → 100), and section 1's footer: at 110 it keeps to the left edge until
        // its header stops it, 100 − 30 − 20 = 50; at 0 it is back at 0.
        #expect(rtl.attributesForSupplementaryView(kind: "footer", at: IndexPath(section: 1, item: 0), view: at110)?.frame.minX == 50)
        let moved = rtl.invalidation(from: at110, to: at0).invalidatedElements.map { "\($0.kind)\($0.indexPath.section)" }
        #expect(moved == ["header0", "footer0", "footer1"])
        // A rect query answers the pinned frame.
        let found = rtl.elements(in: Rect(x: 185, y: 0, width: 1, height: 1), view: at110).filter { $0.category == .supplementary }
        #expect(found.map(\.frame.minX) == [180])
    }

    /// The rect query answers exactly the elements of the whole layout that meet the rect,
    /// cells in index-path order before headers and footers, for random horizontal flows
    /// (uniform and mixed sections, estimated or not, pinned or not) and random rects; an
    /// update answers what a fresh preparation answers.
    @Test func rectQueriesAnswerWhatMeetsTheRect() throws {
        var random = SeededRandom(seed: 37)
        for _ in 0..<60 {
            var p = Self.parameters(estimated: Bool.random(using: &random), pinned: Bool.random(using: &random))
            p.itemSize = Size(width: Double.random(in: 10...80, using: &random), height: Double.random(in: 10...90, using: &random))
            p.headerReferenceSize.width = [0, 25, 40].randomElement(using: &random)!
            p.footerReferenceSize.width = [0, 15].randomElement(using: &random)!
            p.sectionInset = EdgeInsets(top: 5, left: Double.random(in: 0...20, using: &random), bottom: 0, right: 3)
            var sections: [SectionData] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                let n = Int.random(in: 0...30, using: &random)
                if Bool.random(using: &random) {
                    let sizes = (0..<n).map { _ in
                        Size(width: Double.random(in: 5...70, using: &random), height: Double.random(in: 5...70, using: &random))
                    }
                    sections.append(SectionData(itemCount: n, sizes: sizes))
                } else {
                    sections.append(SectionData(itemCount: n))
                }
            }
            let data = DataSource(sections: sections)
            let view = ViewContext(
                bounds: Size(width: 250, height: Double.random(in: 120...400, using: &random)),
                contentOffset: Point(x: Double.random(in: 0...400, using: &random), y: 0),
                contentInset: EdgeInsets(top: Double.random(in: 0...20, using: &random), left: 0, bottom: 4, right: 0),
                scale: [0, 2, 3].randomElement(using: &random)!)
            let rtl = try Self.rightToLeft(p, data, view)
            let all = rtl.elements(in: nil, view: view)
            let ltr = try FlowLayout(p).prepare(data, view: view).elements(in: nil, view: view)
            #expect(Set(all.map(\.key)) == Set(ltr.map(\.key)))
            #expect(all.map(\.frame.size) == ltr.map(\.frame.size))
            let rect = Rect(
                x: Double.random(in: -20...800, using: &random), y: Double.random(in: -20...300, using: &random),
                width: Double.random(in: 0...300, using: &random), height: Double.random(in: 0...300, using: &random))
            let found = rtl.elements(in: rect, view: view)
            let expected = all.filter { $0.frame.intersects(rect) && ($0.category != .cell || !rect.isEmptyArea) }
            #expect(found == expected, "rect \(rect)")
            for a in all where a.category == .cell {
                #expect(rtl.attributesForItem(at: a.indexPath, view: view) == a)
            }
        }
    }
}
