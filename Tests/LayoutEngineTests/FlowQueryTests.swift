import Testing
import LayoutEngine

/// R11 validation, R14 rect queries, R15 order, single-element queries, invalidation and
/// targetContentOffset.
@Suite struct FlowQueryTests {
    // MARK: R11

    @Test func r11RejectsNegativeItemSizes() {
        let e = prepareError(FlowParameters(), [counted(1), sized([S(10, 10), S(10, 10), S(-1, 10)])])
        #expect(e == LayoutError(field: "dataSource.sections[1].items[2].size", message: "negative width"))
        let h = prepareError(FlowParameters(), [sized([S(10, -3)])])
        #expect(h == LayoutError(field: "dataSource.sections[0].items[0].size", message: "negative height"))
        let inf = prepareError(FlowParameters(), [sized([S(.infinity, 3)])])
        #expect(inf?.field == "dataSource.sections[0].items[0].size")
    }

    @Test func r11RejectsNegativeLayoutValues() {
        #expect(
            prepareError(FlowParameters(itemSize: S(-50, 50)), [counted(1)])
                == LayoutError(field: "layout.itemSize", message: "negative width"))
        #expect(prepareError(FlowParameters(headerReferenceSize: S(0, -1)), [])?.field == "layout.headerReferenceSize")
        #expect(prepareError(FlowParameters(footerReferenceSize: S(-1, 0)), [])?.field == "layout.footerReferenceSize")
        #expect(
            prepareError(FlowParameters(), [counted(1), counted(2, ["itemSize": .size(S(5, -5))])])
                == LayoutError(field: "dataSource.sections[1].layout.itemSize", message: "negative height"))
        #expect(
            prepareError(FlowParameters(), [counted(1, ["footerReferenceSize": .size(S(0, -5))])])?.field
                == "dataSource.sections[0].layout.footerReferenceSize")
        #expect(
            prepareError(FlowParameters(), [counted(1, ["minimumLineSpacing": .string("x")])])
                == LayoutError(field: "dataSource.sections[0].layout.minimumLineSpacing", message: "expected a number"))
        #expect(
            prepareError(FlowParameters(), [], view(-1, 480))
                == LayoutError(field: "view.bounds", message: "negative width"))
        #expect(prepareError(FlowParameters(), [], view(320, 480, scale: -2))?.field == "view.scale")
    }

    /// Negative spacing, insets and unknown override keys are accepted (R11); an error is
    /// still raised when D ≤ 0 lays nothing out.
    @Test func r11AcceptsNegativeSpacingAndInsets() {
        let p = FlowParameters(
            minimumLineSpacing: -5, minimumInteritemSpacing: -5,
            sectionInset: EdgeInsets(all: -10))
        #expect(prepareError(p, [counted(3, ["columnCount": .number(2)])]) == nil)
        #expect(prepareError(FlowParameters(), [sized([S(-1, 1)])], view(0, 480)) != nil)
    }

    // MARK: R14

    /// Default grid of 7 (x 0…50, 67.5…117.5, …; lines y 0…50 and 60…110), header 30 on top
    /// (so lines at 30…80, 90…140).
    func grid() throws -> PreparedFlowLayout {
        try prepared(FlowParameters(headerReferenceSize: S(0, 30)), [counted(7)])
    }

    /// Closed rectangles: x 50…67.5 touches item 0's right edge and item 1's left edge, so
    /// both come back (and items 5, 6 below them: the rect spans y 31…140, clear of the
    /// header); x 51…67 sits in the gap and meets none. Along the scroll axis, y 80…90
    /// touches both lines.
    @Test func r14SharedEdgesCount() throws {
        let f = try grid()
        #expect(f.names(in: R(50, 31, 17.5, 109)) == ["c0.0", "c0.1", "c0.5", "c0.6"])
        #expect(f.names(in: R(51, 31, 16, 10)) == [])
        #expect(f.names(in: R(0, 80, 320, 10)) == (0..<7).map { "c0.\($0)" })
    }

    /// A zero-width or zero-height rect returns no cells, even inside one, but headers that
    /// touch it come back.
    @Test func r14EmptyRectReturnsNoCells() throws {
        let f = try grid()
        #expect(f.names(in: R(10, 0, 0, 200)) == ["h0"])
        #expect(f.names(in: R(10, 40, 0, 20)) == [])
        #expect(f.names(in: R(0, 30, 100, 0)) == ["h0"]) // the header's bottom edge
        #expect(f.names(in: R(0, 0, 0, 0)) == ["h0"]) // its corner
    }

    @Test func r14NilRectAndNegativeRect() throws {
        let f = try grid()
        #expect(f.names(in: nil) == (0..<7).map { "c0.\($0)" } + ["h0"])
        #expect(f.names(in: R(0, 0, -1, 100)) == [])
        #expect(f.names(in: R(-1000, -1000, 100, 100)) == [])
    }

    // MARK: R15

    /// All cells (section, item order), then all headers, then all footers.
    @Test func r15Order() throws {
        let p = FlowParameters(headerReferenceSize: S(0, 20), footerReferenceSize: S(0, 10))
        let f = try prepared(p, [counted(2), sized([S(10, 10), S(20, 10)]), counted(1)])
        let expected = ["c0.0", "c0.1", "c1.0", "c1.1", "c2.0", "h0", "h1", "h2", "f0", "f1", "f2"]
        #expect(f.names(in: nil) == expected)
        #expect(f.names(in: R(0, 0, 320, 10_000)) == expected)
        #expect(f.elements(in: nil, view: view(320, 480)).filter { $0.category != .cell }.allSatisfy { $0.indexPath.item == 0 })
    }

    // MARK: Single elements

    @Test func singleElementQueries() throws {
        let f = try prepared(FlowParameters(headerReferenceSize: S(0, 30)), [counted(2), counted(1)])
        #expect(f.frame(0, 1) == R(67.5, 30, 50, 50))
        #expect(f.frame(0, 2) == nil && f.frame(2, 0) == nil && f.frame(-1, 0) == nil && f.frame(0, -1) == nil)
        #expect(f.header(1) == R(0, 80, 320, 30))
        #expect(f.footer(0) == nil)
        let v = view(320, 480)
        #expect(f.attributesForSupplementaryView(kind: "header", at: IP(0, 1), view: v) == nil)
        #expect(f.attributesForSupplementaryView(kind: "background", at: IP(0, 0), view: v) == nil)
        #expect(f.attributesForDecorationView(kind: "header", at: IP(0, 0), view: v) == nil)
        let h = f.attributesForSupplementaryView(kind: "header", at: IP(0, 0), view: v)
        #expect(h?.category == .supplementary && h?.zIndex == 10 && h?.kind == "header")
    }

    // MARK: Invalidation

    @Test func invalidationOnGeometryChanges() throws {
        let v = view(320, 480)
        let f = try prepared(FlowParameters(), [counted(20)], v)
        func inv(_ new: ViewContext) -> InvalidationContext { f.invalidation(from: v, to: new) }
        // D: cross bounds, cross insets; the empty-bounds rule; the scale; an invalid view.
        #expect(inv(view(321, 480)).invalidatesLayout)
        #expect(inv(view(320, 480, inset: EdgeInsets(top: 0, left: 1, bottom: 0, right: 0))).invalidatesLayout)
        #expect(inv(view(320, 0)).invalidatesLayout)
        #expect(inv(view(320, 480, scale: 2)).invalidatesLayout)
        #expect(inv(view(320, -5)).invalidatesLayout)
        // Nothing else changes geometry without pinning.
        #expect(inv(view(320, 481)) == .none)
        #expect(inv(view(320, 480, offset: Point(x: 3, y: 400))) == .none)
        #expect(inv(view(320, 480, inset: EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))) == .none)
        // Horizontal: D is the height, so a width change does not invalidate.
        let hv = view(480, 320)
        let h = try prepared(FlowParameters(scrollDirection: .horizontal), [counted(20)], hv)
        #expect(h.invalidation(from: hv, to: view(500, 320)) == .none)
        #expect(h.invalidation(from: hv, to: view(480, 300)).invalidatesLayout)
    }

    /// Pinned: the pinned-header fixture of FlowSupplementaryTests (sections at 0, 180, 360;
    /// bounds height 200). Offset 0 → 100: header 0 moves 0 → 100, footer 1 moves 220 → 270;
    /// header 1 (180) and footer 0 (150) stay; section 2 meets neither visible rect.
    /// Offset 100 → 100.1 at scale 2: header 0 rounds to 100 both times, footer 1's
    /// 270.1 too: nothing changed.
    @Test func invalidationListsMovedPinnedElements() throws {
        let p = FlowParameters(
            headerReferenceSize: S(0, 40), footerReferenceSize: S(0, 30),
            sectionHeadersPinToVisibleBounds: true, sectionFootersPinToVisibleBounds: true)
        let v0 = view(320, 200)
        let f = try prepared(p, [counted(10), counted(10), counted(10)], v0)
        let moved = f.invalidation(from: v0, to: view(320, 200, offset: Point(x: 0, y: 100)))
        #expect(!moved.invalidatesLayout && !moved.invalidatesAllAttributes)
        #expect(
            moved.invalidatedElements == [
                ElementKey(category: .supplementary, kind: "header", indexPath: IP(0, 0)),
                ElementKey(category: .supplementary, kind: "footer", indexPath: IP(1, 0))
            ])
        #expect(f.invalidation(from: v0, to: view(320, 200, offset: Point(x: 50, y: 0))) == .none)
        let r2 = view(320, 200, offset: Point(x: 0, y: 100), scale: 2)
        let g = try prepared(p, [counted(10), counted(10), counted(10)], r2)
        #expect(g.invalidation(from: r2, to: view(320, 200, offset: Point(x: 0, y: 100.1), scale: 2)) == .none)
    }

    // MARK: targetContentOffset

    /// Content (320, 540) in bounds 320×200: y ∈ [0, 340]; with insets top 20 / bottom 10:
    /// y ∈ [−20, 540 − 200 + 10 = 350]; x ∈ [0, 320 − 320] = 0. Content shorter than the
    /// bounds pins to the −inset origin.
    @Test func targetContentOffsetClamps() throws {
        let v = view(320, 200)
        let f = try prepared(
            FlowParameters(headerReferenceSize: S(0, 40), footerReferenceSize: S(0, 30)),
            [counted(10), counted(10), counted(10)], v)
        #expect(f.contentSize == S(320, 540))
        #expect(f.targetContentOffset(proposed: Point(x: 30, y: 1000), velocity: .zero, view: v) == Point(x: 0, y: 340))
        #expect(f.targetContentOffset(proposed: Point(x: -5, y: -50), velocity: .zero, view: v) == Point(x: 0, y: 0))
        #expect(f.targetContentOffset(proposed: Point(x: 0, y: 123), velocity: .zero, view: v) == Point(x: 0, y: 123))
        let inset = view(320, 200, inset: EdgeInsets(top: 20, left: 0, bottom: 10, right: 0))
        #expect(f.targetContentOffset(proposed: Point(x: 0, y: -50), velocity: .zero, view: inset) == Point(x: 0, y: -20))
        #expect(f.targetContentOffset(proposed: Point(x: 0, y: 999), velocity: .zero, view: inset) == Point(x: 0, y: 350))
        let short = try prepared(FlowParameters(), [counted(3)], v)
        #expect(short.targetContentOffset(proposed: Point(x: 0, y: 100), velocity: .zero, view: inset) == Point(x: 0, y: -20))
    }
}
