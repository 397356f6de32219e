import Foundation
import Testing
import LayoutService

/// Issue 8, items 6 and 8: every layout parameter, item datum and view value at the edges
/// of what the API accepts (±1e15, the smallest normal and subnormal doubles, 0). Each
/// request must end in a 400 naming a field, or in a 200 whose every number is finite: the
/// writer never writes `null` where the schema says number, and never a 500.
@Suite("Extreme values")
struct ExtremeValueTests {
    static let numbers = ["1e15", "-1e15", "1e-300", "-1e-300", "5e-324", "0", "0.001", "1e9"]

    /// Values of every JSON shape a parameter takes, built from the numbers.
    static var values: [String] {
        var out = numbers
        out += ["[1e-300,1e15]", "[1e15,1e-300]", "[1e15,1e15]", "[0,1e15]", "[5e-324,1]", "[1,5e-324]"]
        out += ["{\"x\":1e15,\"y\":-1e15}", "{\"x\":1e-300,\"y\":1e-300}"]
        out += numbers.map { "{\"top\":\($0),\"left\":\($0),\"bottom\":\($0),\"right\":\($0)}" }
        out += ["10000", "1", "2"]
        return out
    }

    static let layouts: [(type: String, keys: [String], items: [String])] = [
        (
            "flow",
            [
                "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerReferenceSize",
                "footerReferenceSize", "estimatedItemSize"
            ], ["{\"size\":[1e-300,1e15]}", "{\"size\":[1e15,1e15]}"]
        ),
        (
            "line", ["itemSize", "minimumLineSpacing", "activeDistance", "zoomFactor", "sectionInset"],
            ["{\"size\":[1e-300,1e15]}", "{\"size\":[1e15,1e-300]}"]
        ),
        ("column", ["numColumns", "padding"], ["{\"height\":1e15}", "{\"height\":5e-324}"]),
        (
            "waterfall",
            [
                "columnCount", "minimumColumnSpacing", "minimumInteritemSpacing", "sectionInset", "headerHeight",
                "footerHeight", "headerInset", "footerInset", "minimumContentHeight"
            ],
            ["{\"size\":[1e-300,1e15]}", "{\"size\":[5e-324,1]}", "{\"aspectRatio\":1e-300}", "{\"size\":[1e15,1e-300]}"]
        ),
        ("coverFlow", ["cellSize", "cellInterval", "headerHeight"], ["{\"size\":[1,1]}"]),
        ("circle", ["itemSize", "radiusFactor"], ["{\"size\":[1,1]}"]),
        ("tree", ["itemSize", "insets"], ["{\"children\":[0]}"]),
        ("stack", ["itemSize", "offset", "angleStep", "visibleCount"], ["{\"size\":[1,1]}"]),
        (
            "justified",
            [
                "containerWidth", "containerPadding", "boxSpacing", "targetRowHeight", "targetRowHeightTolerance",
                "maxNumRows", "fullWidthBreakoutRowCadence"
            ],
            ["1e-300", "1e15", "5e-324", "{\"size\":[1e-300,1e15]}", "{\"size\":[1e15,1e-300]}"]
        )
    ]

    static let views = [
        "{\"bounds\":[390,844],\"scale\":3}", "{\"bounds\":[1e15,1e15]}", "{\"bounds\":[1e-300,1e-300],\"scale\":2}",
        "{\"bounds\":[390,844],\"contentOffset\":{\"x\":1e15,\"y\":-1e15},\"contentInset\":1e15}",
        "{\"bounds\":[390,844],\"scale\":1e-300}", "{\"bounds\":[390,844],\"scale\":16}"
    ]

    /// Items every layout lays out, so that the parameter is what is tested.
    static func ordinaryItems(_ type: String) -> String {
        switch type {
        case "column": #"{"height":50},{"height":120},{"height":80}"#
        case "justified": "1.5,0.7,1,2"
        default: #"{"size":[100,50]},{"size":[40,90]},{"size":[70,70]}"#
        }
    }

    /// Fails the test for a 200 with a non-finite number (`null`) or any 5xx.
    static func check(_ service: TesseraService, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let r = service.oneShotLayout(body: body(json))
        let text = String(decoding: r.body, as: UTF8.self)
        #expect(r.status == 200 || r.status == 400, "\(r.status) for \(json): \(text)", sourceLocation: sourceLocation)
        if r.status == 200 {
            #expect(!text.contains("null"), "null in the reply to \(json)", sourceLocation: sourceLocation)
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(r.body))) != nil, "invalid JSON for \(json)",
                sourceLocation: sourceLocation)
        } else if r.status == 400 {
            #expect(
                (try? errorOf(r))?.field != nil || text.contains("invalid_json"), "no field: \(text)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ExtremeValueTests.layouts.map(\.type))
    func everyParameterAtTheEdges(type: String) {
        let service = makeService()
        let layout = Self.layouts.first { $0.type == type }!
        for key in layout.keys {
            for value in Self.values {
                for view in [Self.views[0], Self.views[1]] {
                    Self.check(
                        service,
                        """
                        {"layout":{"type":"\(type)","\(key)":\(value)},"dataSource":{"sections":[\
                        {"items":[\(Self.ordinaryItems(type))]},{"items":[\(Self.ordinaryItems(type))]}]},"view":\(view)}
                        """)
                }
            }
        }
    }

    @Test(arguments: ExtremeValueTests.layouts.map(\.type))
    func everyItemAndViewAtTheEdges(type: String) {
        let service = makeService()
        let layout = Self.layouts.first { $0.type == type }!
        for item in layout.items {
            for view in Self.views {
                Self.check(
                    service,
                    """
                    {"layout":{"type":"\(type)"},"dataSource":{"sections":[{"items":[\(item),\(item),\(item)]}]},"view":\(view)}
                    """)
            }
        }
    }

    /// The compositional layout's numbers, each in turn at the edges: a fractional size, an
    /// absolute one, spacings, insets, a group count, an offset.
    @Test func compositionalNumbersAtTheEdges() {
        let service = makeService()
        let template =
            #"{"layout":{"type":"compositional","interSectionSpacing":@A@,"section":{"interGroupSpacing":@B@,"#
            + #""contentInsets":{"leading":@C@,"trailing":16},"boundarySupplementaryItems":[{"kind":"header","alignment":"top","#
            + #""size":{"width":{"fractionalWidth":1},"height":{"absolute":@D@}}}],"group":{"axis":"horizontal","count":3,"#
            + #""interItemSpacing":{"fixed":@E@},"size":{"width":{"fractionalWidth":@F@},"height":{"fractionalWidth":@G@}},"#
            + #""subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"absolute":@H@}}}]}}},"#
            + #""dataSource":{"sections":[{"itemCount":7},{"itemCount":2}]},"view":{"bounds":[390,844],"scale":2}}"#
        let ordinary = ["@A@": "8", "@B@": "4", "@C@": "16", "@D@": "44", "@E@": "4", "@F@": "1", "@G@": "0.33", "@H@": "50"]
        for slot in ordinary.keys.sorted() {
            for value in Self.numbers {
                var json = template
                for (key, fill) in ordinary { json = json.replacingOccurrences(of: key, with: key == slot ? value : fill) }
                Self.check(service, json)
            }
        }
        // The ordinary body itself lays out: the test exercises the layout, not the parser.
        var json = template
        for (key, fill) in ordinary { json = json.replacingOccurrences(of: key, with: fill) }
        #expect(service.oneShotLayout(body: body(json)).status == 200, "\(json)")
    }
}
