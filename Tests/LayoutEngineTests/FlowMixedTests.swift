import Testing
import LayoutEngine

/// R6, R7 and the quirks Q1–Q3 (R16) on mixed sections, numbers worked by hand.
/// Unless said otherwise: vertical, D = A = 300, g = L = 10.
@Suite struct FlowMixedTests {
    let v300 = view(300, 600)

    /// R6.1 breaking with room A = 300, each item subtracting c + 10:
    ///   w100 → 190, w100 → 80, w100 > 80 → new line → 190, w50 → 130, w120 → 0,
    ///   w200 > 0 → new line → 90, w90 ≤ 90 → −10.
    /// Lines [0,1] [2,3,4] [5,6]; the last is incomplete (rooms −10 ≠ 0, R6.2).
    /// R6.3: [0,1] S = 200, gap 100 → x 0, 200. [2,3,4] S = 270, gap 15 → x 0, 115, 180.
    /// R6.4: [5,6] leading, gap 10 → x 0, 210.
    /// R6.5/R7: thickness 40, 40, 60; starts 0, 50, 100. Item 3 (h20) at 50 + (40 − 20)/2
    /// = 60; item 5 (h40) at 100 + (60 − 40)/2 = 110. Content height 100 + 60 = 160.
    @Test func r6LineBreakingAndPlacement() throws {
        let sizes = [S(100, 40), S(100, 40), S(100, 40), S(50, 20), S(120, 40), S(200, 40), S(90, 60)]
        let f = try prepared(FlowParameters(), [sized(sizes)], v300)
        #expect(
            f.cellFrames(0, v300) == [
                R(0, 0, 100, 40), R(200, 0, 100, 40),
                R(0, 50, 100, 40), R(115, 60, 50, 20), R(180, 50, 120, 40),
                R(0, 110, 200, 40), R(210, 100, 90, 60)
            ])
        #expect(f.contentSize == S(300, 160))
    }

    /// R6.2 (a): every line holds one item (250 fits, 260 > 40, 200 > 30), so the last line
    /// is complete and centred like the others: x = 25, 20, 50; y = 0, 50, 100.
    @Test func r6_2aAllSingleLinesAreCentred() throws {
        let f = try prepared(FlowParameters(), [sized([S(250, 40), S(260, 40), S(200, 40)])], v300)
        #expect(f.cellFrames(0, v300).map(\.origin) == [Point(x: 25, y: 0), Point(x: 20, y: 50), Point(x: 50, y: 100)])
    }

    /// R6.2 (b): widths 100, 150 | 100, 150: both lines leave room 300 − 110 − 160 = 30, so
    /// the last line is complete and justified: gap (300 − 250)/1 = 50 → x 0, 150.
    /// With 140 instead of the last 150 the rooms differ (40 ≠ 30): leading, x = 0, 110.
    @Test func r6_2bEqualRoomMakesLastLineComplete() throws {
        let equal = try prepared(FlowParameters(), [sized([S(100, 40), S(150, 40), S(100, 40), S(150, 30)])], v300)
        #expect(equal.cellFrames(0, v300).map(\.minX) == [0, 150, 0, 150])
        let differ = try prepared(FlowParameters(), [sized([S(100, 40), S(150, 40), S(100, 40), S(140, 40)])], v300)
        #expect(differ.cellFrames(0, v300).map(\.minX) == [0, 150, 0, 110])
    }

    /// R6.3: widths 100, 350, 100: 100 fits (room 190), 350 > 190 → new line (room −60),
    /// 100 > −60 → new line. All lines single → complete: 100 centred at (300 − 100)/2 = 100;
    /// the oversize 350 sits at crossStart 0 (no negative centring in mixed sections).
    @Test func r6_3LoneItemsCentredOversizeAtStart() throws {
        let f = try prepared(FlowParameters(), [sized([S(100, 40), S(350, 40), S(100, 40)])], v300)
        #expect(f.cellFrames(0, v300).map(\.minX) == [100, 0, 100])
        #expect(f.cellFrames(0, v300).map(\.minY) == [0, 50, 100])
    }

    /// R6.4 consequence: a mixed section that fits on one line is leading with gap g, not
    /// justified: widths 50, 60, 70 → x = 0, 60, 130.
    @Test func r6_4OneLineIsLeading() throws {
        let f = try prepared(FlowParameters(), [sized([S(50, 40), S(60, 40), S(70, 40)])], v300)
        #expect(f.cellFrames(0, v300).map(\.minX) == [0, 60, 130])
    }

    /// R7: the 40-high item in a 45-thick line is centred: y = (45 − 40)/2 = 2.5.
    @Test func r7CentredInLine() throws {
        let f = try prepared(FlowParameters(), [sized([S(100, 45), S(100, 40)])], v300)
        #expect(f.frame(0, 1, v300) == R(110, 2.5, 100, 40))
    }

    /// Q2 (R6.1): the first item (350) is wider than A = 300. UIKit closes an empty line of
    /// thickness 0 first: line 1 starts at 0 + 0 + L = 10, item 0 at x 0 (oversize, complete).
    /// Room −60 → item 1 starts line 2 at 10 + 40 + 10 = 60. The empty line spoils (a); rooms
    /// 190 ≠ −60 spoil (b): the last line is leading, x = 0. Content height 60 + 40 = 100.
    /// Quirks off: no empty line; both lines single → (a) → item 1 centred at 100, at y 50.
    @Test func q2EmptyLeadingLine() throws {
        let sections = [sized([S(350, 40), S(100, 40)])]
        let on = try prepared(FlowParameters(), sections, v300)
        #expect(on.cellFrames(0, v300) == [R(0, 10, 350, 40), R(0, 60, 100, 40)])
        #expect(on.contentSize == S(300, 100))
        let off = try prepared(FlowParameters(uikitQuirks: false), sections, v300)
        #expect(off.cellFrames(0, v300) == [R(0, 0, 350, 40), R(100, 50, 100, 40)])
        #expect(off.contentSize == S(300, 90))
    }

    /// Q1: horizontal, D = 300, L = 5, g = 20; items (w, h) = (40, 140), (60, 150), (30, 100)
    /// (cross = h). Quirks on: pack with P = L = 5: 300 → 155, 150 ≤ 155 → 0, 100 > 0 → new
    /// column. Column [0,1] complete: gap (300 − 290)/1 = 10 → y 0, 150; thickness 60, so
    /// item 0 at x = (60 − 40)/2 = 10. Column [2] is incomplete (rooms 195 ≠ 0): y 0, at
    /// x = 60 + g 20 = 80. Content (110, 300).
    /// Quirks off: P = g = 20: 300 → 140, 150 > 140 → new column → 130, 100 ≤ 130 → 10.
    /// Column [0] complete, centred y = (300 − 140)/2 = 80, thickness 40; column [1,2] leading:
    /// y 0, 170, starting at x = 40 + L 5 = 45, thickness 60 → item 2 at 45 + 15 = 60.
    @Test func q1HorizontalSpacingSwap() throws {
        let p = FlowParameters(scrollDirection: .horizontal, minimumLineSpacing: 5, minimumInteritemSpacing: 20)
        let sections = [sized([S(40, 140), S(60, 150), S(30, 100)])]
        let v = view(600, 300)
        let on = try prepared(p, sections, v)
        #expect(on.cellFrames(0, v) == [R(10, 0, 40, 140), R(0, 150, 60, 150), R(80, 0, 30, 100)])
        #expect(on.contentSize == S(110, 300))
        var q = p
        q.uikitQuirks = false
        let off = try prepared(q, sections, v)
        #expect(off.cellFrames(0, v) == [R(0, 80, 40, 140), R(45, 0, 60, 150), R(60, 170, 30, 100)])
        #expect(off.contentSize == S(105, 300))
    }

    /// Q1 leaves vertical mixed sections alone: vertical, L = 5, g = 20, widths 140, 150:
    /// packing uses g: 300 → 140, 150 > 140 → two lines, both single → centred.
    @Test func q1NotInVertical() throws {
        let p = FlowParameters(minimumLineSpacing: 5, minimumInteritemSpacing: 20)
        let f = try prepared(p, [sized([S(140, 40), S(150, 40)])], v300)
        #expect(f.cellFrames(0, v300) == [R(80, 0, 140, 40), R(75, 45, 150, 40)])
    }

    /// Q3: (0,0), (0,0) then three 50×50 in D = 320: the leading zeros are ignored, the
    /// section is uniform (k = 5, pitch 67.5) and all five items are laid out at 50×50.
    /// Quirks off: mixed; one incomplete line, leading with gap 10: x = 0, 10, 20, 80, 140;
    /// thickness 50, so the zero items sit at y = (50 − 0)/2 = 25.
    @Test func q3LeadingZeroSizedItems() throws {
        let sections = [sized([S(0, 0), S(0, 0), S(50, 50), S(50, 50), S(50, 50)])]
        let on = try prepared(FlowParameters(), sections)
        #expect(on.cellFrames(0) == [0, 67.5, 135, 202.5, 270].map { R($0, 0, 50, 50) })
        let off = try prepared(FlowParameters(uikitQuirks: false), sections)
        #expect(off.cellFrames(0) == [R(0, 25, 0, 0), R(10, 25, 0, 0), R(20, 0, 50, 50), R(80, 0, 50, 50), R(140, 0, 50, 50)])
    }

    /// Q3 only skips *leading* zeros: 50×50, 0×0, 50×50 is mixed even with quirks on:
    /// x = 0, 60, 70 (leading, gap 10), the zero item centred at y 25.
    /// All-zero sections are uniform at 0×0: k = floor(330/10) = 33, pitch 0 + 320/32 = 10.
    @Test func q3LaterZeroMakesMixed() throws {
        let f = try prepared(FlowParameters(), [sized([S(50, 50), S(0, 0), S(50, 50)])])
        #expect(f.cellFrames(0) == [R(0, 0, 50, 50), R(60, 25, 0, 0), R(70, 0, 50, 50)])
        let zeros = try prepared(FlowParameters(), [sized([S(0, 0), S(0, 0), S(0, 0)])])
        #expect(zeros.cellFrames(0) == [R(0, 0, 0, 0), R(10, 0, 0, 0), R(20, 0, 0, 0)])
        #expect(zeros.contentSize == S(320, 0))
    }

    /// Mixed sections take per-section overrides and nil sizes: the section's itemSize
    /// (80×30) fills in for item 1; interitem 0 → widths 100, 80, 120 fill A = 300 exactly:
    /// one line [0,1,2] with room 0, last line, not single, one line → incomplete → leading,
    /// x = 0, 100, 180; thickness 40 → item 1 at y (40 − 30)/2 = 5.
    @Test func mixedWithOverridesAndDefaults() throws {
        let overrides: [String: ParameterValue] = ["itemSize": .size(S(80, 30)), "minimumInteritemSpacing": .number(0)]
        let f = try prepared(FlowParameters(), [sized([S(100, 40), nil, S(120, 40)], overrides)], v300)
        #expect(f.cellFrames(0, v300) == [R(0, 0, 100, 40), R(100, 5, 80, 30), R(180, 0, 120, 40)])
    }

    /// R11: negative spacing is allowed and goes through the same arithmetic. g = −20,
    /// widths 200, 110: 300 → 120, 110 ≤ 120 → one line, leading with gap −20: x 0, 180.
    @Test func negativeSpacingOverlaps() throws {
        let f = try prepared(FlowParameters(minimumInteritemSpacing: -20), [sized([S(200, 40), S(110, 40)])], v300)
        #expect(f.cellFrames(0, v300).map(\.minX) == [0, 180])
    }
}
