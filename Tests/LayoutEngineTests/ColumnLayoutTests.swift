import LayoutEngine
import Testing

@Suite struct ColumnLayoutTests {
    static func heights(_ values: [Double]) -> SectionData {
        SectionData(items: values.map { SectionData.Item(height: $0) })
    }

    static let view100 = ViewContext(bounds: Size(width: 100, height: 300))

    /// Width 100, 4 columns, padding 3: cw = 100/4 = 25, cell width 25 − 6 = 19, cell x =
    /// column·25 + 3. Heights 20, 40, 10, 30, 50, 5 deal round-robin:
    ///   item 0 → col 0: outer y 0, h 20+6 = 26 → cell (3, 3, 19, 20); bottom0 = 26
    ///   item 1 → col 1: outer y 0, h 46          → cell (28, 3, 19, 40); bottom1 = 46
    ///   item 2 → col 2: outer y 0, h 16          → cell (53, 3, 19, 10); bottom2 = 16
    ///   item 3 → col 3: outer y 0, h 36          → cell (78, 3, 19, 30); bottom3 = 36
    ///   item 4 → col 0: outer y 26, h 56         → cell (3, 29, 19, 50); bottom0 = 82
    ///   item 5 → col 1: outer y 46, h 11         → cell (28, 49, 19, 5); bottom1 = 57
    /// Content: (100, tallest bottom 82).
    static let expectedFrames = [
        Rect(x: 3, y: 3, width: 19, height: 20), Rect(x: 28, y: 3, width: 19, height: 40),
        Rect(x: 53, y: 3, width: 19, height: 10), Rect(x: 78, y: 3, width: 19, height: 30),
        Rect(x: 3, y: 29, width: 19, height: 50), Rect(x: 28, y: 49, width: 19, height: 5)
    ]

    @Test func handWorkedSingleSection() throws {
        let prepared = try LayoutsAChecks.prepare(
            ColumnLayout(), DataSource(sections: [Self.heights([20, 40, 10, 30, 50, 5])]),
            view: Self.view100)
        #expect(prepared.contentSize == Size(width: 100, height: 82))
        let elements = prepared.elements(in: nil, view: Self.view100)
        #expect(elements.map(\.frame) == Self.expectedFrames)
        #expect(elements.allSatisfy { $0.category == .cell && $0.zIndex == 0 && $0.alpha == 1 && $0.transform.isIdentity })
    }

    /// Round-robin runs across sections: [1, 0] is item 3 overall, so column 3.
    @Test func roundRobinContinuesAcrossSections() throws {
        let data = DataSource(sections: [Self.heights([20, 40, 10]), Self.heights([30, 50, 5])])
        let prepared = try LayoutsAChecks.prepare(ColumnLayout(), data, view: Self.view100)
        #expect(prepared.contentSize == Size(width: 100, height: 82))
        let elements = prepared.elements(in: nil, view: Self.view100)
        #expect(elements.map(\.frame) == Self.expectedFrames)
        #expect(
            elements.map(\.indexPath) == [
                IndexPath(0, 0), IndexPath(0, 1), IndexPath(0, 2),
                IndexPath(1, 0), IndexPath(1, 1), IndexPath(1, 2)
            ])
        #expect(prepared.attributesForItem(at: IndexPath(1, 0), view: Self.view100)?.frame == Self.expectedFrames[3])
    }

    /// An item without a height uses its size's height; one with neither is rejected.
    @Test func heightComesFromSizeWhenAbsent() throws {
        let section = SectionData(items: [
            SectionData.Item(size: Size(width: 999, height: 20)),
            SectionData.Item(height: 40)
        ])
        let prepared = try LayoutsAChecks.prepare(
            ColumnLayout(.init(numColumns: 2, padding: 0)),
            DataSource(sections: [section]), view: Self.view100)
        // cw = 50, no padding: (0, 0, 50, 20) and (50, 0, 50, 40).
        #expect(
            prepared.elements(in: nil, view: Self.view100).map(\.frame)
                == [Rect(x: 0, y: 0, width: 50, height: 20), Rect(x: 50, y: 0, width: 50, height: 40)])
        #expect(prepared.contentSize == Size(width: 100, height: 40))
    }

    /// The cell is the outer frame inset by padding with CGRectInset's arithmetic:
    /// height (0.1 + 6) − 6 = 0.09999999999999964, not 0.1.
    @Test func insetArithmeticIsCGRectInsets() throws {
        let prepared = try LayoutsAChecks.prepare(
            ColumnLayout(), DataSource(sections: [Self.heights([0.1])]),
            view: Self.view100)
        let frame = try #require(prepared.attributesForItem(at: IndexPath(0, 0), view: Self.view100)).frame
        #expect(frame.height == (0.1 + 6) - 6)
        #expect(prepared.contentSize.height == 0.1 + 6)
    }

    /// A column narrower than two paddings: CGRectInset would return CGRectNull, so the
    /// cell is a zero-width line at the column's centre. Width 4, 2 columns: cw = 2 < 6.
    @Test func columnNarrowerThanPaddingCollapsesToCentre() throws {
        let view = ViewContext(bounds: Size(width: 4, height: 10))
        let prepared = try LayoutsAChecks.prepare(
            ColumnLayout(.init(numColumns: 2)), DataSource(sections: [Self.heights([10, 10])]),
            view: view)
        #expect(
            prepared.elements(in: nil, view: view).map(\.frame)
                == [Rect(x: 1, y: 3, width: 0, height: 10), Rect(x: 3, y: 3, width: 0, height: 10)])
    }

    @Test func emptyDataSourceHasZeroHeight() throws {
        let prepared = try LayoutsAChecks.prepare(
            ColumnLayout(), DataSource(sections: [SectionData(itemCount: 0)]),
            view: Self.view100)
        #expect(prepared.contentSize == Size(width: 100, height: 0))
        #expect(prepared.elements(in: nil, view: Self.view100).isEmpty)
        #expect(prepared.attributesForItem(at: IndexPath(0, 0), view: Self.view100) == nil)
    }

    @Test func invalidatesOnlyOnWidthChange() throws {
        let prepared = try LayoutsAChecks.prepare(ColumnLayout(), DataSource(sections: [Self.heights([1])]), view: Self.view100)
        var taller = Self.view100
        taller.bounds.height = 900
        taller.contentOffset = Point(x: 0, y: 50)
        #expect(!prepared.invalidation(from: Self.view100, to: taller).shouldInvalidate)
        var wider = Self.view100
        wider.bounds.width = 101
        #expect(prepared.invalidation(from: Self.view100, to: wider).invalidatesLayout)
    }

    @Test(arguments: [
        (ColumnLayout.Parameters(numColumns: 0), "layout.numColumns", "must be at least 1"),
        (ColumnLayout.Parameters(numColumns: 10_001), "layout.numColumns", "must be at most 10000"),
        (ColumnLayout.Parameters(padding: -1), "layout.padding", "must not be negative"),
        (ColumnLayout.Parameters(padding: .infinity), "layout.padding", "must be a finite number")
    ])
    func rejectsParameters(parameters: ColumnLayout.Parameters, field: String, message: String) {
        let error = LayoutsAChecks.error(ColumnLayout(parameters), DataSource(sections: [Self.heights([1])]), view: Self.view100)
        #expect(error == LayoutError(field: field, message: message))
    }

    @Test func rejectsItemData() {
        let missing = DataSource(sections: [Self.heights([1]), SectionData(items: [.init(height: 2), .init()])])
        #expect(
            LayoutsAChecks.error(ColumnLayout(), missing, view: Self.view100)
                == LayoutError(
                    field: "dataSource.sections[1].items[1].height",
                    message: "is required: the column layout stacks items by their height"))
        let countOnly = DataSource(sections: [SectionData(itemCount: 3)])
        #expect(LayoutsAChecks.error(ColumnLayout(), countOnly, view: Self.view100)?.field == "dataSource.sections[0].items[0].height")
        let negative = DataSource(sections: [Self.heights([1, -2])])
        #expect(
            LayoutsAChecks.error(ColumnLayout(), negative, view: Self.view100)
                == LayoutError(field: "dataSource.sections[0].items[1].height", message: "must not be negative"))
        let negativeSize = DataSource(sections: [SectionData(items: [.init(size: Size(width: 1, height: -1))])])
        #expect(
            LayoutsAChecks.error(ColumnLayout(), negativeSize, view: Self.view100)?.field
                == "dataSource.sections[0].items[0].size.height")
        let badView = ViewContext(bounds: Size(width: -1, height: 10))
        #expect(LayoutsAChecks.error(ColumnLayout(), DataSource(sections: []), view: badView)?.field == "view.bounds.width")
    }

    /// Random heights, column counts, paddings and widths: queries agree with brute force.
    @Test func queriesMatchBruteForce() throws {
        var random = SeededRandom(seed: 0xC0_1A)
        for _ in 0..<40 {
            let sections = (0..<random.int(0...4)).map { _ in
                Self.heights(
                    (0..<random.int(0...60)).map { _ in
                        random.chance(0.1) ? 0 : (random.double(in: 1...200) * 4).rounded() / 4
                    })
            }
            let layout = ColumnLayout(.init(numColumns: random.int(1...7), padding: Double(random.int(0...6))))
            let view = ViewContext(bounds: Size(width: Double(random.int(0...500)), height: 600))
            let prepared = try LayoutsAChecks.prepare(layout, DataSource(sections: sections), view: view)
            let all = prepared.elements(in: nil, view: view)
            #expect(all.count == sections.reduce(0) { $0 + $1.itemCount })
            #expect(prepared.contentSize.height == (all.map { $0.frame.maxY + layout.parameters.padding }.max() ?? 0))
            LayoutsAChecks.checkQueries(
                prepared, view: view,
                rects: LayoutsAChecks.randomRects(15, over: prepared.contentSize, random: &random),
                random: &random)
        }
    }
}
