import Foundation
import Testing
import LayoutService
import StorageTestSupport

/// List sections through the service (issue 38, docs/compositional.md §6): every appearance
/// and header and footer mode, worked by hand from the rules (L-M, L-R, L-S, L-B) at @2x and
/// @3x, on a narrow and a wide-margin screen, with safe areas, in both directions.
@Suite struct ListSectionTests {
    /// One answered element: its category, kind, index path, frame, zIndex and visualFrame.
    struct Element: Equatable, CustomStringConvertible {
        var category: String
        var kind: String?
        var indexPath: [Int]
        var frame: [Double]
        var zIndex: Int
        var visual: [Double]? = nil

        var description: String { "\(category) \(kind ?? "") \(indexPath) \(frame) z\(zIndex) \(visual.map { "visual \($0)" } ?? "")" }

        /// Frames within a few ulps (sums of thirds are not exact).
        func matches(_ other: Element) -> Bool {
            func near(_ a: [Double]?, _ b: [Double]?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return a.count == b.count && zip(a, b).allSatisfy { Swift.abs($0 - $1) < 1e-9 }
            }
            return category == other.category && kind == other.kind && indexPath == other.indexPath
                && zIndex == other.zIndex && near(frame, other.frame) && near(visual, other.visual)
        }
    }

    static func cell(_ s: Int, _ i: Int, _ f: [Double]) -> Element { Element(category: "cell", indexPath: [s, i], frame: f, zIndex: 10) }
    static func bottom(_ s: Int, _ i: Int, _ f: [Double]) -> Element {
        Element(category: "decoration", kind: "list-separator-bottom", indexPath: [s, i], frame: f, zIndex: 100)
    }
    static func top(_ s: Int, _ i: Int, _ f: [Double]) -> Element {
        Element(category: "decoration", kind: "list-separator-top", indexPath: [s, i], frame: f, zIndex: 100)
    }
    static func background(_ s: Int, _ f: [Double]) -> Element {
        Element(category: "decoration", kind: "list-background", indexPath: [s, 0], frame: f, zIndex: 0)
    }
    static func boundary(_ kind: String, _ s: Int, _ f: [Double], z: Int) -> Element {
        Element(category: "supplementary", kind: kind, indexPath: [s, 0], frame: f, zIndex: z)
    }

    static func rect(_ f: Any?) -> [Double]? {
        guard let f = f as? [String: Double] else { return nil }
        return [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
    }

    static func element(_ e: [String: Any]) -> Element {
        Element(
            category: e["category"] as? String ?? "", kind: e["kind"] as? String,
            indexPath: e["indexPath"] as? [Int] ?? [], frame: rect(e["frame"]) ?? [],
            zIndex: e["zIndex"] as? Int ?? -1, visual: rect(e["visualFrame"]))
    }

    static func elements(_ service: TesseraService, _ id: String, _ rect: String) throws -> [Element] {
        let r = service.elements(id: id, query: "rect=\(rect)")
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        return (try object(r)["elements"] as? [[String: Any]] ?? []).map(element)
    }

    static func expectSame(_ got: [Element], _ want: [Element], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(got.count == want.count, "\(got.count) elements, expected \(want.count)", sourceLocation: sourceLocation)
        for (g, w) in zip(got, want) where !g.matches(w) {
            Issue.record("got \(g), expected \(w)", sourceLocation: sourceLocation)
        }
    }

    static func session(_ section: String, counts: [Int], view: String, extra: String = "") -> String {
        let sections = counts.map { "{\"itemCount\":\($0)}" }.joined(separator: ",")
        return #"{"layout":{"type":"compositional","section":\#(section)\#(extra)},"dataSource":{"sections":[\#(sections)]},"view":\#(view)}"#
    }

    static let third = 1.0 / 3
    /// 17.5 on the @3x grid: 52.5 px, halves away from zero, 53 px.
    static let between3x = 53.0 / 3

    /// The issue's example: inset grouped, 2 sections × 3 rows, a 393 × 852 @3x phone. Rows
    /// are 361 wide at x = 16 (L-M2: max(16, 16 + 0)); section 0's at 35, 79, 123 (L-M3: 35
    /// above the first section); section 1's at 167 + 17⅔ + 17⅔ = 202⅓, 246⅓, 290⅓; the
    /// content ends 20 below the last row (354⅓). Each section's rows sit on a background
    /// (L-B1) from its first row's top to its last row's bottom; every row but the last has a
    /// bottom separator (L-S2) a pixel (⅓) tall inside its bottom edge, inset 16 (the cells'
    /// inner margin, L-S4) at x = 32, 345 wide. Backgrounds, then separators, section by section.
    @Test func theIssuesInsetGroupedListAtThreeX() throws {
        let service = makeService()
        let id = try createSession(
            service, Self.session(#"{"list":{"appearance":"insetGrouped"}}"#, counts: [3, 3], view: #"{"bounds":[393,852],"scale":3}"#))
        let s1 = 167 + 2 * Self.between3x
        var want = [35.0, 79, 123].map { Self.cell(0, [35: 0, 79: 1, 123: 2][$0]!, [16, $0, 361, 44]) }
        want += (0..<3).map { Self.cell(1, $0, [16, s1 + 44 * Double($0), 361, 44]) }
        want += [
            Self.background(0, [16, 35, 361, 132]),
            Self.bottom(0, 0, [32, 79 - Self.third, 345, Self.third]),
            Self.bottom(0, 1, [32, 123 - Self.third, 345, Self.third]),
            Self.background(1, [16, s1, 361, 132]),
            Self.bottom(1, 0, [32, s1 + 44 - Self.third, 345, Self.third]),
            Self.bottom(1, 1, [32, s1 + 88 - Self.third, 345, Self.third])
        ]
        Self.expectSame(try Self.elements(service, id, "0,0,393,852"), want)
        let size = try object(service.getSession(id: id))["contentSize"] as? [String: Double]
        #expect(Swift.abs((size?["height"] ?? 0) - (s1 + 132 + 20)) < 1e-9)
        // The same list at @2x: 17.5 is on the grid (35 px), separators are half a point.
        let two = try createSession(
            service, Self.session(#"{"list":{"appearance":"insetGrouped"}}"#, counts: [3, 3], view: #"{"bounds":[393,852],"scale":2}"#))
        let got = try Self.elements(service, two, "0,200,393,45.8")
        Self.expectSame(got, [Self.cell(1, 0, [16, 202, 361, 44]), Self.background(1, [16, 202, 361, 132]), Self.bottom(1, 0, [32, 245.5, 345, 0.5])])
    }

    /// Single lookups answer what the rect query does; a row without a separator has none.
    @Test func singleLookups() throws {
        let service = makeService()
        let id = try createSession(
            service, Self.session(#"{"list":{"appearance":"insetGrouped"}}"#, counts: [3], view: #"{"bounds":[393,852],"scale":3}"#))
        let separator = try object(service.decoration(id: id, kind: "list-separator-bottom", section: "0", item: "1"))
        #expect(Self.element(separator).matches(Self.bottom(0, 1, [32, 123 - Self.third, 345, Self.third])))
        #expect(service.decoration(id: id, kind: "list-separator-bottom", section: "0", item: "2").status == 404)
        #expect(service.decoration(id: id, kind: "list-separator-top", section: "0", item: "0").status == 404)
        #expect(service.decoration(id: id, kind: "list-separator-bottom", section: "0", item: "3").status == 404)
        let background = try object(service.decoration(id: id, kind: "list-background", section: "0", item: "0"))
        #expect(Self.element(background).matches(Self.background(0, [16, 35, 361, 132])))
    }

    /// A plain list with pinned headers at @2x in a 390 × 100 view, rows of 44 (`rowHeight`).
    /// Section 0's header (estimate 28, L-M6; no padding above the first, a choice) at 0; its
    /// rows at 28 and 72; it ends at 116. Section 1's header 22 lower (L-M5) at 138, its rows at
    /// 166 and 210; the content ends at 254. Headers span the view (plain: no side insets) at
    /// zIndex 210 (they pin, L-R2). Every row has a bottom separator, inset 16, half a point.
    /// Scrolled to 150, section 1's header pins at 150 and pushes section 0's up to 116 − 28 =
    /// 88 (C10, D4); at 120, section 1's is not reached yet (138) while section 0's stays at 88.
    @Test func aPlainListWithPinnedHeaders() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"plain","headerMode":"supplementary","rowHeight":44}}"#, counts: [2, 2],
                view: #"{"bounds":[390,100],"scale":2}"#))
        Self.expectSame(
            try Self.elements(service, id, "0,0,390,254"),
            [
                Self.cell(0, 0, [0, 28, 390, 44]), Self.cell(0, 1, [0, 72, 390, 44]),
                Self.cell(1, 0, [0, 166, 390, 44]), Self.cell(1, 1, [0, 210, 390, 44]),
                Self.boundary("header", 0, [0, 0, 390, 28], z: 210), Self.boundary("header", 1, [0, 138, 390, 28], z: 210),
                Self.bottom(0, 0, [16, 71.5, 374, 0.5]), Self.bottom(0, 1, [16, 115.5, 374, 0.5]),
                Self.bottom(1, 0, [16, 209.5, 374, 0.5]), Self.bottom(1, 1, [16, 253.5, 374, 0.5])
            ])
        func header(_ s: Int) throws -> [Double]? {
            Self.rect(try object(service.supplementary(id: id, kind: "header", section: "\(s)", item: "0"))["frame"])
        }
        #expect(service.patchView(id: id, body: body(#"{"contentOffset":[0,150]}"#)).status == 200)
        #expect(try header(1) == [0, 150, 390, 28])
        #expect(try header(0) == [0, 88, 390, 28])
        #expect(service.patchView(id: id, body: body(#"{"contentOffset":[0,120]}"#)).status == 200)
        #expect(try header(1) == [0, 138, 390, 28])
        #expect(try header(0) == [0, 88, 390, 28])
    }

    /// Grouped with a header and a footer on a wide-margin screen (430 wide, @3x): m = 20
    /// (L-M1). The header and the footer replace the top and bottom insets (L-M3: 0); their
    /// estimates of 17.5 are slots on the grid, 17⅔ (D1). Rows span the view at 17⅔ and 61⅔;
    /// the footer follows at 105⅔. Separators (L-S2, L-S4): the first row's top and the last
    /// row's bottom span the row (the group's edges, a choice), the inner one is inset by the
    /// cells' margin, 20. Headers and footers do not pin in grouped lists: zIndex 200.
    @Test func aGroupedListWithHeaderAndFooterOnAWideMarginScreen() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"grouped","headerMode":"supplementary","footerMode":"supplementary"}}"#, counts: [2],
                view: #"{"bounds":[430,932],"scale":3,"wideMargins":true}"#))
        let h = Self.between3x
        Self.expectSame(
            try Self.elements(service, id, "0,0,430,932"),
            [
                Self.cell(0, 0, [0, h, 430, 44]), Self.cell(0, 1, [0, h + 44, 430, 44]),
                Self.boundary("header", 0, [0, 0, 430, h], z: 200), Self.boundary("footer", 0, [0, h + 88, 430, h], z: 200),
                Self.top(0, 0, [0, h, 430, Self.third]), Self.bottom(0, 0, [20, h + 44 - Self.third, 410, Self.third]),
                Self.bottom(0, 1, [0, h + 88 - Self.third, 430, Self.third])
            ])
        // Without the wide-margin trait the same screen has margins of 16.
        #expect(service.patchView(id: id, body: body(#"{"wideMargins":false}"#)).status == 200)
        let inner = try Self.elements(service, id, "0,\(h + 43.9),430,0.2").filter { $0.kind == "list-separator-bottom" }
        Self.expectSame(inner, [Self.bottom(0, 0, [16, h + 44 - Self.third, 414, Self.third])])
    }

    /// Inset grouped with headers and footers and an explicit `headerTopPadding` of 10, at
    /// @2x, 390 wide, two sections of one row. The header and footer replace the vertical
    /// insets (L-M3: 0); the padding lies above each header (L-M5): header 0 at 10 (17.5 tall,
    /// on the @2x grid), its row at 27.5, its footer at 71.5; section 0 ends at 89. Section
    /// 1's header at 99, its row at 116.5, its footer at 160.5: 178 in all. Headers and
    /// footers follow the side insets (x = 16, 358 wide). A group of one row has no separator
    /// (its only row is its last); its background is the row.
    @Test func insetGroupedHeadersFootersAndPadding() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary","headerTopPadding":10}}"#,
                counts: [1, 1], view: #"{"bounds":[390,844],"scale":2}"#))
        Self.expectSame(
            try Self.elements(service, id, "0,0,390,844"),
            [
                Self.cell(0, 0, [16, 27.5, 358, 44]), Self.cell(1, 0, [16, 116.5, 358, 44]),
                Self.boundary("header", 0, [16, 10, 358, 17.5], z: 200), Self.boundary("footer", 0, [16, 71.5, 358, 17.5], z: 200),
                Self.boundary("header", 1, [16, 99, 358, 17.5], z: 200), Self.boundary("footer", 1, [16, 160.5, 358, 17.5], z: 200),
                Self.background(0, [16, 27.5, 358, 44]), Self.background(1, [16, 116.5, 358, 44])
            ])
        #expect(try object(service.getSession(id: id))["contentSize"] as? [String: Double] == ["width": 390, "height": 178])
    }

    /// A separator configuration of the client's: top separators on every row, inset 0 and
    /// 10, bottom ones hidden (plain, @2x, 390 wide).
    @Test func separatorConfiguration() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"separatorConfiguration":{"topSeparatorVisibility":"visible","bottomSeparatorVisibility":"hidden","topSeparatorInsets":{"trailing":10}}}}"#,
                counts: [2], view: #"{"bounds":[390,844],"scale":2}"#))
        Self.expectSame(
            try Self.elements(service, id, "0,0,390,844"),
            [
                Self.cell(0, 0, [0, 0, 390, 44]), Self.cell(0, 1, [0, 44, 390, 44]),
                Self.top(0, 0, [0, 0, 380, 0.5]), Self.top(0, 1, [0, 44, 380, 0.5])
            ])
        #expect(service.decoration(id: id, kind: "list-separator-bottom", section: "0", item: "0").status == 404)
    }

    /// A sidebar whose first item is each section's header (390 wide, @3x): sections inset by
    /// 16 (L-M2), rows 358 wide; no automatic padding (not plain); 10 below each section
    /// (L-M4); no separators (L-S1, the sidebars' default) and no background. Section 1 starts
    /// at 3 · 44 + 10 = 142. A sidebarPlain section with a supplementary header: the header
    /// pins (210) and follows the insets (x = 16), 8 between it and the rows and 8 below them.
    @Test func sidebars() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"sidebar","headerMode":"firstItemInSection"}}"#, counts: [3, 2],
                view: #"{"bounds":[390,844],"scale":3}"#))
        Self.expectSame(
            try Self.elements(service, id, "0,0,390,844"),
            [
                Self.cell(0, 0, [16, 0, 358, 44]), Self.cell(0, 1, [16, 44, 358, 44]), Self.cell(0, 2, [16, 88, 358, 44]),
                Self.cell(1, 0, [16, 142, 358, 44]), Self.cell(1, 1, [16, 186, 358, 44])
            ])
        let plain = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"sidebarPlain","headerMode":"supplementary"}}"#, counts: [2],
                view: #"{"bounds":[390,844],"scale":2}"#))
        Self.expectSame(
            try Self.elements(service, plain, "0,0,390,844"),
            [Self.cell(0, 0, [16, 36, 358, 44]), Self.cell(0, 1, [16, 80, 358, 44]), Self.boundary("header", 0, [16, 0, 358, 28], z: 210)])
        #expect(try object(service.getSession(id: plain))["contentSize"] as? [String: Double] == ["width": 390, "height": 132])
        // showsSeparators turns them on: every row's bottom, inset by the sidebar's inner 8.
        let shown = try createSession(
            service,
            Self.session(#"{"list":{"appearance":"sidebar","showsSeparators":true}}"#, counts: [1], view: #"{"bounds":[390,844],"scale":2}"#))
        Self.expectSame(
            try Self.elements(service, shown, "0,0,390,844"),
            [Self.cell(0, 0, [16, 0, 358, 44]), Self.bottom(0, 0, [24, 43.5, 350, 0.5])])
    }

    /// A landscape phone (852 × 393, @3x) with safe areas of 59 at either side. Inset grouped:
    /// sections inset max(75, 16 + 59) = 75 (the system margins are the safe area plus 16),
    /// rows 702 wide, separators at 75 + 16. Plain: rows span the view, the cells' content
    /// (and the separators) start past the safe area: 59 + max(75 − 59, 16) = 75. Margins of
    /// the view's own smaller than the safe area change nothing; larger ones inset further.
    @Test func landscapeSafeAreas() throws {
        let service = makeService()
        let view = #"{"bounds":[852,393],"scale":3,"safeAreaInsets":{"left":59,"right":59,"bottom":21}"#
        let inset = try createSession(service, Self.session(#"{"list":{"appearance":"insetGrouped"}}"#, counts: [2], view: view + "}"))
        Self.expectSame(
            try Self.elements(service, inset, "0,0,852,393"),
            [
                Self.cell(0, 0, [75, 35, 702, 44]), Self.cell(0, 1, [75, 79, 702, 44]), Self.background(0, [75, 35, 702, 88]),
                Self.bottom(0, 0, [91, 79 - Self.third, 686, Self.third])
            ])
        let plain = try createSession(service, Self.session(#"{"list":{"appearance":"plain"}}"#, counts: [2], view: view + "}"))
        Self.expectSame(
            try Self.elements(service, plain, "0,0,852,393"),
            [
                Self.cell(0, 0, [0, 0, 852, 44]), Self.cell(0, 1, [0, 44, 852, 44]),
                Self.bottom(0, 0, [75, 44 - Self.third, 777, Self.third]), Self.bottom(0, 1, [75, 88 - Self.third, 777, Self.third])
            ])
        let small = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"insetGrouped"}}"#, counts: [1], view: view + #","layoutMargins":{"left":20,"right":20}}"#))
        #expect(try Self.elements(service, small, "0,0,852,393").first == Self.cell(0, 0, [75, 35, 702, 44]))
        let large = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"insetGrouped"}}"#, counts: [1], view: view + #","layoutMargins":{"left":100,"right":30}}"#))
        #expect(try Self.elements(service, large, "0,0,852,393").first == Self.cell(0, 0, [100, 35, 677, 44]))
    }

    /// Right to left (393 wide, @3x, margins 30 on the left and 20 on the right): leading is
    /// the right, so the section's leading inset is 20 and its trailing 30 (L-M2, in the
    /// layout's own space where leading is min x: rows at x = 20, 343 wide). On screen
    /// (`visualFrame`, docs/layout-direction.md) the row sits 30 from the left: 393 − 20 − 343.
    /// The separator is inset 16 at the leading side: layout x = 36, 327 wide; on screen x =
    /// 393 − 36 − 327 = 30, flush with the row's trailing (left) edge.
    @Test func rightToLeft() throws {
        let service = makeService()
        let id = try createSession(
            service,
            Self.session(
                #"{"list":{"appearance":"insetGrouped"}}"#, counts: [2],
                view: #"{"bounds":[393,852],"scale":3,"layoutDirection":"rightToLeft","layoutMargins":{"left":30,"right":20}}"#))
        var cell0 = Self.cell(0, 0, [20, 35, 343, 44])
        cell0.visual = [30, 35, 343, 44]
        var cell1 = Self.cell(0, 1, [20, 79, 343, 44])
        cell1.visual = [30, 79, 343, 44]
        var background = Self.background(0, [20, 35, 343, 88])
        background.visual = [30, 35, 343, 88]
        var separator = Self.bottom(0, 0, [36, 79 - Self.third, 327, Self.third])
        separator.visual = [30, 79 - Self.third, 327, Self.third]
        Self.expectSame(try Self.elements(service, id, "0,0,393,852"), [cell0, cell1, background, separator])
    }

    /// Self-sizing (C15): list rows are estimated, so a measured row changes its own height and
    /// moves what follows it, with its separators; widths stay the row's (fractional), and
    /// nothing before it changes. A list with a fixed row height takes no measurements.
    @Test func aSelfSizingRoundTrip() throws {
        let service = makeService()
        let id = try createSession(
            service, Self.session(#"{"list":{"appearance":"plain"}}"#, counts: [3], view: #"{"bounds":[390,844],"scale":2}"#))
        let before = try Self.elements(service, id, "0,0,390,844")
        let r = service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,1],"size":[200,80]}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let after = try Self.elements(service, id, "0,0,390,844")
        Self.expectSame(
            after,
            [
                Self.cell(0, 0, [0, 0, 390, 44]), Self.cell(0, 1, [0, 44, 390, 80]), Self.cell(0, 2, [0, 124, 390, 44]),
                Self.bottom(0, 0, [16, 43.5, 374, 0.5]), Self.bottom(0, 1, [16, 123.5, 374, 0.5]),
                Self.bottom(0, 2, [16, 167.5, 374, 0.5])
            ])
        let changed = Set(zip(before, after).filter { $0 != $1 }.map { "\($0.0.kind ?? "cell") \($0.0.indexPath)" })
        #expect(changed == ["cell [0, 1]", "cell [0, 2]", "list-separator-bottom [0, 1]", "list-separator-bottom [0, 2]"])
        #expect(try object(service.getSession(id: id))["contentSize"] as? [String: Double] == ["width": 390, "height": 168])
        let fixed = try createSession(
            service, Self.session(#"{"list":{"rowHeight":60}}"#, counts: [3], view: #"{"bounds":[390,844],"scale":2}"#))
        #expect(service.preferredSizes(id: fixed, body: body(#"{"items":[{"indexPath":[0,1],"size":[200,80]}]}"#)).status == 409)
    }

    /// List sections beside others: a grid as the layout's section, a list for one
    /// data-source section and an orthogonal row for another. The list's rows draw at 10 with
    /// separators; the grid's cells keep their zIndex 0 and get none.
    @Test func listsMixWithOtherSections() throws {
        let grid =
            #"{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}"#
        let row =
            #"{"orthogonalScrollingBehavior":"continuous","group":{"axis":"horizontal","size":{"width":{"absolute":150},"height":{"absolute":80}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}"#
        let json =
            #"{"layout":{"type":"compositional","section":\#(grid)},"dataSource":{"sections":[{"itemCount":2},{"itemCount":2,"layout":{"list":{"appearance":"plain"}}},{"itemCount":5,"layout":\#(row)}]},"view":{"bounds":[390,844],"scale":2}}"#
        let service = makeService()
        let id = try createSession(service, json)
        let all = try Self.elements(service, id, "0,0,390,844")
        Self.expectSame(
            all.filter { $0.indexPath[0] < 2 },
            [
                Element(category: "cell", indexPath: [0, 0], frame: [0, 0, 195, 100], zIndex: 0),
                Element(category: "cell", indexPath: [0, 1], frame: [195, 0, 195, 100], zIndex: 0),
                Self.cell(1, 0, [0, 100, 390, 44]), Self.cell(1, 1, [0, 144, 390, 44]),
                Self.bottom(1, 0, [16, 143.5, 374, 0.5]), Self.bottom(1, 1, [16, 187.5, 374, 0.5])
            ])
        #expect(all.filter { $0.indexPath[0] == 2 }.map(\.frame) == [[0, 188, 150, 80], [150, 188, 150, 80], [300, 188, 150, 80]])
    }

    /// The view's margins change the list: a PATCH lays it out again; `"system"` goes back to
    /// the system's margins. A layout without list sections ignores them.
    @Test func patchingTheMargins() throws {
        let service = makeService()
        let id = try createSession(
            service, Self.session(#"{"list":{"appearance":"insetGrouped"}}"#, counts: [1], view: #"{"bounds":[393,852],"scale":3}"#))
        let r = service.patchView(id: id, body: body(#"{"layoutMargins":{"left":40,"right":40}}"#))
        #expect(r.status == 200)
        #expect((try object(r)["invalidation"] as? [String: Any])?["layout"] as? Bool == true)
        #expect(try Self.elements(service, id, "0,0,393,852").first == Self.cell(0, 0, [40, 35, 313, 44]))
        let view = try object(service.getSession(id: id))["view"] as? [String: Any]
        #expect(view?["layoutMargins"] as? [String: Double] == ["top": 0, "left": 40, "bottom": 0, "right": 40])
        #expect(service.patchView(id: id, body: body(#"{"layoutMargins":"system"}"#)).status == 200)
        #expect(try Self.elements(service, id, "0,0,393,852").first == Self.cell(0, 0, [16, 35, 361, 44]))
        #expect((try object(service.getSession(id: id))["view"] as? [String: Any])?["layoutMargins"] == nil)
    }

    /// A list session survives a store round trip: another service on the same SQLite file
    /// answers the same elements (the section's JSON and the view's list inputs are stored).
    @Test func aStoredListLoadsAgain() throws {
        let path = try temporaryDirectory() + "/lists.db"
        let json = Self.session(
            #"{"list":{"appearance":"insetGrouped","headerMode":"supplementary","separatorConfiguration":{"bottomSeparatorInsets":{"leading":40,"trailing":8}}}}"#,
            counts: [4, 2], view: #"{"bounds":[852,393],"scale":3,"safeAreaInsets":{"left":59,"right":59},"wideMargins":true}"#)
        let a = try sqliteService(path)
        let id = try createSession(a, json)
        let here = try Self.elements(a, id, "0,0,852,393")
        let separators = here.filter { $0.kind == "list-separator-bottom" }
        #expect(!separators.isEmpty && separators.allSatisfy { $0.frame[0] == 119 && $0.frame[2] == 646 })
        Self.expectSame(try Self.elements(try sqliteService(path), id, "0,0,852,393"), here)
    }

    /// Bad input names the field and the problem.
    @Test(arguments: [
        (#"{"list":{"appearance":"fancy"}}"#, "", "layout.section.list.appearance"),
        (#"{"list":{},"interGroupSpacing":4}"#, "", "layout.section.interGroupSpacing"),
        (#"{"list":{"rowHeight":0}}"#, "", "layout.section.list.rowHeight"),
        (#"{"list":{"headerMode":"sometimes"}}"#, "", "layout.section.list.headerMode"),
        (
            #"{"list":{"separatorConfiguration":{"topSeparatorVisibility":"maybe"}}}"#, "",
            "layout.section.list.separatorConfiguration.topSeparatorVisibility"
        ),
        (
            #"{"list":{"separatorConfiguration":{"bottomSeparatorInsets":{"leading":-1}}}}"#, "",
            "layout.section.list.separatorConfiguration.bottomSeparatorInsets.leading"
        ),
        (#"{"list":{"colour":"red"}}"#, "", "layout.section.list.colour"),
        (#"{"list":{}}"#, #","scrollDirection":"horizontal""#, "layout.section.list")
    ])
    func badListsAreNamed(section: String, extra: String, field: String) throws {
        let r = makeService().createSession(body: body(Self.session(section, counts: [2], view: #"{"bounds":[390,844]}"#, extra: extra)))
        #expect(r.status == 400 || r.status == 422)
        #expect(try errorOf(r).field == field, "\(String(decoding: r.body, as: UTF8.self))")
    }

    @Test(arguments: [
        (#""layoutMargins":{"left":-4}"#, "view.layoutMargins.left"),
        (#""layoutMargins":"wide""#, "view.layoutMargins"),
        (#""safeAreaInsets":{"bottom":-34}"#, "view.safeAreaInsets.bottom"),
        (#""wideMargins":1"#, "view.wideMargins")
    ])
    func badViewInputsAreNamed(member: String, field: String) throws {
        let r = makeService().createSession(
            body: body(Self.session(#"{"list":{}}"#, counts: [2], view: #"{"bounds":[390,844],\#(member)}"#)))
        #expect(r.status == 400)
        #expect(try errorOf(r).field == field, "\(String(decoding: r.body, as: UTF8.self))")
    }
}
