import Testing
import LayoutEngine

/// R8 headers and footers, R12 pinning, R13 rounding.
@Suite struct FlowSupplementaryTests {
    /// R8: section 0 has 3 items, header 30, footer 20, insets top 5 / left 10 / bottom 15 /
    /// right 10 → A = 300, k = floor(310/60) = 5, pitch 50 + (300 − 250)/4 = 62.5: items at
    /// x 10, 72.5, 135, y 30 + 5 = 35. The header ignores the insets: (0, 0, D, 30). Footer at
    /// 30 + 5 + 50 + 15 = 100 → section length 120. Section 1 overrides the header to (320, 0)
    /// (along 0 → absent) and has no items: 5 + 15 + footer 20 → footer at 120 + 20 = 140.
    @Test func r8Vertical() throws {
        let p = FlowParameters(
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 15, right: 10),
            headerReferenceSize: S(999, 30), footerReferenceSize: S(1, 20))
        let f = try prepared(p, [counted(3), counted(0, ["headerReferenceSize": .size(S(320, 0))])])
        #expect(f.cellFrames(0) == [R(10, 35, 50, 50), R(72.5, 35, 50, 50), R(135, 35, 50, 50)])
        #expect(f.header(0) == R(0, 0, 320, 30))
        #expect(f.footer(0) == R(0, 100, 320, 20))
        #expect(f.header(1) == nil)
        #expect(f.footer(1) == R(0, 140, 320, 20))
        #expect(f.contentSize == S(320, 160))
    }

    /// R8 horizontal: only the widths count; header (s, 0, 40, D), D = 320. One column of
    /// 3 items at x = 40 (after the header); footer at 40 + 50 = 90, width 25.
    @Test func r8Horizontal() throws {
        let p = FlowParameters(
            scrollDirection: .horizontal, headerReferenceSize: S(40, 999),
            footerReferenceSize: S(25, 0))
        let v = view(480, 320)
        let f = try prepared(p, [counted(3)], v)
        #expect(f.header(0, v) == R(0, 0, 40, 320))
        #expect(f.footer(0, v) == R(90, 0, 25, 320))
        #expect(f.frame(0, 0, v) == R(40, 0, 50, 50))
        #expect(f.contentSize == S(115, 320))
    }

    /// Three sections of 10 items (2 lines, body 110), header 40, footer 30: each 180 long,
    /// starting at 0, 180, 360; natural headers at 0, 180, 360, footers at 150, 330, 510.
    func pinned(_ direction: ScrollDirection = .vertical) throws -> PreparedFlowLayout {
        let p = FlowParameters(
            scrollDirection: direction,
            headerReferenceSize: S(40, 40), footerReferenceSize: S(30, 30),
            sectionHeadersPinToVisibleBounds: true, sectionFootersPinToVisibleBounds: true)
        return try prepared(
            p, [counted(10), counted(10), counted(10)],
            direction == .vertical ? view(320, 200) : view(200, 320))
    }

    /// R12 headers, bounds height 200:
    /// y = 0: V.min 0 → header 0 at 0, header 1 at 180 (natural).
    /// y = 100: header 0 at 100 (100 + 40 + 30 = 170 ≤ 180).
    /// y = 130: 130 + 70 = 200 > 180 → pushed to 180 − 30 − 40 = 110.
    /// y = 200: header 0 stays at 110; header 1 at 200 (270 ≤ 360).
    /// contentInset top 20: V.min = offset + 20; offset 50 → header 0 at 70.
    @Test(arguments: [(0.0, 0.0, 180.0), (100, 100, 180), (130, 110, 180), (200, 110, 200)])
    func r12PinnedHeaders(offset: Double, header0: Double, header1: Double) throws {
        let f = try pinned()
        let v = view(320, 200, offset: Point(x: 0, y: offset))
        #expect(f.header(0, v) == R(0, header0, 320, 40))
        #expect(f.header(1, v) == R(0, header1, 320, 40))
        let h = try pinned(.horizontal)
        let hv = view(200, 320, offset: Point(x: offset, y: 0))
        #expect(h.header(0, hv) == R(header0, 0, 40, 320))
        #expect(h.header(1, hv) == R(header1, 0, 40, 320))
    }

    @Test func r12ContentInsetShiftsVisibleRect() throws {
        let inset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let f = try pinned()
        #expect(f.header(0, view(320, 200, offset: Point(x: 0, y: -20), inset: inset)) == R(0, 0, 320, 40))
        #expect(f.header(0, view(320, 200, offset: Point(x: 0, y: 50), inset: inset)) == R(0, 70, 320, 40))
    }

    /// R12 footers: V.max = offset + 200.
    /// y = 0: footer 0 natural 150 (150 + 30 ≤ 200); footer 1: 200 < 360 → 170, then
    /// 170 − 40 < 180 → 180 + 40 = 220; footer 2 likewise 360 + 40 = 400.
    /// y = 100: V.max 300 → footer 1 at 270 (270 − 40 ≥ 180).
    @Test(arguments: [(0.0, 150.0, 220.0, 400.0), (100, 150, 270, 400), (300, 150, 330, 470)])
    func r12PinnedFooters(offset: Double, f0: Double, f1: Double, f2: Double) throws {
        // y = 300: V.max 500 → footer 1 natural 330; footer 2: 500 < 540 → 470 (470 − 40 ≥ 360).
        let f = try pinned()
        let v = view(320, 200, offset: Point(x: 0, y: offset))
        #expect([f.footer(0, v), f.footer(1, v), f.footer(2, v)] == [R(0, f0, 320, 30), R(0, f1, 320, 30), R(0, f2, 320, 30)])
    }

    /// R12/R14: a pinned header is returned by its pinned frame. Offset 100: header 0 at
    /// 100…140. The rect y 100…110 meets line 2 of section 0 (y 100…150, items 5–9) and
    /// the pinned header, not its natural place 0…40 (met again at offset 0); footers are
    /// not pinned here.
    @Test func r12QueryUsesPinnedFrame() throws {
        let p = FlowParameters(
            headerReferenceSize: S(0, 40), footerReferenceSize: S(0, 30),
            sectionHeadersPinToVisibleBounds: true)
        let v = view(320, 200, offset: Point(x: 0, y: 100))
        let f = try prepared(p, [counted(10), counted(10)], v)
        #expect(f.names(in: R(0, 100, 320, 10), v) == ["c0.5", "c0.6", "c0.7", "c0.8", "c0.9", "h0"])
        // y 0…10: the cells start at 40 and the header has left its natural 0…40.
        #expect(f.names(in: R(0, 0, 320, 10), v) == [])
        #expect(f.names(in: R(0, 0, 320, 10), view(320, 200)) == ["h0"])
    }

    /// R12: zIndex 10 for headers and footers, pinned or not; cells 0.
    @Test func r12ZIndex() throws {
        let f = try pinned()
        for a in f.elements(in: nil, view: view(320, 200)) {
            #expect(a.zIndex == (a.category == .cell ? 0 : 10))
        }
    }

    /// R13: origins snap to 1/scale, halves away from zero; sizes do not.
    /// Default grid x = 67.5, 135, 202.5: scale 2 keeps them; scale 3: 67.5·3 = 202.5 →
    /// 203 → 203/3; 202.5·3 = 607.5 → 608/3. Three 320/3 columns at scale 2: 213.333…·2 =
    /// 426.67 → 427/2 = 213.5, 106.67·2 = 213.33 → 106.5.
    @Test func r13RoundingScales() throws {
        let two = try prepared(FlowParameters(), [counted(5)], view(320, 480, scale: 2))
        #expect(two.cellFrames(0, view(320, 480, scale: 2)).map(\.minX) == [0, 67.5, 135, 202.5, 270])
        let three = try prepared(FlowParameters(), [counted(5)], view(320, 480, scale: 3))
        #expect(three.cellFrames(0).map(\.minX) == [0, 203.0 / 3, 135, 608.0 / 3, 270])
        let c = 320.0 / 3
        let thirds = try prepared(
            FlowParameters(itemSize: S(c, 50.3), minimumInteritemSpacing: 0), [counted(3)],
            view(320, 480, scale: 2))
        #expect(thirds.cellFrames(0) == [R(0, 0, c, 50.3), R(106.5, 0, c, 50.3), R(213.5, 0, c, 50.3)])
    }

    /// R13 halves away from zero: c = 201 in D = 200 (k = 1) centres at −0.5 → scale 1 → −1;
    /// scale 2 keeps −0.5. A mixed item centred at y 2.5 (R7) → 3 at scale 1.
    @Test func r13HalvesAwayFromZero() throws {
        let v1 = view(200, 480, scale: 1)
        #expect(try prepared(FlowParameters(itemSize: S(201, 50)), [counted(1)], v1).frame(0, 0) == R(-1, 0, 201, 50))
        let v2 = view(200, 480, scale: 2)
        #expect(try prepared(FlowParameters(itemSize: S(201, 50)), [counted(1)], v2).frame(0, 0) == R(-0.5, 0, 201, 50))
        let mixed = try prepared(FlowParameters(), [sized([S(100, 45), S(100, 40)])], view(300, 480, scale: 1))
        #expect(mixed.frame(0, 1) == R(110, 3, 100, 40))
    }

    /// R13 after pinning: offset 100.25 → header at 100.25 → ·2 = 200.5 → 201 → 100.5.
    @Test func r13RoundsPinnedHeaders() throws {
        let p = FlowParameters(headerReferenceSize: S(0, 40), sectionHeadersPinToVisibleBounds: true)
        let v = view(320, 200, offset: Point(x: 0, y: 100.25), scale: 2)
        let f = try prepared(p, [counted(30)], v)
        #expect(f.header(0, v) == R(0, 100.5, 320, 40))
    }
}
