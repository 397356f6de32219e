import Testing
import LayoutEngine

/// Self-sizing (estimatedItemSize, UICollectionViewFlowLayout.automaticSize simplified):
/// items that give no size are laid out at the estimate; items that give one (the sizes
/// clients report) use it.
@Suite struct FlowSelfSizingTests {
    /// A section by count becomes a uniform grid of the estimate, not of itemSize.
    /// D = 320, estimate 100 × 40, g = L = 10: k = floor(330/110) = 3, pitch
    /// 100 + (320 − 300)/2 = 110, so x = 0, 110, 220; lines 40 + 10 = 50 apart. Seven items:
    /// item 6 alone on line 2 at (0, 100), keeping the grid (R5.3). Body 3·40 + 2·10 = 140.
    @Test func countedSectionUsesTheEstimate() throws {
        let p = FlowParameters(itemSize: S(50, 50), estimatedItemSize: S(100, 40))
        let f = try prepared(p, [counted(7)])
        #expect(
            f.cellFrames(0) == [
                R(0, 0, 100, 40), R(110, 0, 100, 40), R(220, 0, 100, 40),
                R(0, 50, 100, 40), R(110, 50, 100, 40), R(220, 50, 100, 40),
                R(0, 100, 100, 40)
            ])
        #expect(f.contentSize == S(320, 140))
        if let itemSize = f._uniformItemSize(section: 0) {
            #expect(itemSize == S(100, 40))
        } else {
            Issue.record("expected a uniform section")
        }
        // Without the estimate: the 50 × 50 grid, five per line.
        let plain = try prepared(FlowParameters(itemSize: S(50, 50)), [counted(7)])
        #expect(plain.frame(0, 6) == R(67.5, 60, 50, 50))
    }

    /// Reported sizes and estimates mixed. D = 320, g = L = 10, estimate 100 × 40; items
    /// 150×60 (reported), est, est, 80×30 (reported).
    /// Line 0: room 320 → 160 → 50; item 2 (100) does not fit. Complete, S = 250, gap 70:
    /// x = 0, 220; thickness 60, item 1 centred at y = 10.
    /// Line 1 at 60 + 10 = 70: room 320 → 210 → 120 ≠ 50, so incomplete (R6.2): leading with
    /// gap 10, x = 0, 110; thickness 40, item 3 at y = 70 + 5.
    @Test func reportedSizesAndEstimatesMix() throws {
        let p = FlowParameters(estimatedItemSize: S(100, 40))
        let f = try prepared(p, [sized([S(150, 60), nil, nil, S(80, 30)])])
        #expect(f.cellFrames(0) == [R(0, 0, 150, 60), R(220, 10, 100, 40), R(0, 70, 100, 40), R(110, 75, 80, 30)])
        #expect(f.contentSize == S(320, 110))
    }

    /// R3 compares the sizes items are laid out at: reported sizes equal to the estimate
    /// keep a section uniform, laid out as by count.
    @Test func reportedSizesEqualToTheEstimateStayUniform() throws {
        let p = FlowParameters(estimatedItemSize: S(100, 40))
        let f = try prepared(p, [sized([nil, S(100, 40), nil, S(100, 40)])])
        if f._uniformItemSize(section: 0) == nil { Issue.record("expected a uniform section") }
        #expect(f.cellFrames(0) == (try prepared(p, [counted(4)])).cellFrames(0))
    }

    /// The estimate is layout-wide: it replaces a section's own itemSize too (UIKit has no
    /// per-section item size; the delegate's sizes are what clients report).
    @Test func theEstimateReplacesASectionsItemSize() throws {
        let p = FlowParameters(estimatedItemSize: S(100, 40))
        let f = try prepared(p, [counted(2, ["itemSize": .size(S(70, 20))])])
        #expect(f.cellFrames(0) == [R(0, 0, 100, 40), R(110, 0, 100, 40)])
        // Its override is still checked.
        #expect(
            prepareError(p, [counted(2, ["itemSize": .size(S(-70, 20))])])?.field
                == "dataSource.sections[0].layout.itemSize")
    }

    /// R11 for the estimate: finite and non-negative; zero is allowed.
    @Test func estimateIsValidated() throws {
        for bad in [S(-1, 40), S(100, -0.5), S(.nan, 40), S(100, .infinity)] {
            let error = prepareError(FlowParameters(estimatedItemSize: bad), [counted(3)])
            #expect(error?.field == "layout.estimatedItemSize", "\(bad)")
        }
        #expect(prepareError(FlowParameters(estimatedItemSize: S(0, 0)), [counted(3)]) == nil)
        #expect(prepareError(FlowParameters(estimatedItemSize: nil), [counted(3)]) == nil)
    }

    /// Once every item's size is reported, the layout is exactly the explicit-size layout,
    /// whatever the estimate: random layouts of both directions, quirks on and off.
    @Test func everySizeReportedEqualsExplicitLayout() throws {
        var rng = SeededRandom(seed: 0x5E1F)
        for caseIndex in 0..<200 {
            let c = FlowPropertyTests.randomCase(&rng)
            let reported: [SectionData] = c.sections.map { s in
                sized(
                    (0..<s.itemCount).map { i in
                        s.size(at: i) ?? S(Double(rng.int(0...120)) + rng.pick([0, 0.5]), Double(rng.int(0...80)))
                    }, s.overrides.values)
            }
            var estimating = c.parameters
            estimating.estimatedItemSize = rng.pick([S(60, 30), S(0, 0), S(100.5, 44), S(400, 10)])
            var explicit = c.parameters
            explicit.estimatedItemSize = nil
            let a = try prepared(estimating, reported, c.view)
            let b = try prepared(explicit, reported, c.view)
            #expect(
                FlowUpdateTests.same(a.elements(in: nil, view: c.view), b.elements(in: nil, view: c.view)),
                "case \(caseIndex)")
            #expect(a.contentSize == b.contentSize, "case \(caseIndex)")
        }
    }

    /// The self-sizing pass as a client drives it: everything laid out at the estimate, then
    /// sizes reported a few at a time as batch updates (the reported items touched, the
    /// items before them unchanged). Every update equals a fresh prepare, and the last is
    /// the explicit-size layout. D = 320, estimate 80 × 40, 300 items.
    @Test func reportingSizesByUpdates() throws {
        var rng = SeededRandom(seed: 77)
        var p = FlowParameters(estimatedItemSize: S(80, 40))
        p.sectionHeadersPinToVisibleBounds = true
        p.headerReferenceSize = S(0, 20)
        let layout = FlowLayout(p)
        let actual = (0..<300).map { _ in S(Double(rng.int(30...150)), Double(rng.int(20...90))) }
        var items: [Size?] = Array(repeating: nil, count: 300)
        var current = try layout.prepareFlow(DataSource(sections: [counted(5), sized(items)]), view: view(320, 480))
        var next = 0
        while next < 300 {
            let batch = min(300, next + rng.int(1...40))
            // Report a visible range, or now and then one item further on.
            for i in next..<batch { items[i] = actual[i] }
            let sections = [counted(5), sized(items)]
            let hint = LayoutUpdateHint(unchangedSourceSection: [0, nil], unchangedPrefix: [0, next])
            let updated = try current.updatedFlow(to: DataSource(sections: sections), hint: hint, view: view(320, 480))
            let fresh = try layout.prepareFlow(DataSource(sections: sections), view: view(320, 480))
            guard
                FlowUpdateTests.expectSame(
                    updated, fresh, sections: sections, view: view(320, 480), &rng,
                    "reported up to \(batch)")
            else { return }
            current = updated
            next = batch
        }
        var plain = p
        plain.estimatedItemSize = nil
        let explicit = try FlowLayout(plain).prepareFlow(
            DataSource(sections: [counted(5, ["itemSize": .size(S(80, 40))]), sized(actual)]), view: view(320, 480))
        #expect(
            FlowUpdateTests.same(
                current.elements(in: nil, view: view(320, 480)),
                explicit.elements(in: nil, view: view(320, 480))))
    }
}
