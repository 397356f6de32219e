import LayoutEngine
import Testing

@Suite struct WaterfallLayoutTests {
    static func sizes(_ pairs: [(Double, Double)], overrides: [String: ParameterValue] = [:]) -> SectionData {
        SectionData(
            items: pairs.map { SectionData.Item(size: Size(width: $0.0, height: $0.1)) },
            overrides: SectionOverrides(overrides))
    }

    static func view(_ width: Double, scale: Double = 0) -> ViewContext {
        ViewContext(bounds: Size(width: width, height: 500), scale: scale)
    }

    static func frames(_ prepared: any PreparedLayout, _ view: ViewContext, _ category: ElementCategory = .cell) -> [Rect] {
        prepared.elements(in: nil, view: view).filter { $0.category == category }.map(\.frame)
    }

    /// Defaults (2 columns, spacing 10, interitem 10), width 320, no scale:
    /// itemWidth = (320 − 1·10)/2 = 155; column x: 0 and 0 + (155 + 10)·1 = 165.
    ///   item 0 (100×100) → col 0 (0 = 0, leftmost): y 0, h 100·155/100 = 155; col0 = 165
    ///   item 1 (100×200) → col 1 (0 < 165):          y 0, h 310;             col1 = 320
    ///   item 2 (155×50)  → col 0 (165 < 320):        y 165, h 50;            col0 = 225
    ///   item 3 (310×155) → col 0 (225 < 320):        y 225, h 77.5;          col0 = 312.5
    /// Footer top = tallest 320 − 10 + 0 = 310 = content height.
    @Test func handWorkedShortestFirst() throws {
        let view = Self.view(320)
        let prepared = try LayoutsAChecks.prepare(
            WaterfallLayout(),
            DataSource(sections: [Self.sizes([(100, 100), (100, 200), (155, 50), (310, 155)])]), view: view)
        #expect(
            Self.frames(prepared, view) == [
                Rect(x: 0, y: 0, width: 155, height: 155), Rect(x: 165, y: 0, width: 155, height: 310),
                Rect(x: 0, y: 165, width: 155, height: 50), Rect(x: 0, y: 225, width: 155, height: 77.5)
            ])
        #expect(prepared.contentSize == Size(width: 320, height: 310))
    }

    /// Width 321: itemWidth = (321 − 10)/2 = 155.5 exact; an item of 3×1 is 155.5/3 tall.
    ///   scale 1: itemWidth floor(155.5) = 155, h = floor(155/3 = 51.67) = 51
    ///   scale 2: itemWidth floor(311)/2 = 155.5, h = floor(103.67)/2 = 51.5
    /// The second column starts at itemWidth + 10; the slack stays at the right edge.
    @Test(arguments: [(0.0, 155.5, 155.5 / 3), (1.0, 155, 51), (2.0, 155.5, 51.5)])
    func floorsToThePixelGrid(scale: Double, itemWidth: Double, height: Double) throws {
        let view = Self.view(321, scale: scale)
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(), DataSource(sections: [Self.sizes([(3, 1), (3, 1)])]), view: view)
        #expect(
            Self.frames(prepared, view) == [
                Rect(x: 0, y: 0, width: itemWidth, height: height),
                Rect(x: itemWidth + 10, y: 0, width: itemWidth, height: height)
            ])
        #expect(prepared.contentSize == Size(width: 321, height: height))
    }

    /// Headers, footers and every inset. Width 200, scale 1, 3 columns, column spacing 5,
    /// interitem 4, sectionInset (t10 l6 b12 r8), header 30 with inset (t2 l3 b4 r5),
    /// footer 20 with inset (t1 l7 b9 r11).
    /// itemWidth = floor((200 − 6 − 8 − 2·5)/3 = 58.67) = 58; column x 6, 69, 132.
    /// Section 0: top 0 + 2 = 2 → header (3, 2, 200 − (3 + 5) = 192, 30); top 32 + 4 = 36;
    ///   + 10 → columns at 46.
    ///   item 0 (58×58)  → col 0: (6, 46, 58, 58);     col0 = 46 + 58 + 4 = 108
    ///   item 1 (29×58)  → col 1: (69, 46, 58, 116);   col1 = 166
    ///   item 2 (116×58) → col 2: (132, 46, 58, 29);   col2 = 79
    ///   item 3 (58×29)  → col 2 (79 lowest): (132, 79, 58, 29); col2 = 112
    ///   footer: 166 − 4 + 12 = 174, + 1 = 175 → (7, 175, 200 − 18 = 182, 20); top 195 + 9 = 204
    /// Section 1, empty: 204 + 2 = 206 → header (3, 206, 192, 30); 236 + 4 + 10 = 250;
    ///   footer: 250 − 4 + 12 + 1 = 259 → (7, 259, 182, 20); top 279 + 9 = 288 = content height.
    @Test func headersFootersAndInsets() throws {
        let layout = WaterfallLayout(
            .init(
                columnCount: 3, minimumColumnSpacing: 5, minimumInteritemSpacing: 4,
                sectionInset: EdgeInsets(top: 10, left: 6, bottom: 12, right: 8),
                headerHeight: 30, footerHeight: 20,
                headerInset: EdgeInsets(top: 2, left: 3, bottom: 4, right: 5),
                footerInset: EdgeInsets(top: 1, left: 7, bottom: 9, right: 11)))
        let view = Self.view(200, scale: 1)
        let data = DataSource(sections: [Self.sizes([(58, 58), (29, 58), (116, 58), (58, 29)]), SectionData(itemCount: 0)])
        let prepared = try LayoutsAChecks.prepare(layout, data, view: view)
        let all = prepared.elements(in: nil, view: view)
        #expect(
            all.map(\.frame) == [
                Rect(x: 6, y: 46, width: 58, height: 58), Rect(x: 69, y: 46, width: 58, height: 116),
                Rect(x: 132, y: 46, width: 58, height: 29), Rect(x: 132, y: 79, width: 58, height: 29),
                Rect(x: 3, y: 2, width: 192, height: 30), Rect(x: 3, y: 206, width: 192, height: 30),
                Rect(x: 7, y: 175, width: 182, height: 20), Rect(x: 7, y: 259, width: 182, height: 20)
            ])
        // Cells, then headers in section order, then footers; all zIndex 0 (CHT sets none).
        #expect(all.map(\.kind) == ["", "", "", "", "header", "header", "footer", "footer"])
        #expect(all.map(\.indexPath).suffix(4) == [IndexPath(0, 0), IndexPath(1, 0), IndexPath(0, 0), IndexPath(1, 0)])
        #expect(all.allSatisfy { $0.zIndex == 0 })
        #expect(prepared.contentSize == Size(width: 200, height: 288))
        #expect(
            prepared.attributesForSupplementaryView(kind: "header", at: IndexPath(1, 0), view: view)?.frame
                == Rect(x: 3, y: 206, width: 192, height: 30))
        #expect(prepared.attributesForSupplementaryView(kind: "header", at: IndexPath(1, 1), view: view) == nil)
        #expect(prepared.attributesForSupplementaryView(kind: "footer", at: IndexPath(2, 0), view: view) == nil)
    }

    /// An empty section still subtracts the interitem spacing: with defaults its footer top
    /// is 0 − 10 = −10, where the next section starts. Width 100: itemWidth 45.
    ///   section 1 item (1×1): col 0, (0, −10, 45, 45); col0 = 45, col1 = −10
    ///   footer top = 45 − 10 = 35 = content height.
    /// Alone, the empty section leaves top at −10: content height max(−10, 0) = 0.
    @Test func emptySectionSubtractsSpacing() throws {
        let view = Self.view(100)
        let prepared = try LayoutsAChecks.prepare(
            WaterfallLayout(),
            DataSource(sections: [SectionData(itemCount: 0), Self.sizes([(1, 1)])]), view: view)
        #expect(Self.frames(prepared, view) == [Rect(x: 0, y: -10, width: 45, height: 45)])
        #expect(prepared.contentSize == Size(width: 100, height: 35))
        let alone = try LayoutsAChecks.prepare(WaterfallLayout(), DataSource(sections: [SectionData(itemCount: 0)]), view: view)
        #expect(alone.contentSize == Size(width: 100, height: 0))
        let none = try LayoutsAChecks.prepare(WaterfallLayout(.init(minimumContentHeight: 77)), DataSource(sections: []), view: view)
        #expect(none.contentSize == Size(width: 100, height: 77))
    }

    /// Width 320, three columns: itemWidth (320 − 2·10)/3 = 100, x 0, 110, 220.
    /// Items 100×50, 100×10, 100×10, 100×10 (h 50, 10, 10, 10):
    ///   leftToRight: columns 0, 1, 2, 0 → item 3 at (0, 50 + 10) though column 1 is lower;
    ///   rightToLeft: columns 2, 1, 0, 2 → item 3 at (220, 60), under item 0;
    ///   shortestFirst: columns 0, 1, 2, then 1 (20, tie with column 2, leftmost) → (110, 20).
    @Test(arguments: [
        (WaterfallLayout.ItemRenderDirection.leftToRight, [0.0, 110, 220, 0], [0.0, 0, 0, 60]),
        (.rightToLeft, [220, 110, 0, 220], [0, 0, 0, 60]),
        (.shortestFirst, [0, 110, 220, 110], [0, 0, 0, 20])
    ])
    func renderDirections(direction: WaterfallLayout.ItemRenderDirection, xs: [Double], ys: [Double]) throws {
        let view = Self.view(320)
        let layout = WaterfallLayout(.init(columnCount: 3, itemRenderDirection: direction))
        let prepared = try LayoutsAChecks.prepare(
            layout, DataSource(sections: [Self.sizes([(100, 50), (100, 10), (100, 10), (100, 10)])]),
            view: view)
        let frames = Self.frames(prepared, view)
        #expect(frames.map(\.minX) == xs)
        #expect(frames.map(\.minY) == ys)
    }

    /// Section overrides: section 1 has 3 columns, no column spacing, its own insets and
    /// interitem spacing, and a header; section 0 keeps the defaults. Width 300.
    /// Section 0: itemWidth (300 − 10)/2 = 145; item 145×145 → (0, 0, 145, 145); col0 = 155;
    ///   footer top 155 − 10 = 145.
    /// Section 1: header inset top 5 → 150; header (0, 150, 300, 20) → 170; sectionInset top 30
    ///   → 200; itemWidth (300 − 15 − 15 − 0)/3 = 90, x 15, 105, 195; items 90×45 → h 45:
    ///   (15, 200), (105, 200), (195, 200); columns 200 + 45 + 2 = 247;
    ///   footer top 247 − 2 + 0 = 245 = content height.
    @Test func perSectionOverrides() throws {
        let overrides: [String: ParameterValue] = [
            "columnCount": .number(3), "minimumColumnSpacing": .number(0), "minimumInteritemSpacing": .number(2),
            "sectionInset": .insets(EdgeInsets(top: 30, left: 15, bottom: 0, right: 15)),
            "headerHeight": .number(20), "headerInset": .insets(EdgeInsets(top: 5, left: 0, bottom: 0, right: 0))
        ]
        let data = DataSource(sections: [Self.sizes([(145, 145)]), Self.sizes([(90, 45), (90, 45), (90, 45)], overrides: overrides)])
        let view = Self.view(300)
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(), data, view: view)
        #expect(
            Self.frames(prepared, view) == [
                Rect(x: 0, y: 0, width: 145, height: 145),
                Rect(x: 15, y: 200, width: 90, height: 45), Rect(x: 105, y: 200, width: 90, height: 45),
                Rect(x: 195, y: 200, width: 90, height: 45)
            ])
        #expect(Self.frames(prepared, view, .supplementary) == [Rect(x: 0, y: 150, width: 300, height: 20)])
        #expect(prepared.contentSize == Size(width: 300, height: 245))
    }

    @Test func minimumContentHeight() throws {
        let view = Self.view(100)
        let data = DataSource(sections: [Self.sizes([(1, 1)])])
        let short = try LayoutsAChecks.prepare(WaterfallLayout(.init(minimumContentHeight: 1000)), data, view: view)
        #expect(short.contentSize == Size(width: 100, height: 1000))
        let tall = try LayoutsAChecks.prepare(WaterfallLayout(.init(minimumContentHeight: 10)), data, view: view)
        #expect(tall.contentSize == Size(width: 100, height: 45))
    }

    /// An original dimension of 0 gives height 0, and the column still grows by the spacing.
    /// An aspect ratio r lays out as the size (r, 1): ratio 0.5 at width 45 → 90.
    @Test func zeroSizesAndAspectRatios() throws {
        let view = Self.view(100)
        let section = SectionData(items: [
            .init(size: Size(width: 0, height: 50)), .init(size: Size(width: 50, height: 0)),
            .init(aspectRatio: 0.5)
        ])
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(), DataSource(sections: [section]), view: view)
        #expect(
            Self.frames(prepared, view) == [
                Rect(x: 0, y: 0, width: 45, height: 0), Rect(x: 55, y: 0, width: 45, height: 0),
                Rect(x: 0, y: 10, width: 45, height: 90)
            ])
    }

    /// No bounds: (0 − 10)/2 = −5 would be a negative width; it is 0, columns 10 apart.
    @Test func columnsThatDoNotFitHaveZeroWidth() throws {
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(), DataSource(sections: [Self.sizes([(1, 1), (1, 1)])]))
        #expect(Self.frames(prepared, ViewContext()) == [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 10, y: 0, width: 0, height: 0)])
    }

    @Test func invalidatesOnlyOnWidthChange() throws {
        let view = Self.view(100)
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(), DataSource(sections: [Self.sizes([(1, 1)])]), view: view)
        var scrolled = view
        scrolled.contentOffset = Point(x: 0, y: 300)
        scrolled.bounds.height = 10
        #expect(prepared.invalidation(from: view, to: scrolled) == .none)
        var wider = view
        wider.bounds.width = 200
        #expect(prepared.invalidation(from: view, to: wider).invalidatesLayout)
    }

    @Test(arguments: [
        (WaterfallLayout.Parameters(columnCount: 0), "layout.columnCount", "must be at least 1"),
        (.init(columnCount: 20_000), "layout.columnCount", "must be at most 10000"),
        (.init(minimumColumnSpacing: .nan), "layout.minimumColumnSpacing", "must be a finite number"),
        (.init(headerHeight: -1), "layout.headerHeight", "must not be negative"),
        (.init(footerHeight: -0.5), "layout.footerHeight", "must not be negative"),
        (
            .init(headerInset: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0)), "layout.headerInset.left",
            "must be a finite number"
        ),
        (.init(minimumContentHeight: -1), "layout.minimumContentHeight", "must not be negative")
    ])
    func rejectsParameters(parameters: WaterfallLayout.Parameters, field: String, message: String) {
        let error = LayoutsAChecks.error(WaterfallLayout(parameters), DataSource(sections: [Self.sizes([(1, 1)])]), view: Self.view(100))
        #expect(error == LayoutError(field: field, message: message))
    }

    @Test(arguments: [
        ("columnCount", ParameterValue.number(0), "must be at least 1"),
        ("columnCount", .number(2.5), "must be a whole number"),
        ("columnCount", .number(1e300), "must be at most 10000"),
        ("columnCount", .string("3"), "must be a number"),
        ("headerHeight", .number(-2), "must not be negative"),
        ("sectionInset", .number(4), "must be insets")
    ])
    func rejectsSectionOverrides(key: String, value: ParameterValue, message: String) {
        let data = DataSource(sections: [Self.sizes([(1, 1)]), Self.sizes([(1, 1)]), Self.sizes([(1, 1)], overrides: [key: value])])
        let error = LayoutsAChecks.error(WaterfallLayout(), data, view: Self.view(100))
        #expect(error == LayoutError(field: "dataSource.sections[2].layout.\(key)", message: message))
    }

    @Test func rejectsItemData() {
        let view = Self.view(100)
        let countOnly = DataSource(sections: [Self.sizes([(1, 1)]), SectionData(itemCount: 2)])
        #expect(
            LayoutsAChecks.error(WaterfallLayout(), countOnly, view: view)
                == LayoutError(
                    field: "dataSource.sections[1].items[0].size",
                    message: "is required: the waterfall layout scales each item's size to its column width"))
        let oneMissing = DataSource(sections: [SectionData(items: [.init(size: Size(width: 1, height: 1)), .init(height: 5)])])
        #expect(LayoutsAChecks.error(WaterfallLayout(), oneMissing, view: view)?.field == "dataSource.sections[0].items[1].size")
        let negative = DataSource(sections: [Self.sizes([(1, 1), (-1, 1)])])
        #expect(
            LayoutsAChecks.error(WaterfallLayout(), negative, view: view)
                == LayoutError(field: "dataSource.sections[0].items[1].size.width", message: "must not be negative"))
        let badRatio = DataSource(sections: [SectionData(items: [.init(aspectRatio: -2)])])
        #expect(LayoutsAChecks.error(WaterfallLayout(), badRatio, view: view)?.field == "dataSource.sections[0].items[0].aspectRatio")
        #expect(LayoutsAChecks.error(WaterfallLayout(), DataSource(sections: []), view: ViewContext(scale: -1))?.field == "view.scale")
    }

    /// Random sections, column counts, directions, insets (some negative), headers,
    /// footers and scales: queries agree with brute force, and the layout's own invariants
    /// hold (cells within their section's columns, column x from the formula).
    @Test func queriesMatchBruteForce() throws {
        var random = SeededRandom(seed: 0x3A7E_12F)
        for _ in 0..<40 {
            func insets() -> EdgeInsets {
                EdgeInsets(
                    top: random.double(in: -5...20), left: random.double(in: -5...20),
                    bottom: random.double(in: -5...20), right: random.double(in: -5...20))
            }
            var parameters = WaterfallLayout.Parameters(
                columnCount: random.int(1...5), minimumColumnSpacing: random.double(in: 0...12),
                minimumInteritemSpacing: random.double(in: -2...12), sectionInset: insets(),
                headerHeight: random.chance(0.5) ? random.double(in: 0...40) : 0,
                footerHeight: random.chance(0.5) ? random.double(in: 0...40) : 0,
                headerInset: insets(), footerInset: insets(),
                itemRenderDirection: WaterfallLayout.ItemRenderDirection.allCases[random.int(3)],
                minimumContentHeight: random.chance(0.2) ? random.double(in: 0...3000) : 0)
            if random.chance(0.2) { parameters.columnCount = 1 }
            let sections = (0..<random.int(0...5)).map { _ in
                var overrides: [String: ParameterValue] = [:]
                if random.chance(0.3) { overrides["columnCount"] = .number(Double(random.int(1...6))) }
                if random.chance(0.3) { overrides["headerHeight"] = .number(random.double(in: 0...30)) }
                if random.chance(0.3) { overrides["sectionInset"] = .insets(insets()) }
                return Self.sizes(
                    (0..<random.int(0...80)).map { _ in
                        random.chance(0.05) ? (0, 10) : (random.double(in: 1...400), random.double(in: 1...400))
                    }, overrides: overrides)
            }
            let view = ViewContext(
                bounds: Size(width: random.double(in: 0...800), height: 600),
                scale: [0.0, 1, 2, 3][random.int(4)])
            let prepared = try LayoutsAChecks.prepare(WaterfallLayout(parameters), DataSource(sections: sections), view: view)
            #expect(prepared.contentSize.height >= parameters.minimumContentHeight)
            #expect(
                prepared.elements(in: nil, view: view).filter { $0.category == .cell }.count
                    == sections.reduce(0) { $0 + $1.itemCount })
            LayoutsAChecks.checkQueries(
                prepared, view: view,
                rects: LayoutsAChecks.randomRects(15, over: prepared.contentSize, random: &random),
                random: &random)
        }
    }

    /// Thousands of sections, every other one empty, with headers: rect queries far down
    /// map index numbers back to the right sections.
    @Test func manySparseSections() throws {
        var random = SeededRandom(seed: 0x5EC7)
        let sections = (0..<3000).map { s in
            s % 2 == 1 ? SectionData(itemCount: 0) : Self.sizes([(1, 1), (2, 1), (1, 2)])
        }
        let view = Self.view(200)
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(.init(headerHeight: 5)), DataSource(sections: sections), view: view)
        let bottom = prepared.contentSize.height
        let rects = [Rect(x: 0, y: bottom - 400, width: 200, height: 400), Rect(x: 100, y: bottom / 2, width: 1, height: 300)]
        LayoutsAChecks.checkQueries(prepared, view: view, rects: rects, random: &random)
        #expect(prepared.elements(in: rects[0], view: view).first { $0.category == .cell }?.indexPath.section ?? 0 > 2900)
    }

    /// A million items in one section, the size the brief asks to prepare fast. Only checked
    /// for correctness here (debug builds); the release timing is in the report.
    @Test func millionItems() throws {
        let count = 1_000_000
        var random = SeededRandom(seed: 1)
        let sizes = (0..<count).map { _ in Size(width: 100, height: Double(50 + random.int(200))) }
        let data = DataSource(sections: [SectionData(itemCount: count, sizes: sizes)])
        let view = Self.view(390, scale: 3)
        let clock = ContinuousClock()
        let start = clock.now
        let prepared = try LayoutsAChecks.prepare(WaterfallLayout(.init(columnCount: 3)), data, view: view)
        let elapsed = clock.now - start
        print("waterfall: prepared \(count) items in \(elapsed) (debug build)")
        // Column 0's first item is item 0; the last item sits in some column at the bottom.
        #expect(prepared.attributesForItem(at: IndexPath(0, 0), view: view)?.frame.origin == .zero)
        let visible = prepared.elements(in: Rect(x: 0, y: prepared.contentSize.height / 2, width: 390, height: 844), view: view)
        #expect(visible.count > 10 && visible.count < 100)
        #expect(visible.allSatisfy { $0.frame.intersects(Rect(x: 0, y: prepared.contentSize.height / 2, width: 390, height: 844)) })
    }
}
