import Testing
import LayoutEngine

// How the original maps onto the engine: rejected items and parameters, sections,
// a section's own `layout` object, the view (container width, scale), index queries.

@Suite("Justified layout: engine mapping")
struct JustifiedMappingTests {
    typealias P = JustifiedLayout.Parameters

    static func invalidItem(_ section: Int, _ item: Int) -> LayoutError {
        LayoutError(
            field: "dataSource.sections[\(section)].items[\(item)]",
            message: "Item \(item) has an invalid aspect ratio")
    }

    // MARK: Invalid items

    @Test(arguments: [0.0, -0.0, -1.0, -.infinity, .infinity])
    func ratiosThatAreNotPositiveAndFiniteAreRejected(ratio: Double) {
        let e = Justified.error { () throws(LayoutError) in try Justified.layout([1, 1, ratio, 1]) }
        #expect(e == Self.invalidItem(0, 2))
    }

    @Test(arguments: [
        Size(width: 0, height: 10), Size(width: 10, height: 0), Size(width: -4, height: 3),
        Size(width: -4, height: -3), Size(width: .infinity, height: 3), Size(width: 1e308, height: 1e-308)
    ])
    func sizesThatAreNotPositiveAndFiniteAreRejected(size: Size) {
        let e = Justified.error { () throws(LayoutError) in
            try Justified.layout(sizes: [Size(width: 4, height: 3), size])
        }
        #expect(e == Self.invalidItem(0, 1))
    }

    @Test func anItemWithNoDataIsRejected() {
        let e = Justified.error { () throws(LayoutError) in
            try Justified.layout(DataSource(sections: [SectionData(itemCount: 3)]))
        }
        #expect(e == Self.invalidItem(0, 0))
    }

    @Test func itemsAreNumberedWithinTheirSection() {
        let sections = [
            SectionData(itemCount: 2, aspectRatios: [1, 1]),
            SectionData(itemCount: 3, aspectRatios: [1, 2, .nan])
        ]
        let e = Justified.error { () throws(LayoutError) in try Justified.layout(DataSource(sections: sections)) }
        #expect(e == Self.invalidItem(1, 2))
    }

    @Test func theAspectRatioWinsOverTheSizeAndTheSizeStandsInForAMissingOne() throws {
        let items = [
            SectionData.Item(size: Size(width: 100, height: 100), aspectRatio: 2),
            SectionData.Item(size: Size(width: 200, height: 100))
        ]
        let l = try Justified.layout(DataSource(sections: [SectionData(items: items)]))
        #expect(l.frames == (try Justified.layout([2, 2])).frames)
    }

    @Test func itemsAreCheckedOnlyWhenTheScanReachesThem() throws {
        // As in the original: after the last row maxNumRows allows, nothing is read.
        let l = try Justified.layout([1, 1, 1, .nan], P(maxNumRows: 1))
        #expect(l.frames.count == 3)
        let e = Justified.error { () throws(LayoutError) in try Justified.layout([1, 1, 1, .nan], P(maxNumRows: 2)) }
        #expect(e == Self.invalidItem(0, 3))
    }

    @Test func boxesThatWouldNotBeRectanglesAreRejected() {
        // Spacing 60 in a row 100 wide: the first row takes eight 0.1s, leaving
        // 100 − 7·60 < 0 for them; the original returns widths of −40. Rejected instead.
        let e = Justified.error { () throws(LayoutError) in
            try Justified.layout(
                [Double](repeating: 0.1, count: 10),
                P(containerWidth: 120, boxSpacing: 60, targetRowHeight: 100))
        }
        #expect(e?.field == "dataSource.sections[0].items[0]")
        #expect(e?.message.hasPrefix("Item 0 cannot be laid out") == true)
    }

    // MARK: Invalid parameters

    @Test(arguments: [
        (P(containerWidth: 0), "layout.containerWidth"),
        (P(containerWidth: .infinity), "layout.containerWidth"),
        (P(containerWidth: 100, containerPadding: 50), "layout.containerPadding"),
        (P(containerPadding: .sides(top: .nan, right: 0, bottom: 0, left: 0)), "layout.containerPadding"),
        (P(boxSpacing: .axes(horizontal: 1, vertical: .infinity)), "layout.boxSpacing"),
        (P(targetRowHeight: 0), "layout.targetRowHeight"),
        (P(targetRowHeight: -320), "layout.targetRowHeight"),
        (P(targetRowHeightTolerance: .nan), "layout.targetRowHeightTolerance"),
        (P(maxNumRows: .nan), "layout.maxNumRows"),
        (P(forceAspectRatio: -1), "layout.forceAspectRatio"),
        (P(forceAspectRatio: .infinity), "layout.forceAspectRatio"),
        (P(fullWidthBreakoutRowCadence: .nan), "layout.fullWidthBreakoutRowCadence")
    ])
    func parametersThatCannotGiveRectanglesAreRejected(parameters: P, field: String) {
        let e = Justified.error { () throws(LayoutError) in try Justified.layout([1], parameters) }
        #expect(e?.field == field)
    }

    @Test func theDefaultsAreTheOriginals() {
        let p = P()
        #expect(p.containerWidth == nil)
        #expect(p.containerPadding == .all(10))
        #expect(p.boxSpacing == .all(10))
        #expect(p.targetRowHeight == 320)
        #expect(p.targetRowHeightTolerance == 0.25)
        #expect(p.maxNumRows == .infinity)
        #expect(p.forceAspectRatio == nil)
        #expect(p.showWidows == true)
        #expect(p.fullWidthBreakoutRowCadence == nil)
        #expect(p.widowLayoutStyle == .left)
    }

    // MARK: Sections

    @Test func sectionsAreBlocksStackedByTheirContainerHeights() throws {
        // Each section is laid out as the original lays out its items alone (reference:
        // 378 and 868.2706766917292); the second is moved down by the first's height.
        let parameters = P(containerPadding: .sides(top: 4, right: 8, bottom: 30, left: 8), boxSpacing: 6)
        let first = SectionData(itemCount: 3, aspectRatios: [1, 1.25, 0.75])
        let second = SectionData(
            itemCount: 7, aspectRatios: [1.5, 0.8, 1.2, 1, 0.6, 2.2, 1.1],
            overrides: SectionOverrides([
                "targetRowHeight": .number(250),
                "containerPadding": .number(10),
                "boxSpacing": .number(10)
            ]))
        let l = try Justified.layout(DataSource(sections: [first, second]), parameters)
        let sectionOne = [box(8, 4, 344, 344), box(358, 4, 430, 344), box(794, 4, 258, 344)]
        let sectionTwoAlone = [
            box(10, 10, 437.14285714285717, 291.42857142857144),
            box(457.14285714285717, 10, 233.14285714285717, 291.42857142857144),
            box(700.2857142857143, 10, 349.7142857142857, 291.42857142857144),
            box(10, 311.42857142857144, 268.4210526315789, 268.4210526315789),
            box(288.4210526315789, 311.42857142857144, 161.05263157894734, 268.4210526315789),
            box(459.47368421052624, 311.42857142857144, 590.5263157894736, 268.4210526315789),
            box(10, 589.8496240601503, 295.2631578947368, 268.4210526315789)
        ]
        #expect(l.frames == sectionOne + sectionTwoAlone.map { $0.offsetBy(dx: 0, dy: 378) })
        #expect(l.sections.map(\.containerHeight) == [378, 868.2706766917292])
        #expect(l.sections.map(\.yOffset) == [0, 378])
        #expect(l.sections.map(\.widowCount) == [0, 1])
        #expect(l.contentSize == Size(width: 1060, height: 378 + 868.2706766917292))
        #expect(l.info.map(\.value) == [378 + 868.2706766917292, 1])
        #expect(
            l.elements(in: nil, view: ViewContext()).map(\.indexPath)
                == (0..<3).map { IndexPath(0, $0) } + (0..<7).map { IndexPath(1, $0) })
    }

    @Test func anEmptySectionStillTakesItsPadding() throws {
        let sections = [
            SectionData(itemCount: 1, aspectRatios: [1]), SectionData(itemCount: 0),
            SectionData(itemCount: 1, aspectRatios: [1])
        ]
        let l = try Justified.layout(DataSource(sections: sections))
        #expect(l.sections.map(\.containerHeight) == [340, 10, 340])
        #expect(l.frames == [box(10, 10, 320, 320), box(10, 360, 320, 320)])
        #expect(l.widowCount == 2)
        #expect(l.info.map(\.value) == [690, 2])
    }

    @Test func aSectionsOwnLayoutObjectTakesEveryOptionButTheWidth() throws {
        let overrides = SectionOverrides([
            "containerPadding": .insets(EdgeInsets(top: 50, left: 5, bottom: 10, right: 10)),
            "boxSpacing": .size(Size(width: 40, height: 5)),
            "targetRowHeightTolerance": .number(0.25),
            "maxNumRows": .number(2),
            "forceAspectRatio": .bool(false),
            "showWidows": .bool(false),
            "fullWidthBreakoutRowCadence": .bool(false),
            "widowLayoutStyle": .string("center"),
            "containerWidth": .number(10)
        ])
        let parameters = P(forceAspectRatio: 3, showWidows: true, fullWidthBreakoutRowCadence: 1)
        let section = SectionData(itemCount: 4, aspectRatios: [1, 1, 1, 1], overrides: overrides)
        let l = try Justified.layout(DataSource(sections: [section]), parameters)
        let expected = try Justified.layout(
            [1, 1, 1, 1],
            P(
                containerPadding: .sides(top: 50, right: 10, bottom: 10, left: 5),
                boxSpacing: .axes(horizontal: 40, vertical: 5), maxNumRows: 2, showWidows: false,
                widowLayoutStyle: .center))
        #expect(l.frames == expected.frames)
        #expect(l.contentSize == expected.contentSize)
    }

    @Test(arguments: [
        ("targetRowHeight", ParameterValue.string("tall")),
        ("boxSpacing", .bool(true)),
        ("containerPadding", .size(Size(width: 1, height: 1))),
        ("forceAspectRatio", .bool(true)),
        ("fullWidthBreakoutRowCadence", .string("3")),
        ("showWidows", .number(1)),
        ("widowLayoutStyle", .number(1)),
        ("maxNumRows", .bool(false)),
        ("targetRowHeight", .number(-1))
    ])
    func aBadValueInASectionsLayoutObjectNamesIt(key: String, value: ParameterValue) {
        let section = SectionData(itemCount: 1, aspectRatios: [1], overrides: SectionOverrides([key: value]))
        let e = Justified.error { () throws(LayoutError) in
            try Justified.layout(DataSource(sections: [SectionData(itemCount: 0), section]))
        }
        #expect(e?.field == "dataSource.sections[1].layout.\(key)")
    }

    @Test func aLayoutValueThatASectionMakesBadIsNamedAtTheLayout() {
        // The section's padding is fine alone; with the layout's width it leaves no room.
        let section = SectionData(itemCount: 1, aspectRatios: [1], overrides: SectionOverrides(["containerPadding": .number(60)]))
        let e = Justified.error { () throws(LayoutError) in
            try Justified.layout(DataSource(sections: [section]), P(containerWidth: 100))
        }
        #expect(e?.field == "dataSource.sections[0].layout.containerPadding")
    }

    // MARK: The view

    @Test func theContainerWidthFollowsTheBoundsWhenNotGiven() throws {
        let view = ViewContext(bounds: Size(width: 400, height: 800))
        let l = try Justified.layout([1, 1, 1, 1], view: view)
        #expect(l.frames == (try Justified.layout([1, 1, 1, 1], P(containerWidth: 400))).frames)
        #expect(l.contentSize.width == 400)
        // A given width wins over the bounds; no bounds: 1060.
        #expect(try Justified.layout([1], P(containerWidth: 500), view: view).contentSize.width == 500)
        #expect(try Justified.layout([1]).contentSize.width == 1060)
    }

    @Test func onlyAWidthChangeThatMovesTheContainerInvalidates() throws {
        let narrow = ViewContext(bounds: Size(width: 400, height: 800))
        let follows = try Justified.layout([1, 1, 1], view: narrow)
        let scrolled = ViewContext(bounds: Size(width: 400, height: 600), contentOffset: Point(x: 0, y: 900))
        #expect(!follows.invalidation(from: narrow, to: scrolled).shouldInvalidate)
        let wide = ViewContext(bounds: Size(width: 500, height: 800))
        #expect(follows.invalidation(from: narrow, to: wide).invalidatesLayout)
        // Without bounds the width is 1060: bounds of 1060 change nothing.
        let unbounded = try Justified.layout([1, 1, 1])
        #expect(!unbounded.invalidation(from: ViewContext(), to: ViewContext(bounds: Size(width: 1060, height: 1))).shouldInvalidate)
        let fixed = try Justified.layout([1, 1, 1], P(containerWidth: 800), view: narrow)
        #expect(!fixed.invalidation(from: narrow, to: wide).shouldInvalidate)
    }

    @Test(arguments: [1.0, 2, 3])
    func scaleDoesNotRoundTheOriginalsNumbers(scale: Double) throws {
        let ratios = [0.5, 1.5, 1, 1.8, 0.4, 0.7, 0.9, 1.1, 1.7, 2, 2.1]
        let exact = try Justified.layout(ratios)
        let scaled = try Justified.layout(ratios, view: ViewContext(scale: scale))
        #expect(scaled.frames == exact.frames)
        #expect(scaled.contentSize == exact.contentSize)
    }

    // MARK: Queries by index

    @Test func attributesForItemMatchTheRectQuery() throws {
        let l = try Justified.layout([1.5, 0.8, 1.2, 1, 0.6, 2.2, 1.1], P(showWidows: false))
        let all = l.elements(in: nil, view: ViewContext())
        #expect(all.count == 6)
        for a in all {
            #expect(l.attributesForItem(at: a.indexPath, view: ViewContext()) == a)
            #expect(a.category == .cell && a.alpha == 1 && a.zIndex == 0 && a.transform == .identity)
        }
        for missing in [IndexPath(0, 6), IndexPath(0, 7), IndexPath(0, -1), IndexPath(1, 0), IndexPath(-1, 0)] {
            #expect(l.attributesForItem(at: missing, view: ViewContext()) == nil)
        }
        #expect(l.attributesForSupplementaryView(kind: "header", at: IndexPath(0, 0), view: ViewContext()) == nil)
        #expect(l.attributesForDecorationView(kind: "x", at: IndexPath(0, 0), view: ViewContext()) == nil)
    }
}
