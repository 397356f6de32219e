import Testing
@testable import LayoutService

/// The keys each layout type takes, now that they come from its list of parameters: the same
/// keys as before that list (a refused key's message names them all), every key a section may
/// override among them, and the list read in its order.
@Suite("Layout kinds")
struct LayoutKindTests {
    static let flowKeys: Set<String> = [
        "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerReferenceSize",
        "footerReferenceSize", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "uikitQuirks", "estimatedItemSize"
    ]

    static let keysByType: [String: Set<String>] = [
        "flow": flowKeys,
        "line": flowKeys.union(["activeDistance", "zoomFactor"]),
        "column": ["numColumns", "padding"],
        "waterfall": [
            "columnCount", "minimumColumnSpacing", "minimumInteritemSpacing", "sectionInset", "headerHeight", "footerHeight",
            "headerInset", "footerInset", "itemRenderDirection", "minimumContentHeight"
        ],
        "coverFlow": ["cellSize", "cellInterval", "reflection", "headerHeight"],
        "circle": ["itemSize", "radiusFactor", "background"],
        "tree": ["itemSize", "insets"],
        "stack": ["itemSize", "offset", "angleStep", "visibleCount"],
        "justified": [
            "containerWidth", "containerPadding", "boxSpacing", "targetRowHeight", "targetRowHeightTolerance", "maxNumRows",
            "forceAspectRatio", "showWidows", "fullWidthBreakoutRowCadence", "widowLayoutStyle"
        ],
        "compositional": ["scrollDirection", "interSectionSpacing", "section", "boundarySupplementaryItems"]
    ]

    @Test(arguments: LayoutRegistry.typeNames)
    func parameterKeysAreTheDocumentedOnes(_ type: String) throws {
        let kind = try #require(LayoutRegistry.kind(named: type))
        #expect(kind.parameterKeys == Self.keysByType[type])
        #expect(Set(kind.sectionKeys.keys).isSubset(of: kind.parameterKeys))
    }

    /// Two bad values: the one read first is the error, whatever the object's order.
    @Test func parametersAreReadInTheirListsOrder() throws {
        let service = makeService()
        let r = service.createSession(
            body: body(
                #"{"layout":{"type":"line","zoomFactor":"x","itemSize":"x"},"dataSource":{"sections":[{"itemCount":1}]},"view":{"bounds":[390,844]}}"#
            ))
        #expect(r.status == 400)
        #expect(try errorOf(r).field == "layout.itemSize")
    }
}
