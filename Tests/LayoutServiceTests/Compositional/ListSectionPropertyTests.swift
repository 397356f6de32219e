import Testing
import LayoutService

/// What holds for every list whatever its appearance, header and footer modes, scale, screen
/// and direction (docs/compositional.md §6), over the whole matrix: 5 appearances × 3 header
/// modes × 2 footer modes × @2x and @3x × a narrow screen and a wide-margin landscape one with
/// safe areas × both directions, two sections each.
@Suite struct ListSectionPropertyTests {
    typealias Element = ListSectionTests.Element

    struct Case: Sendable, CustomTestStringConvertible {
        let appearance: String
        let header: String
        let footer: String
        let scale: Double
        let wide: Bool
        var testDescription: String { "\(appearance) header \(header) footer \(footer) @\(Int(scale))x\(wide ? " wide" : "")" }
    }

    static let cases: [Case] = ["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"].flatMap { a in
        ["none", "supplementary", "firstItemInSection"].flatMap { h in
            ["none", "supplementary"].flatMap { f in
                [2.0, 3.0].flatMap { s in [false, true].map { Case(appearance: a, header: h, footer: f, scale: s, wide: $0) } }
            }
        }
    }

    /// The view: a 393 × 852 phone, or a 932 × 430 landscape Max phone with safe areas of 59
    /// and margins of its own, 30 on the left and 24 on the right (less than the safe area
    /// plus 20 on both sides: the safe area rules), in `direction`.
    static func view(_ c: Case, _ direction: String, swapped: Bool = false) -> String {
        guard c.wide else { return #"{"bounds":[393,852],"scale":\#(c.scale),"layoutDirection":"\#(direction)"}"# }
        let (left, right) = swapped ? (24, 30) : (30, 24)
        return
            #"{"bounds":[932,430],"scale":\#(c.scale),"wideMargins":true,"safeAreaInsets":{"left":59,"right":59},"layoutMargins":{"left":\#(left),"right":\#(right)},"layoutDirection":"\#(direction)"}"#
    }

    static func list(_ c: Case) -> String {
        #"{"list":{"appearance":"\#(c.appearance)","headerMode":"\#(c.header)","footerMode":"\#(c.footer)"}}"#
    }

    @Test(arguments: cases)
    func invariants(_ c: Case) throws {
        let service = makeService()
        let id = try createSession(service, ListSectionTests.session(Self.list(c), counts: [4, 3], view: Self.view(c, "leftToRight")))
        let all = try ListSectionTests.elements(service, id, "0,0,2000,2000")
        let width = c.wide ? 932.0 : 393
        let pixel = 1 / c.scale
        for s in 0..<2 {
            let rows = all.filter { $0.category == "cell" && $0.indexPath[0] == s }.sorted { $0.indexPath[1] < $1.indexPath[1] }
            #expect(rows.count == (s == 0 ? 4 : 3))
            // Rows are stacked without gaps, one x and one width, at zIndex 10, inside the view
            // and symmetric about the safe area only as far as the margins say.
            for (a, b) in zip(rows, rows.dropFirst()) { #expect(Swift.abs(a.frame[1] + a.frame[3] - b.frame[1]) < 1e-9) }
            #expect(Set(rows.map { $0.frame[0] }).count == 1 && Set(rows.map { $0.frame[2] }).count == 1)
            #expect(rows.allSatisfy { $0.zIndex == 10 && $0.frame[0] >= 0 && $0.frame[0] + $0.frame[2] <= width + 1e-9 })
            let insets = ["insetGrouped", "sidebar", "sidebarPlain"].contains(c.appearance)
            let x = rows[0].frame[0]
            #expect(insets ? x >= (c.wide ? 79 : 16) : x == 0)
            let firstRow = c.header == "firstItemInSection" ? 1 : 0
            // Separators: in their row, a pixel tall, at zIndex 100, none for a header item.
            let separators = all.filter { $0.kind?.hasPrefix("list-separator") == true && $0.indexPath[0] == s }
            let shows = c.appearance != "sidebar" && c.appearance != "sidebarPlain"
            #expect(separators.isEmpty != shows || rows.count <= firstRow)
            for e in separators {
                let row = rows[e.indexPath[1]]
                #expect(e.indexPath[1] >= firstRow && e.zIndex == 100 && Swift.abs(e.frame[3] - pixel) < 1e-12)
                #expect(e.frame[0] >= row.frame[0] && e.frame[0] + e.frame[2] <= row.frame[0] + row.frame[2] + 1e-9)
                let y = e.kind == "list-separator-top" ? row.frame[1] : row.frame[1] + row.frame[3] - pixel
                #expect(Swift.abs(e.frame[1] - y) < 1e-9)
            }
            // The background covers exactly the rows after the header item (inset grouped only).
            let backgrounds = all.filter { $0.kind == "list-background" && $0.indexPath[0] == s }
            if c.appearance == "insetGrouped" {
                let covered = rows[firstRow...]
                let top = covered.first!.frame[1], bottom = covered.last!.frame[1] + covered.last!.frame[3]
                #expect(backgrounds.count == 1 && backgrounds[0].zIndex == 0)
                #expect(backgrounds.first.map { Swift.abs($0.frame[1] - top) < 1e-9 && Swift.abs($0.frame[3] - (bottom - top)) < 1e-9 } == true)
            } else {
                #expect(backgrounds.isEmpty)
            }
            // Headers above the rows, footers below, at the rows' x; pinned (210) only where
            // the appearance pins them.
            let pins = c.appearance == "plain" || c.appearance == "sidebarPlain"
            for e in all where e.category == "supplementary" && e.indexPath[0] == s {
                #expect(e.zIndex == (pins ? 210 : 200) && e.frame[0] == x)
                if e.kind == "header" { #expect(e.frame[1] + e.frame[3] <= rows[0].frame[1] + 1e-9) }
                // A pinned footer rises to the visible bottom (D4), never above its rows' start.
                let below = pins ? rows[0].frame[1] : rows.last!.frame[1] + rows.last!.frame[3]
                if e.kind == "footer" { #expect(e.frame[1] >= below - 1e-9) }
            }
            #expect(
                all.filter { $0.category == "supplementary" && $0.indexPath[0] == s }.count
                    == (c.header == "supplementary" ? 1 : 0) + (c.footer == "supplementary" ? 1 : 0))
        }
        // Right to left with the margins swapped is the same list mirrored: the same frames in
        // the layout's own space, each drawn at W − x − w.
        let mirrored = try createSession(
            service, ListSectionTests.session(Self.list(c), counts: [4, 3], view: Self.view(c, "rightToLeft", swapped: true)))
        let rtl = try ListSectionTests.elements(service, mirrored, "0,0,2000,2000")
        #expect(rtl.count == all.count)
        for (l, r) in zip(all, rtl) {
            var expected = l
            expected.visual = [width - l.frame[0] - l.frame[2], l.frame[1], l.frame[2], l.frame[3]]
            #expect(r.matches(expected), "\(r) against \(expected)")
        }
    }
}
