import LayoutService
import Testing

/// Issue 37's truth table through the service, row by row (docs/layout-direction.md L1–L5):
/// for each layout class, effective direction, development direction and flag, the x of
/// every element a session answers (frame, and visualFrame when the axis flips), worked out
/// by hand with content insets, section insets, headers, footers and estimated sizes.
@Suite struct LayoutDirectionTruthTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let layout: String
        let dataSource: String
        let view: String
        /// Every element's frame.x in the answer's order (cells, headers, footers, ...).
        let x: [Double]
        /// Every element's visualFrame.x; nil when the axis is not flipped (and then no
        /// element has one).
        let visualX: [Double]?
        var testDescription: String { name }
    }

    /// A vertical flow: items 100 × 50, spacing 10, sectionInset.left 15, a 40-high header and
    /// a 20-high footer, three items in a 390-wide view inset 10 left and 20 right: D = 360.
    /// Left to right the row holds 3 (15 + 300 + 20 ≤ 360), justified: the free 45 shared by
    /// two gaps, x = 15, 137.5, 260; header and footer at 0, 360 wide. Mirrored (L2): x' =
    /// 360 − x − 100 = 245, 122.5, 0; the header and footer stay at 0. With the axis flipped,
    /// visualFrame mirrors across the content width, also D: the same 245, 122.5, 0.
    static let verticalFlow =
        #"{"type":"flow","itemSize":[100,50],"minimumInteritemSpacing":10,"sectionInset":{"left":15},"headerReferenceSize":[0,40],"footerReferenceSize":[0,20]"#
    static let verticalData = #"{"sections":[{"itemCount":3}]}"#
    static func verticalView(_ direction: String) -> String {
        #"{"bounds":[390,844],"contentInset":{"left":10,"right":20},"layoutDirection":"\#(direction)"}"#
    }
    static let verticalLTR: [Double] = [15, 137.5, 260, 0, 0]
    static let verticalMirrored: [Double] = [245, 122.5, 0, 0, 0]

    /// The horizontal flow of RightToLeftHorizontalFlowTests (sections of 5 and 2 items, 50 ×
    /// 50, spacings 10, headers 30 wide, footers 20, D = 200, W = 260), in a 100-wide view
    /// inset 5 left and 15 right (horizontal insets do not change D). Order: cells 0.0–0.4,
    /// 1.0, 1.1; headers 0, 1; footers 0, 1. Left to right: columns at 30, 90 and 190, headers
    /// at 0 and 160, footers at 140 and 240. L3: 120 ×3, 180 ×2, 20 ×2; headers 230, 70; footers
    /// 100, 0. With estimated sizes (sections in order): cells moved by −10 (20 ×3, 80 ×2,
    /// 180 ×2), headers 130 and 230, footers 0 and 160. Flipped instead (the flag): frames left
    /// to right and visualFrame x = 260 − x − w: 180 ×3, 120 ×2, 20 ×2; headers 230, 70; footers
    /// 100, 0. Sections and their headers and footers land where L3 puts them; inside a
    /// section the columns run right to left, where L3 keeps them left to right.
    static let horizontalFlow =
        #"{"type":"flow","scrollDirection":"horizontal","itemSize":[50,50],"minimumInteritemSpacing":10,"minimumLineSpacing":10,"headerReferenceSize":[30,0],"footerReferenceSize":[20,0]"#
    static let horizontalData = #"{"sections":[{"itemCount":5},{"itemCount":2}]}"#
    static func horizontalView(_ direction: String) -> String {
        #"{"bounds":[100,200],"contentInset":{"left":5,"right":15},"layoutDirection":"\#(direction)"}"#
    }
    static let horizontalLTR: [Double] = [30, 30, 30, 90, 90, 190, 190, 0, 160, 140, 240]
    static let horizontalQuirk: [Double] = [120, 120, 120, 180, 180, 20, 20, 230, 70, 100, 0]

    /// A compositional layout: one section with leading inset 20 in a 400-wide view, a group
    /// of four quarter-width items. The items share 400 − 20 = 380: 95 each, at 20, 115, 210,
    /// 305, leading-based in every direction (L4). Flipped: 400 − x − 95 = 285, 190, 95, 0.
    static let compositional =
        #"{"type":"compositional","section":{"contentInsets":{"leading":20},"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}]}}"#
    static let compositionalData = #"{"sections":[{"itemCount":4}]}"#
    static func wideView(_ direction: String) -> String { #"{"bounds":[400,844],"layoutDirection":"\#(direction)"}"# }

    /// A custom layout, the waterfall: two columns, sectionInset.left 20, a 30-high header, in
    /// a 400-wide view: usable 380, item width floor((380 − 10) / 2) = 185, columns at 20 and
    /// 20 + 195 = 215; the header at 0. Its frames never change (L5); flipped by the flag:
    /// 400 − 20 − 185 = 195, 400 − 215 − 185 = 0, the header 0.
    static let waterfall = #"{"type":"waterfall","sectionInset":{"left":20},"headerHeight":30"#
    static let waterfallData = #"{"sections":[{"items":[{"size":[100,100]},{"size":[100,100]}]}]}"#

    static func layout(_ base: String, flips: Bool = false, development: String? = nil, estimated: String? = nil) -> String {
        var json = base
        if flips { json += #","flipsHorizontallyInOppositeLayoutDirection":true"# }
        if let development { json += #","developmentLayoutDirection":"\#(development)""# }
        if let estimated { json += #","estimatedItemSize":\#(estimated)"# }
        return json + "}"
    }

    static let rows: [Row] = [
        // Vertical flow.
        Row(
            name: "vertical flow, LTR", layout: layout(verticalFlow), dataSource: verticalData, view: verticalView("leftToRight"), x: verticalLTR,
            visualX: nil),
        Row(
            name: "vertical flow, RTL", layout: layout(verticalFlow), dataSource: verticalData, view: verticalView("rightToLeft"),
            x: verticalMirrored, visualX: nil),
        Row(
            name: "vertical flow, RTL, estimated", layout: layout(verticalFlow, estimated: "[100,50]"), dataSource: verticalData,
            view: verticalView("rightToLeft"), x: verticalMirrored, visualX: nil),
        Row(
            name: "vertical flow, RTL, developed RTL", layout: layout(verticalFlow, development: "rightToLeft"), dataSource: verticalData,
            view: verticalView("rightToLeft"), x: verticalMirrored, visualX: nil),
        Row(
            name: "vertical flow, RTL, flag", layout: layout(verticalFlow, flips: true), dataSource: verticalData, view: verticalView("rightToLeft"),
            x: verticalLTR, visualX: verticalMirrored),
        Row(
            name: "vertical flow, RTL, flag, developed RTL", layout: layout(verticalFlow, flips: true, development: "rightToLeft"),
            dataSource: verticalData, view: verticalView("rightToLeft"), x: verticalLTR, visualX: nil),
        Row(
            name: "vertical flow, LTR, flag, developed RTL", layout: layout(verticalFlow, flips: true, development: "rightToLeft"),
            dataSource: verticalData, view: verticalView("leftToRight"), x: verticalLTR, visualX: verticalMirrored),
        Row(
            name: "vertical flow, LTR, developed RTL", layout: layout(verticalFlow, development: "rightToLeft"), dataSource: verticalData,
            view: verticalView("leftToRight"), x: verticalLTR, visualX: nil),
        // Horizontal flow.
        Row(
            name: "horizontal flow, LTR", layout: layout(horizontalFlow), dataSource: horizontalData, view: horizontalView("leftToRight"),
            x: horizontalLTR, visualX: nil),
        Row(
            name: "horizontal flow, RTL", layout: layout(horizontalFlow), dataSource: horizontalData, view: horizontalView("rightToLeft"),
            x: horizontalQuirk, visualX: nil),
        Row(
            name: "horizontal flow, RTL, estimated", layout: layout(horizontalFlow, estimated: "[50,50]"), dataSource: horizontalData,
            view: horizontalView("rightToLeft"), x: [20, 20, 20, 80, 80, 180, 180, 130, 230, 0, 160], visualX: nil),
        Row(
            name: "horizontal flow, RTL, flag", layout: layout(horizontalFlow, flips: true), dataSource: horizontalData,
            view: horizontalView("rightToLeft"), x: horizontalLTR, visualX: [180, 180, 180, 120, 120, 20, 20, 230, 70, 100, 0]),
        // Compositional.
        Row(
            name: "compositional, LTR", layout: layout(compositional), dataSource: compositionalData, view: wideView("leftToRight"),
            x: [20, 115, 210, 305], visualX: nil),
        Row(
            name: "compositional, RTL", layout: layout(compositional), dataSource: compositionalData, view: wideView("rightToLeft"),
            x: [20, 115, 210, 305], visualX: [285, 190, 95, 0]),
        Row(
            name: "compositional, RTL, developed RTL", layout: layout(compositional, development: "rightToLeft"), dataSource: compositionalData,
            view: wideView("rightToLeft"), x: [20, 115, 210, 305], visualX: nil),
        Row(
            name: "compositional, LTR, flag, developed RTL", layout: layout(compositional, flips: true, development: "rightToLeft"),
            dataSource: compositionalData, view: wideView("leftToRight"), x: [20, 115, 210, 305], visualX: [285, 190, 95, 0]),
        // A custom layout.
        Row(
            name: "waterfall, RTL", layout: layout(waterfall), dataSource: waterfallData, view: wideView("rightToLeft"), x: [20, 215, 0],
            visualX: nil),
        Row(
            name: "waterfall, RTL, flag", layout: layout(waterfall, flips: true), dataSource: waterfallData, view: wideView("rightToLeft"),
            x: [20, 215, 0], visualX: [195, 0, 0])
    ]

    @Test(arguments: rows)
    func row(_ row: Row) throws {
        let service = makeService()
        let id = try createSession(service, #"{"layout":\#(row.layout),"dataSource":\#(row.dataSource),"view":\#(row.view)}"#)
        let elements = try #require(try object(service.elements(id: id, query: nil))["elements"] as? [[String: Any]])
        #expect(elements.map { ($0["frame"] as? [String: Double])?["x"] } == row.x)
        let visual = elements.map { ($0["visualFrame"] as? [String: Double])?["x"] }
        if let expected = row.visualX {
            #expect(visual == expected)
        } else {
            #expect(visual.allSatisfy { $0 == nil })
        }
        #expect((try object(service.getSession(id: id))["axisFlipped"] as? Bool ?? false) == (row.visualX != nil))
    }
}
