import Testing
import LayoutService

/// Every appearance with every header and footer mode, worked by hand (docs/compositional.md
/// §6): one section of two rows estimated at 44 on a 390-wide phone at @2x with the system's
/// margins (16), the section alone (so it is both the first and the last).
@Suite struct ListSectionModeTests {
    typealias T = ListSectionTests

    struct Case: Sendable, CustomTestStringConvertible {
        let appearance: String
        let header: String
        let footer: String
        /// The first row's y, the header's and the footer's y (nil: none), the content height.
        let rowY: Double
        let headerY: Double?
        let footerY: Double?
        let height: Double
        var testDescription: String { "\(appearance) header \(header) footer \(footer)" }
    }

    /// By appearance (L-M2 … L-M6), H and F the header and footer estimates:
    /// - plain (H = F = 28): no insets; a header takes 28 above the rows, a footer 28 below.
    /// - grouped and insetGrouped (H = F = 17.5, on the @2x grid): 35 above without a header
    ///   (the first item as one counts), 0 with one; 20 below without a footer, 0 with one.
    /// - sidebar (17.5): nothing above; 10 below without a footer.
    /// - sidebarPlain (28): 8 above and below the rows when there is a header (of either mode)
    ///   or a footer.
    /// A footer sits below the bottom inset, so the content ends at the footer's end.
    static let cases: [Case] = [
        Case(appearance: "plain", header: "none", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 88),
        Case(appearance: "plain", header: "none", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88, height: 116),
        Case(appearance: "plain", header: "supplementary", footer: "none", rowY: 28, headerY: 0, footerY: nil, height: 116),
        Case(appearance: "plain", header: "supplementary", footer: "supplementary", rowY: 28, headerY: 0, footerY: 116, height: 144),
        Case(appearance: "plain", header: "firstItemInSection", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 88),
        Case(appearance: "plain", header: "firstItemInSection", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88, height: 116),
        Case(appearance: "grouped", header: "none", footer: "none", rowY: 35, headerY: nil, footerY: nil, height: 143),
        Case(appearance: "grouped", header: "none", footer: "supplementary", rowY: 35, headerY: nil, footerY: 123, height: 140.5),
        Case(appearance: "grouped", header: "supplementary", footer: "none", rowY: 17.5, headerY: 0, footerY: nil, height: 125.5),
        Case(appearance: "grouped", header: "supplementary", footer: "supplementary", rowY: 17.5, headerY: 0, footerY: 105.5, height: 123),
        Case(appearance: "grouped", header: "firstItemInSection", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 108),
        Case(appearance: "grouped", header: "firstItemInSection", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88, height: 105.5),
        Case(appearance: "insetGrouped", header: "none", footer: "none", rowY: 35, headerY: nil, footerY: nil, height: 143),
        Case(appearance: "insetGrouped", header: "none", footer: "supplementary", rowY: 35, headerY: nil, footerY: 123, height: 140.5),
        Case(appearance: "insetGrouped", header: "supplementary", footer: "none", rowY: 17.5, headerY: 0, footerY: nil, height: 125.5),
        Case(
            appearance: "insetGrouped", header: "supplementary", footer: "supplementary", rowY: 17.5, headerY: 0, footerY: 105.5,
            height: 123),
        Case(appearance: "insetGrouped", header: "firstItemInSection", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 108),
        Case(
            appearance: "insetGrouped", header: "firstItemInSection", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88,
            height: 105.5),
        Case(appearance: "sidebar", header: "none", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 98),
        Case(appearance: "sidebar", header: "none", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88, height: 105.5),
        Case(appearance: "sidebar", header: "supplementary", footer: "none", rowY: 17.5, headerY: 0, footerY: nil, height: 115.5),
        Case(appearance: "sidebar", header: "supplementary", footer: "supplementary", rowY: 17.5, headerY: 0, footerY: 105.5, height: 123),
        Case(appearance: "sidebar", header: "firstItemInSection", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 98),
        Case(appearance: "sidebar", header: "firstItemInSection", footer: "supplementary", rowY: 0, headerY: nil, footerY: 88, height: 105.5),
        Case(appearance: "sidebarPlain", header: "none", footer: "none", rowY: 0, headerY: nil, footerY: nil, height: 88),
        Case(appearance: "sidebarPlain", header: "none", footer: "supplementary", rowY: 8, headerY: nil, footerY: 104, height: 132),
        Case(appearance: "sidebarPlain", header: "supplementary", footer: "none", rowY: 36, headerY: 0, footerY: nil, height: 132),
        Case(appearance: "sidebarPlain", header: "supplementary", footer: "supplementary", rowY: 36, headerY: 0, footerY: 132, height: 160),
        Case(appearance: "sidebarPlain", header: "firstItemInSection", footer: "none", rowY: 8, headerY: nil, footerY: nil, height: 104),
        Case(
            appearance: "sidebarPlain", header: "firstItemInSection", footer: "supplementary", rowY: 8, headerY: nil, footerY: 104,
            height: 132)
    ]

    /// The separators and background of two rows at `y0` and `y0 + 44`, `x`/`w` the rows',
    /// rows from `first` (L-R3): plain, every row's bottom one inset 16 (L-S4); grouped, the
    /// first row's top one and the last row's bottom one across the row, the others inset 16;
    /// inset grouped, every bottom one but the last, inset 16 from the row's edge, and the
    /// background over the rows; the sidebars none (L-S1). Half a point tall (L-S3, @2x).
    static func decorations(_ c: Case, x: Double, w: Double) -> [ListSectionTests.Element] {
        let first = c.header == "firstItemInSection" ? 1 : 0
        let y = [c.rowY, c.rowY + 44]
        var out: [ListSectionTests.Element] = []
        switch c.appearance {
        case "plain":
            for i in first..<2 { out.append(T.bottom(0, i, [16, y[i] + 43.5, 374, 0.5])) }
        case "grouped":
            for i in first..<2 {
                if i == first { out.append(T.top(0, i, [0, y[i], 390, 0.5])) }
                out.append(i == 1 ? T.bottom(0, i, [0, y[i] + 43.5, 390, 0.5]) : T.bottom(0, i, [16, y[i] + 43.5, 374, 0.5]))
            }
        case "insetGrouped":
            out.append(T.background(0, [x, y[first], w, 44 * Double(2 - first)]))
            if first == 0 { out.append(T.bottom(0, 0, [x + 16, y[0] + 43.5, w - 16, 0.5])) }
        default:
            break
        }
        return out
    }

    @Test(arguments: cases)
    func handWorked(_ c: Case) throws {
        let service = makeService()
        let id = try createSession(
            service,
            T.session(
                #"{"list":{"appearance":"\#(c.appearance)","headerMode":"\#(c.header)","footerMode":"\#(c.footer)"}}"#, counts: [2],
                view: #"{"bounds":[390,844],"scale":2}"#))
        let inset = ["insetGrouped", "sidebar", "sidebarPlain"].contains(c.appearance)
        let (x, w) = inset ? (16.0, 358.0) : (0.0, 390.0)
        let pins = c.appearance == "plain" || c.appearance == "sidebarPlain"
        let grouped = ["grouped", "insetGrouped", "sidebar"].contains(c.appearance)
        let estimate = grouped ? 17.5 : 28
        var want = [T.cell(0, 0, [x, c.rowY, w, 44]), T.cell(0, 1, [x, c.rowY + 44, w, 44])]
        if let h = c.headerY { want.append(T.boundary("header", 0, [x, h, w, estimate], z: pins ? 210 : 200)) }
        if let f = c.footerY { want.append(T.boundary("footer", 0, [x, f, w, estimate], z: pins ? 210 : 200)) }
        want += Self.decorations(c, x: x, w: w)
        T.expectSame(try T.elements(service, id, "0,0,390,844"), want)
        let size = try object(service.getSession(id: id))["contentSize"] as? [String: Double]
        #expect(size == ["width": 390, "height": c.height])
    }

    /// Batch updates on a list lay it out as creating it would: inserting a section after
    /// the last makes the old last one an inner one (its 20 below becomes 17.5, L-M3) and adds
    /// a row to the first (its last row gains a separator, the background grows).
    @Test func updatesEqualAFreshList() throws {
        let service = makeService()
        let list = #"{"list":{"appearance":"insetGrouped","headerMode":"supplementary"}}"#
        let view = #"{"bounds":[393,852],"scale":3}"#
        let id = try createSession(service, T.session(list, counts: [2, 3], view: view))
        let r = service.applyUpdates(
            id: id,
            body: body(
                #"{"updates":[{"op":"insertItems","indexPaths":[[0,2]]},{"op":"insertSections","sections":[2],"data":[{"itemCount":1}]}]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let fresh = try createSession(service, T.session(list, counts: [3, 3, 1], view: view))
        let updated = try T.elements(service, id, "0,0,393,852"), created = try T.elements(service, fresh, "0,0,393,852")
        T.expectSame(updated, created)
        #expect(updated.contains { $0.kind == "list-separator-bottom" && $0.indexPath == [0, 1] })
        #expect(
            try object(service.getSession(id: id))["contentSize"] as? [String: Double]
                == (try object(service.getSession(id: fresh))["contentSize"] as? [String: Double]))
    }
}
