import LayoutEngine
import Testing

/// L2: a vertical flow layout in right-to-left answers its left-to-right frames mirrored
/// across D = bounds.width − contentInset.left − contentInset.right.
@Suite struct HorizontallyMirroredLayoutTests {
    /// Worked by hand: 390-wide view, insets 10 left and 20 right, so D = 360; items 100 × 50,
    /// spacing 10, sectionInset.left 15. Left to right a row holds 3 items (15 + 3 × 100 + 2 ×
    /// 10 = 335 ≤ 360, a fourth would need 445), justified across the line: the free 360 −
    /// 15 − 300 = 45 is shared by the two gaps, 22.5 each, so x = 15, 137.5, 260. Mirrored:
    /// x' = 360 − x − 100 = 245, 122.5, 0: `sectionInset.left` is now on the right.
    @Test func aRowIsMirroredAcrossTheWidthInsideTheInsets() throws {
        var p = FlowLayout.Parameters()
        p.itemSize = Size(width: 100, height: 50)
        p.minimumInteritemSpacing = 10
        p.sectionInset = EdgeInsets(top: 0, left: 15, bottom: 0, right: 0)
        let v = ViewContext(bounds: Size(width: 390, height: 844), contentInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 20))
        let ltr = try FlowLayout(p).prepare(DataSource(sections: [SectionData(itemCount: 3)]), view: v)
        #expect(ltr.elements(in: nil, view: v).map(\.frame.origin.x) == [15, 137.5, 260])
        let rtl = HorizontallyMirroredLayout(ltr, width: HorizontallyMirroredLayout.flowWidth(of: v))
        #expect(rtl.width == 360)
        #expect(rtl.elements(in: nil, view: v).map(\.frame.origin.x) == [245, 122.5, 0])
        #expect(rtl.attributesForItem(at: IndexPath(section: 0, item: 0), view: v)?.frame.origin.x == 245)
    }

    /// A full-width header (x 0, width D) stays where it is.
    @Test func aFullWidthHeaderDoesNotMove() throws {
        var p = FlowLayout.Parameters()
        p.headerReferenceSize = Size(width: 0, height: 40)
        let v = ViewContext(bounds: Size(width: 320, height: 480))
        let ltr = try FlowLayout(p).prepare(DataSource(sections: [SectionData(itemCount: 5)]), view: v)
        let rtl = HorizontallyMirroredLayout(ltr, width: HorizontallyMirroredLayout.flowWidth(of: v))
        let header = rtl.attributesForSupplementaryView(kind: "header", at: IndexPath(section: 0, item: 0), view: v)
        #expect(header?.frame == Rect(x: 0, y: 0, width: 320, height: 40))
    }

    /// The mirrored layout's rect query answers exactly the mirrored elements that meet the
    /// rect, in the base layout's order, for random rects over random flows.
    @Test func rectQueriesAnswerTheMirroredElementsThatMeetTheRect() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            var p = FlowLayout.Parameters()
            p.itemSize = Size(width: Double.random(in: 20...120, using: &random), height: Double.random(in: 20...80, using: &random))
            p.minimumInteritemSpacing = Double.random(in: 0...20, using: &random)
            p.minimumLineSpacing = Double.random(in: 0...20, using: &random)
            p.headerReferenceSize = Size(width: 0, height: 30)
            let v = ViewContext(
                bounds: Size(width: Double.random(in: 200...500, using: &random), height: 600),
                contentInset: EdgeInsets(top: 0, left: Double.random(in: 0...30, using: &random), bottom: 0, right: 5))
            let ltr = try FlowLayout(p).prepare(
                DataSource(sections: [SectionData(itemCount: Int.random(in: 1...60, using: &random)), SectionData(itemCount: 7)]), view: v)
            let rtl = HorizontallyMirroredLayout(ltr, width: HorizontallyMirroredLayout.flowWidth(of: v))
            let all = rtl.elements(in: nil, view: v)
            #expect(all == ltr.elements(in: nil, view: v).map(rtl.mirrored))
            let rect = Rect(
                x: Double.random(in: -50...400, using: &random), y: Double.random(in: 0...1500, using: &random),
                width: Double.random(in: 1...300, using: &random), height: Double.random(in: 1...600, using: &random))
            let found = rtl.elements(in: rect, view: v)
            #expect(Set(found) == Set(all.filter { $0.frame.intersects(rect) }))
        }
    }

    @Test func theLimitIsTheCallersLimit() throws {
        let v = ViewContext(bounds: Size(width: 320, height: 480))
        let ltr = try FlowLayout(FlowLayout.Parameters()).prepare(DataSource(sections: [SectionData(itemCount: 100)]), view: v)
        let rtl = HorizontallyMirroredLayout(ltr, width: 320)
        #expect(throws: ElementLimitExceeded(limit: 5)) { try rtl.elements(in: nil, view: v, limit: 5) }
    }
}
