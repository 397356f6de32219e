import Testing
import LayoutEngine

// Edges of the original's algorithm that its own suite does not reach, and the engine's
// mapping (sections, rejections, view, scale). "reference": captured from the original
// flickr/justified-layout 4.1 run on node, pasted as literals (exact doubles).

@Suite("Justified layout: edges of the algorithm")
struct JustifiedAlgorithmEdgeTests {
    typealias P = JustifiedLayout.Parameters

    // MARK: The tolerance band (containerWidth 420, target 100: W/T = 4, band [3, 5])

    @Test func aRowExactlyAtTheBandsLowEdgeCompletes() throws {
        // 1 + 1 + 1 = 3 is not below 3: the row completes at (400 − 20)/3.
        let l = try Justified.layout([1, 1, 1], P(containerWidth: 420, targetRowHeight: 100))
        #expect(l.widowCount == 0)
        #expect(
            l.frames == [
                box(10, 10, 126.66666666666667, 126.66666666666667),
                box(146.66666666666669, 10, 126.66666666666667, 126.66666666666667),
                box(283.33333333333337, 10, 126.66666666666667, 126.66666666666667)
            ])
        #expect(l.containerHeight == 146.66666666666669)
    }

    @Test func aRowExactlyAtTheBandsHighEdgeCompletes() throws {
        // 2 + 3 = 5 is not above 5: within the band, at (400 − 10)/5 = 78.
        let l = try Justified.layout([2, 3], P(containerWidth: 420, targetRowHeight: 100))
        #expect(l.frames == [box(10, 10, 156, 78), box(176, 10, 234, 78)])
        #expect(l.containerHeight == 98)
    }

    @Test func oneUlpAboveTheHighEdgeTheNearerRowWins() throws {
        // 2 + 3.0000000000000004 is above 5: |5.0000000000000004 − 3.9| < |2 − 4|, so the item
        // is kept. (reference)
        let l = try Justified.layout([2, 3.0000000000000004, 1], P(containerWidth: 420, targetRowHeight: 100))
        #expect(l.frames == [box(10, 10, 156, 78), box(176, 10, 234.00000000000003, 78), box(10, 98, 78, 78)])
        #expect(l.widowCount == 1)
    }

    @Test func aNegativeToleranceIsUsedAsGiven() throws {
        // Band [3.575, 2.925] (inverted): the original accepts it, and so do we. (reference)
        let l = try Justified.layout([1, 1, 1, 1, 1], P(targetRowHeightTolerance: -0.1))
        #expect(
            l.frames == [
                box(10, 10, 340, 340), box(360, 10, 340, 340), box(710, 10, 340, 340),
                box(10, 360, 340, 340), box(360, 360, 340, 340)
            ])
        #expect(l.widowCount == 2)
    }

    // MARK: Clamping to [0.5, 2]·target

    @Test func aRowTooTallIsClampedAndWidened() throws {
        // 1.18… alone is refused the panorama after it and would be 1040/1.18 ≈ 878 high:
        // clamped to 640 and widened back to 1040. The panorama then fills its own row.
        // (reference)
        let l = try Justified.layout([1.1844066756311804, 4.329047446139157])
        #expect(l.frames == [box(10, 10, 1040, 640), box(10, 660, 1040, 240.23760721946343)])
        #expect(l.containerHeight == 910.2376072194634)
    }

    @Test func aRowTooShortIsClampedToHalfTheTarget() throws {
        // The panorama 9 would be 1040/9 ≈ 116 high: clamped to 160, 1040 wide.
        let l = try Justified.layout([0.5, 9])
        #expect(l.frames == [box(10, 10, 1040, 640), box(10, 660, 1040, 160)])
        #expect(l.containerHeight == 830)
    }

    // MARK: A refused item

    @Test func aRefusedItemThatFillsARowAloneCompletesItAtOnce() throws {
        // [1, 1] refuses 5 (|7 − 1020/320| > |2 − 1030/320|) and completes at 1030/2 = 515;
        // 5 starts the next row and, a panorama, completes it alone at 1040/5 = 208; the last
        // square is a widow at 208.
        let l = try Justified.layout([1, 1, 5, 1])
        #expect(
            l.frames == [
                box(10, 10, 515, 515), box(535, 10, 515, 515),
                box(10, 535, 1040, 208), box(10, 753, 208, 208)
            ])
        #expect(l.containerHeight == 971)
        // The row limit is checked after that row too.
        let limited = try Justified.layout([1, 1, 5, 1], P(maxNumRows: 2))
        #expect(limited.frames == Array(l.frames.prefix(3)))
        #expect(limited.containerHeight == 753)
        #expect(limited.widowCount == 0)
    }

    @Test func aRefusedItemAfterTheLastAllowedRowIsDropped() throws {
        // 4 is refused by [1, 1]; that row is the only one allowed, so 4 and the rest are out.
        let l = try Justified.layout([1, 1, 4, 1], P(maxNumRows: 1))
        #expect(l.frames == [box(10, 10, 515, 515), box(535, 10, 515, 515)])
        #expect(l.containerHeight == 535)
    }

    // MARK: maxNumRows

    @Test func maxNumRowsZeroActsAsOne() throws {
        let l = try Justified.layout([1, 1, 1, 1, 1, 1, 1], P(maxNumRows: 0))
        #expect(l.frames.count == 3)
        #expect(l.containerHeight == 360)
    }

    @Test func aFractionalMaxNumRowsRoundsUp() throws {
        // Rows are compared with `>=`: after row 1, 1 < 1.5; after row 2, 2 ≥ 1.5.
        let l = try Justified.layout([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], P(containerWidth: 600, maxNumRows: 1.5))
        #expect(l.frames == [box(10, 10, 285, 285), box(305, 10, 285, 285), box(10, 305, 285, 285), box(305, 305, 285, 285)])
        #expect(l.containerHeight == 600)
    }

    // MARK: Breakout rows

    @Test func aBreakoutRowWhoseFirstItemIsPortraitIsAnOrdinaryRow() throws {
        // Cadence 1: every row is a breakout row. Row 1 starts with 0.8 (portrait) and is
        // laid out as usual; the squares and 1.5 after it each fill a row, clamped to 640.
        let l = try Justified.layout([0.8, 1.2, 1, 1, 1, 1.5, 1], P(fullWidthBreakoutRowCadence: 1))
        #expect(
            l.frames == [
                box(10, 10, 272, 340), box(292, 10, 408, 340), box(710, 10, 340, 340),
                box(10, 360, 1040, 640), box(10, 1010, 1040, 640),
                box(10, 1660, 1040, 640), box(10, 2310, 1040, 640)
            ])
        #expect(l.containerHeight == 2960)
    }

    @Test func theWidowAfterABreakoutRowTakesTheTargetNotTheRowHeight() throws {
        // Row 2 is the breakout 2 at 1040/2 = 520; the widow 0.7 is 300 (the target) high.
        let l = try Justified.layout([1, 1, 1, 2, 0.7], P(targetRowHeight: 300, fullWidthBreakoutRowCadence: 2))
        #expect(l.frames.suffix(2) == [box(10, 360, 1040, 520), box(10, 890, 210, 300)])
        #expect(l.containerHeight == 1200)
    }

    @Test func cadenceUsesJavaScriptsRemainder() throws {
        let squares = [Double](repeating: 1, count: 17)
        // 1.5: rows 3, 6, 9 … are breakout rows (3 % 1.5 == 0). (reference)
        let fractional = try Justified.layout(squares, P(fullWidthBreakoutRowCadence: 1.5))
        #expect(fractional.frames[6] == box(10, 710, 1040, 640))
        #expect(fractional.frames[13] == box(10, 2060, 1040, 640))
        #expect(fractional.containerHeight == 3060)
        // 0: n % 0 is NaN, never 0: no breakout rows.
        let zero = try Justified.layout(Array(squares.prefix(7)), P(fullWidthBreakoutRowCadence: 0))
        #expect(zero.frames == (try Justified.layout(Array(squares.prefix(7)))).frames)
        #expect(zero.containerHeight == 1060)
        // −3 acts as 3.
        let negative = try Justified.layout(Array(squares.prefix(8)), P(fullWidthBreakoutRowCadence: -3))
        #expect(negative.frames[6] == box(10, 710, 1040, 640))
        #expect(negative.containerHeight == 1690)
    }

    // MARK: forceAspectRatio

    @Test func forceAspectRatioZeroIsFalse() throws {
        let l = try Justified.layout([2, 2, 2, 2], P(forceAspectRatio: 0))
        #expect(
            l.frames == [
                box(10, 10, 515, 257.5), box(535, 10, 515, 257.5),
                box(10, 277.5, 515, 257.5), box(535, 277.5, 515, 257.5)
            ])
        let extras = l.attributesForItem(at: IndexPath(0, 0), view: ViewContext())?.extras
        #expect(extras?.map(\.key) == ["aspectRatio"])
        #expect(extras?.first?.value == .number(2))
    }

    @Test func aForcedRatioReadsNoItemData() throws {
        // The original overwrites every ratio before checking any: bad items pass, and so
        // does a section that gives only a count. (reference)
        let expected = [box(10, 10, 515, 343.3333333333333), box(535, 10, 515, 343.3333333333333)]
        let bad = try Justified.layout([.nan, -1], P(forceAspectRatio: 1.5))
        #expect(bad.frames == expected)
        let counted = try Justified.layout(DataSource(sections: [SectionData(itemCount: 2)]), P(forceAspectRatio: 1.5))
        #expect(counted.frames == expected)
        #expect(counted.containerHeight == 363.3333333333333)
        let extras = try #require(counted.attributesForItem(at: IndexPath(0, 1), view: ViewContext())).extras
        #expect(extras.map(\.value) == [.number(1.5), .number(1)])
    }

    // MARK: Rounding of the justification error

    @Test func halvesRoundUpAsInJavaScript() throws {
        // Two widows justified at the target 256 (no tolerance keeps them open): 512 and
        // 518.5 wide, the error per item is 0.25; cumulatively rounded 0 and Math.round(0.5)
        // = 1 (half-to-even would give 0): the second loses one unit.
        let up = try Justified.layout(
            [2, 2.025390625],
            P(
                targetRowHeight: 256, targetRowHeightTolerance: 0,
                widowLayoutStyle: .justify))
        #expect(up.frames == [box(10, 10, 512, 256), box(532, 10, 517.5, 256)])
        // −0.25 per item: Math.round(−0.5) is −0 (half-away-from-zero would give −1).
        let down = try Justified.layout(
            [2, 2.021484375],
            P(
                targetRowHeight: 256, targetRowHeightTolerance: 0,
                widowLayoutStyle: .justify))
        #expect(down.frames == [box(10, 10, 512, 256), box(532, 10, 517.5, 256)])
    }

    @Test func javaScriptRoundMatchesMathRound() {
        let cases: [(Double, Double)] = [
            (0.5, 1), (1.5, 2), (2.5, 3), (-0.5, -0.0), (-1.5, -1), (-2.5, -2), (-2.6, -3),
            (0.49999999999999994, 0), (-0.49999999999999994, -0.0), (4_503_599_627_370_497, 4_503_599_627_370_497),
            (-4_503_599_627_370_497, -4_503_599_627_370_497), (-0.0, -0.0), (0.0, 0.0), (1e300, 1e300)
        ]
        for (x, expected) in cases {
            let r = _javaScriptRound(x)
            #expect(r == expected && r.sign == expected.sign, "Math.round(\(x))")
        }
        #expect(_javaScriptRound(.nan).isNaN)
        #expect(_javaScriptRound(.infinity) == .infinity)
    }

    // MARK: The original's documentation example

    @Test func theReadmeExample() throws {
        // The README shows 1269 for the height; 4.1 itself returns 1268.619325801832. (reference)
        let l = try Justified.layout([0.5, 1.5, 1, 1.8, 0.4, 0.7, 0.9, 1.1, 1.7, 2, 2.1])
        #expect(
            l.frames == [
                box(10, 10, 170, 340), box(190, 10, 510, 340), box(710, 10, 340, 340),
                box(10, 360, 633.103448275862, 351.7241379310344),
                box(653.103448275862, 360, 140.68965517241378, 351.7241379310344),
                box(803.7931034482758, 360, 246.20689655172407, 351.7241379310344),
                box(10, 721.7241379310344, 248.10810810810813, 275.6756756756757),
                box(268.1081081081081, 721.7241379310344, 303.2432432432433, 275.6756756756757),
                box(581.3513513513515, 721.7241379310344, 468.64864864864865, 275.6756756756757),
                box(10, 1007.39981360671, 502.43902439024396, 251.21951219512198),
                box(522.439024390244, 1007.39981360671, 527.5609756097562, 251.21951219512198)
            ])
        #expect(l.containerHeight == 1268.619325801832)
        #expect(l.widowCount == 0)
    }

    @Test func justifiedWidowsOfSeveralItems() throws {
        // (reference)
        let l = try Justified.layout([1.3, 0.7, 1.1, 0.9, 0.6, 0.77], P(widowLayoutStyle: .justify))
        #expect(
            l.frames.suffix(3) == [
                box(10, 349.0322580645161, 387.1290322580645, 329.0322580645161),
                box(407.1290322580645, 349.0322580645161, 288.41935483870964, 329.0322580645161),
                box(705.5483870967741, 349.0322580645161, 344.35483870967744, 329.0322580645161)
            ])
        #expect(l.containerHeight == 688.0645161290322)
    }

    // MARK: Empty input

    @Test func anEmptySectionIsItsPaddingLessOneSpacing() throws {
        let l = try Justified.layout([])
        #expect(l.frames.isEmpty)
        #expect(l.containerHeight == 10) // 10 − 10 + 10, as the original
        #expect(l.widowCount == 0)
        let padded = try Justified.layout(
            [],
            P(
                containerPadding: .sides(top: 7, right: 0, bottom: 5, left: 0),
                boxSpacing: .axes(horizontal: 1, vertical: 3)))
        #expect(padded.containerHeight == 9)
    }

    @Test func noSectionsIsNoContent() throws {
        let l = try Justified.layout(DataSource(sections: []))
        #expect(l.contentSize == Size(width: 1060, height: 0))
        #expect(l.elements(in: Rect(x: 0, y: 0, width: 2000, height: 2000), view: ViewContext()).isEmpty)
        #expect(l.info.map(\.value) == [0, 0])
    }
}
