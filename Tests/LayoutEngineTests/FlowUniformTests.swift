import Testing
import LayoutEngine

/// R1–R5, R9, R10 on uniform sections, with every expected number worked out by hand.
@Suite struct FlowUniformTests {
    @Test func r2Defaults() {
        let p = FlowParameters()
        #expect(p.scrollDirection == .vertical)
        #expect(p.itemSize == S(50, 50))
        #expect(p.minimumLineSpacing == 10 && p.minimumInteritemSpacing == 10)
        #expect(p.sectionInset == .zero && p.headerReferenceSize == .zero && p.footerReferenceSize == .zero)
        #expect(!p.sectionHeadersPinToVisibleBounds && !p.sectionFootersPinToVisibleBounds)
        #expect(p.uikitQuirks && p.estimatedItemSize == nil)
    }

    /// R1/R5 vertical: D = 320, c = 50, g = 10 → k = floor(330/60) = floor(5.5) = 5;
    /// pitch = 50 + (320 − 5·50)/4 = 67.5 → x = 0, 67.5, 135, 202.5, 270.
    /// 7 items → 2 lines at y = 0 and 0 + 1·(50 + 10) = 60; last line keeps the grid (R5.3).
    /// Content = (D, 2·50 + 10) = (320, 110).
    @Test func r5VerticalGrid() throws {
        let f = try prepared(FlowParameters(), [counted(7)])
        let xs: [Double] = [0, 67.5, 135, 202.5, 270, 0, 67.5]
        let ys: [Double] = [0, 0, 0, 0, 0, 60, 60]
        #expect(f.cellFrames(0) == (0..<7).map { R(xs[$0], ys[$0], 50, 50) })
        #expect(f.contentSize == S(320, 110))
    }

    /// R1 horizontal: the same arithmetic with x and y swapped: D = bounds height 320,
    /// lines are columns at x = 0 and 60, items at y = 0, 67.5, … Content = (110, 320).
    @Test func r1HorizontalGrid() throws {
        let f = try prepared(FlowParameters(scrollDirection: .horizontal), [counted(7)], view(480, 320))
        #expect(f.frame(0, 1, view(480, 320)) == R(0, 67.5, 50, 50))
        #expect(f.frame(0, 6, view(480, 320)) == R(60, 67.5, 50, 50))
        #expect(f.contentSize == S(110, 320))
    }

    /// R5.1: three items of 320/3 = 106.66666666666667 with g = 0: (0 + 320)/(0 + c) is
    /// exactly 3.0 in IEEE doubles, so three fit (3·c rounds to exactly 320.0), though a
    /// naive sum 106.66666666666667·3 reads as "more than 320". Pitch = c + (320 − 3c)/2 = c.
    /// With the default g = 10 only two fit: 330/116.666… = 2.83 → k = 2, and the second
    /// item is justified to the right edge: pitch = c + (320 − 2c)/1 = 213.33333333333331.
    @Test func r5_1ThreeIn320() throws {
        let c = 320.0 / 3
        let three = try prepared(FlowParameters(itemSize: S(c, 50), minimumInteritemSpacing: 0), [counted(3)])
        #expect(three.cellFrames(0).map(\.minX) == [0, c, 213.33333333333334])
        #expect(three.cellFrames(0).map(\.minY) == [0, 0, 0])

        let two = try prepared(FlowParameters(itemSize: S(c, 50)), [counted(3)])
        #expect(two.cellFrames(0).map(\.minX) == [0, 213.33333333333331, 0])
        #expect(two.cellFrames(0).map(\.minY) == [0, 0, 60])
    }

    /// R5.1 unbounded: c = 0, g = 0 → g + c = 0 and g + A > 0: one line, every item at the
    /// cross-start inset (left 7). Body = one line of a = 20.
    @Test func r5_1UnboundedCapacity() throws {
        let p = FlowParameters(
            itemSize: S(0, 20), minimumInteritemSpacing: 0,
            sectionInset: EdgeInsets(top: 0, left: 7, bottom: 0, right: 0))
        let f = try prepared(p, [counted(5)])
        #expect(f.cellFrames(0) == Array(repeating: R(7, 0, 0, 20), count: 5))
        #expect(f.contentSize == S(320, 20))
    }

    /// R5.1/R5.2 k = 1: c = 200 → 330/210 = 1.57 → k = 1, centred at (320 − 200)/2 = 60;
    /// an oversize c = 400 overflows both edges: (320 − 400)/2 = −40. A negative quotient
    /// (g = −30, c = 20: 290/−10) also gives k = 1: x = (320 − 20)/2 = 150, lines at
    /// r·(50 + 10).
    @Test func r5_2SingleColumnCentred() throws {
        #expect(
            try prepared(FlowParameters(itemSize: S(200, 50)), [counted(2)]).cellFrames(0)
                == [R(60, 0, 200, 50), R(60, 60, 200, 50)])
        #expect(try prepared(FlowParameters(itemSize: S(400, 50)), [counted(1)]).frame(0, 0) == R(-40, 0, 400, 50))
        let negative = try prepared(FlowParameters(itemSize: S(20, 50), minimumInteritemSpacing: -30), [counted(2)])
        #expect(negative.cellFrames(0) == [R(150, 0, 20, 50), R(150, 60, 20, 50)])
    }

    /// R5.2 with insets: left 20, right 10 → A = 290; 300/60 = 5 → k = 5;
    /// pitch = 50 + (290 − 250)/4 = 60 → x = 20, 80, 140, 200, 260; the last ends at 310 = D − 10.
    /// R5.4: top inset 5 → the first line at y = 5.
    @Test func r5_2JustifiedWithInsets() throws {
        let p = FlowParameters(sectionInset: EdgeInsets(top: 5, left: 20, bottom: 0, right: 10))
        let f = try prepared(p, [counted(5)])
        #expect(f.cellFrames(0).map(\.minX) == [20, 80, 140, 200, 260])
        #expect(f.cellFrames(0).allSatisfy { $0.minY == 5 })
    }

    /// R5.3: a uniform section with one item keeps column 0 (k = 5), it is not centred.
    @Test func r5_3ShortLastLineKeepsGrid() throws {
        #expect(try prepared(FlowParameters(), [counted(1)]).frame(0, 0) == R(0, 0, 50, 50))
        // 6 items: the second line holds item 5 alone, under column 0.
        #expect(try prepared(FlowParameters(), [counted(6)]).frame(0, 5) == R(0, 60, 50, 50))
    }

    /// R5.4: line r at header + top + r·(a + L): header 30, top 5, a = 50, L = 20 →
    /// lines at 35, 105, 175; body = 3·50 + 2·20 = 190; bottom 7 → content 30 + 5 + 190 + 7.
    /// A negative L = −60 makes lines climb back: 35, 35 − 10, 35 − 20 (a + L = −10); the
    /// body is 3·50 + 2·(−60) = 30.
    @Test func r5_4AlongPositions() throws {
        let inset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        let p = FlowParameters(
            itemSize: S(200, 50), minimumLineSpacing: 20, sectionInset: inset,
            headerReferenceSize: S(0, 30))
        let f = try prepared(p, [counted(3)])
        #expect(f.cellFrames(0).map(\.minY) == [35, 105, 175])
        #expect(f.contentSize == S(320, 232))
        var q = p
        q.minimumLineSpacing = -60
        let back = try prepared(q, [counted(3)])
        #expect(back.cellFrames(0).map(\.minY) == [35, 25, 15])
        #expect(back.contentSize == S(320, 30 + 5 + 30 + 7))
    }

    /// R3: explicit sizes that are all equal make a uniform section, laid out exactly as
    /// itemSize with a count; nil sizes fall back to the section's itemSize.
    @Test func r3EqualExplicitSizesAreUniform() throws {
        let byCount = try prepared(FlowParameters(itemSize: S(60, 50)), [counted(5)])
        let explicit = try prepared(
            FlowParameters(),
            [
                sized(
                    [S(60, 50), nil, S(60, 50), S(60, 50), S(60, 50)],
                    ["itemSize": .size(S(60, 50))])
            ])
        #expect(byCount.cellFrames(0) == explicit.cellFrames(0))
        if explicit._uniformItemSize(section: 0) == nil { Issue.record("expected a uniform section") }
    }

    /// R3 vs R6: D = 220, five items 60×50, g = 10 → k = floor(230/70) = 3,
    /// pitch = 60 + (220 − 180)/2 = 80: x = 0, 80, 160; the last line keeps the grid, so
    /// item 4 is at x = 80. Make item 4 60×40 and the section is mixed: line 2 = [3, 4] is
    /// an incomplete last line (rooms 80 vs 10, R6.2), leading with gap g: item 4 at
    /// x = 60 + 10 = 70, and centred in the 50-thick line: y = 60 + (50 − 40)/2 = 65.
    @Test func r3OneDifferentSizeMakesMixed() throws {
        let v = view(220, 480)
        let uniform = try prepared(FlowParameters(), [sized(Array(repeating: S(60, 50), count: 5))], v)
        #expect(uniform.frame(0, 4, v) == R(80, 60, 60, 50))
        let mixed = try prepared(FlowParameters(), [sized(Array(repeating: S(60, 50), count: 4) + [S(60, 40)])], v)
        #expect(mixed.cellFrames(0, v).map(\.minX) == [0, 80, 160, 0, 70])
        #expect(mixed.frame(0, 4, v) == R(70, 65, 60, 40))
    }

    /// R4: D = width − left − right insets = 340 − 10 − 10 = 320; horizontally
    /// D = height − top − bottom.
    @Test func r4ReferenceDimension() throws {
        let inset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let v = view(340, 480, inset: inset)
        #expect(try prepared(FlowParameters(), [counted(1)], v).contentSize == S(320, 50))
        let h = view(480, 340, inset: inset)
        #expect(try prepared(FlowParameters(scrollDirection: .horizontal), [counted(1)], h).contentSize == S(50, 320))
    }

    /// R4: D = 20 − 10 − 10 = 0 → content (0, 0), no elements at all.
    @Test func r4NothingToLayOut() throws {
        let v = view(20, 480, inset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        let f = try prepared(FlowParameters(headerReferenceSize: S(0, 30)), [counted(3)], v)
        #expect(f.contentSize == .zero)
        #expect(f.elements(in: nil, view: v).isEmpty)
        #expect(f.elements(in: R(-100, -100, 1000, 1000), view: v).isEmpty)
        #expect(f.frame(0, 0, v) == nil && f.header(0, v) == nil)
    }

    /// R4 empty bounds: height 0 (D = 320 still) → no cells, with or without a rect, but the
    /// content size is computed (header 30 + one line 50) and the header is returned.
    @Test func r4EmptyBoundsHaveNoCells() throws {
        let v = view(320, 0)
        let f = try prepared(FlowParameters(headerReferenceSize: S(0, 30)), [counted(3)], v)
        #expect(f.contentSize == S(320, 80))
        #expect(f.names(in: nil, v) == ["h0"])
        #expect(f.names(in: R(0, 0, 320, 100), v) == ["h0"])
        #expect(f.frame(0, 0, v) == nil)
    }

    /// R9: sections stack with nothing between; no sections → (D, 0) or (0, D).
    /// Two sections of 7 and 1 items: 110 + 50 → the second starts at 110.
    @Test func r9StackingAndContentSize() throws {
        let f = try prepared(FlowParameters(), [counted(7), counted(1)])
        #expect(f.frame(1, 0) == R(0, 110, 50, 50))
        #expect(f.contentSize == S(320, 160))
        #expect(try prepared(FlowParameters(), []).contentSize == S(320, 0))
        let h = view(480, 320)
        #expect(try prepared(FlowParameters(scrollDirection: .horizontal), [], h).contentSize == S(0, 320))
    }

    /// R10: an empty section keeps its insets (top 5 + bottom 15 = 20); with no header,
    /// footer or insets it has length 0. Sections: [1 item] 5+50+15 = 70, [0] 20, [1] 70.
    @Test func r10EmptySections() throws {
        let p = FlowParameters(sectionInset: EdgeInsets(top: 5, left: 0, bottom: 15, right: 0))
        let f = try prepared(p, [counted(1), counted(0), counted(1)])
        #expect(f.frame(2, 0) == R(0, 70 + 20 + 5, 50, 50))
        #expect(f.contentSize == S(320, 160))
        #expect(try prepared(FlowParameters(), [counted(0), counted(0)]).contentSize == S(320, 0))
    }

    /// R2 per-section overrides: section 1 uses itemSize 100×40, line spacing 0, interitem 0
    /// and inset left 10/right 10 (A = 300): k = floor(300/100) = 3, pitch 100 →
    /// x = 10, 110, 210; lines at 50 (after section 0's single line) and 50 + 40.
    @Test func r2SectionOverrides() throws {
        let overrides: [String: ParameterValue] = [
            "itemSize": .size(S(100, 40)), "minimumLineSpacing": .number(0),
            "minimumInteritemSpacing": .number(0),
            "sectionInset": .insets(EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        ]
        let f = try prepared(FlowParameters(), [counted(1), counted(4, overrides)])
        #expect(f.cellFrames(1) == [R(10, 50, 100, 40), R(110, 50, 100, 40), R(210, 50, 100, 40), R(10, 90, 100, 40)])
        #expect(f.contentSize == S(320, 130))
    }
}
