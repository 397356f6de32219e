import Foundation
import LayoutEngine
import Testing
import Rendering

/// List sections' decoration views (docs/compositional.md, §6): separators drawn as
/// hairlines, an inset-grouped section's background as a rectangle with UIKit's 10-point
/// corners. The attributes are made by hand, as the engine answers them (cells zIndex 10,
/// separators 100, the group 0), so these tests do not depend on the engine's list sections.
@Suite("SVG renderer, list sections")
struct ListDrawingTests {
    func svg(_ elements: [LayoutAttributes], options: SVGRenderOptions = SVGRenderOptions()) -> String {
        String(
            decoding: SVGRenderer.render(
                RenderScene(contentSize: Size(width: 393, height: 200), elements: elements), options: options),
            as: UTF8.self)
    }

    static func row(_ section: Int, _ item: Int, y: Double) -> LayoutAttributes {
        LayoutAttributes(
            category: .cell, indexPath: IndexPath(section, item), frame: Rect(x: 16, y: y, width: 361, height: 44),
            zIndex: 10)
    }

    /// The bottom separator of a row at `y`, at @3x: 1/3 point along the row's bottom edge,
    /// inset 16 from its leading edge.
    static func separator(_ section: Int, _ item: Int, y: Double, kind: String = "list-separator-bottom")
        -> LayoutAttributes
    {
        let top = kind == "list-separator-top" ? y : y + 44 - 1.0 / 3
        return LayoutAttributes(
            category: .decoration, kind: kind, indexPath: IndexPath(section, item),
            frame: Rect(x: 32, y: top, width: 345, height: 1.0 / 3), zIndex: 100)
    }

    static func group(_ section: Int, y: Double, rows: Int) -> LayoutAttributes {
        LayoutAttributes(
            category: .decoration, kind: "list-background", indexPath: IndexPath(section, 0),
            frame: Rect(x: 16, y: y, width: 361, height: 44 * Double(rows)), zIndex: 0)
    }

    /// The `<g>` of the element with this data-kind and index path, whole.
    func group(of kind: String, _ path: String, in text: String) -> String? {
        guard let start = text.range(of: "data-kind=\"\(kind)\" data-index-path=\"\(path)\"") else { return nil }
        let open = text[..<start.lowerBound].range(of: "<g ", options: .backwards)!.lowerBound
        let end = text[start.upperBound...].range(of: "</g>")!.upperBound
        return String(text[open..<end])
    }

    @Test func separatorIsAFilledHairlineAtItsFrameWithoutLabel() throws {
        let text = svg([Self.row(0, 0, y: 35), Self.separator(0, 0, y: 35)], options: SVGRenderOptions(scale: 3))
        let g = try #require(group(of: "list-separator-bottom", "0,0", in: text))
        // y = 35 + 44 − 1/3 = 78.67 and height 1/3, in the picture's two decimals: the strip
        // ends on the row's bottom edge (79).
        #expect(g.hasSuffix(#"><rect x="32" y="78.67" width="345" height="0.33"/></g>"#))
        #expect(!g.contains("<text"))
        // Filled, not outlined: an outline of one output pixel would triple a hairline at @3x.
        #expect(text.contains(".d0{fill:#c6c6c8;stroke:none}"))
        // The row keeps its label, and the separator is drawn over it (zIndex 100 over 10).
        #expect(text.contains(">0,0</text>"))
        #expect(text.range(of: "class=\"cell\"")!.lowerBound < text.range(of: "list-separator-bottom\"")!.lowerBound)
    }

    @Test func topSeparatorIsDrawnTheSameWay() throws {
        let text = svg([Self.separator(0, 1, y: 79, kind: "list-separator-top")])
        let g = try #require(group(of: "list-separator-top", "0,1", in: text))
        #expect(g.hasSuffix(#"><rect x="32" y="79" width="345" height="0.33"/></g>"#))
        #expect(!text.contains("<text"))
    }

    @Test func insetGroupIsARoundedRectBehindTheRows() throws {
        let text = svg([Self.row(0, 0, y: 35), Self.row(0, 1, y: 79), Self.group(0, y: 35, rows: 2)])
        let g = try #require(group(of: "list-background", "0,0", in: text))
        #expect(g.contains(#"<rect x="16" y="35" width="361" height="88" rx="10" ry="10"/>"#))
        #expect(text.contains(".d0{fill:#ffffff;stroke:none}"))
        // zIndex 0 under the rows' 10, though answered after them.
        #expect(text.range(of: "list-background")!.lowerBound < text.range(of: "class=\"cell\"")!.lowerBound)
    }

    @Test func cornerRadiusIsInPointsAtEveryScale() {
        // The drawing is in layout points (the viewBox); at scale 2 the 10 points are 20 pixels.
        let text = svg([Self.group(0, y: 35, rows: 3)], options: SVGRenderOptions(scale: 2))
        #expect(text.contains(#"<rect x="16" y="35" width="361" height="132" rx="10" ry="10"/>"#))
        // The pixels do scale: (393 + 2 · 4) · 2, the 8-pixel margin being 4 points.
        #expect(text.contains(#"width="802""#))
    }

    @Test func darkThemeHasItsOwnSeparatorAndGroupColours() {
        let text = svg(
            [Self.group(0, y: 35, rows: 1), Self.separator(0, 0, y: 35)], options: SVGRenderOptions(theme: .dark))
        // Sorted by kind: list-background d0, list-separator-bottom d1.
        #expect(text.contains(".d0{fill:#2a2e36;stroke:none}"))
        #expect(text.contains(".d1{fill:#4a4d55;stroke:none}"))
    }

    @Test func otherKindsAreDrawnAsBefore() throws {
        // A plain "background" decoration, and the list kinds' names on a supplementary view
        // (the kinds are decorations'): boxes with outlines and labels, no corners.
        let background = LayoutAttributes(
            category: .decoration, kind: "background", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 0, width: 300, height: 100), zIndex: -1)
        let badge = LayoutAttributes(
            category: .supplementary, kind: "list-separator-bottom", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 120, width: 300, height: 40))
        let text = svg([background, badge])
        #expect(text.contains(#"data-kind="background" data-index-path="0,0"><rect x="0" y="0" width="300" height="100"/>"#))
        #expect(text.contains(".d1{fill:#ececec;stroke:#9a9a9a}"))
        #expect(!text.contains("rx="))
        let g = try #require(group(of: "list-separator-bottom", "0,0", in: text))
        #expect(g.contains("<text"))
        #expect(!text.contains("stroke:none"))
    }

    @Test func transformedGroupIsItsProjectedQuad() {
        // A polygon has no corners to round: a transformed group is drawn as any element.
        var turned = Self.group(0, y: 35, rows: 1)
        turned.transform = .makeScale(0.5, 0.5, 1)
        let text = svg([turned])
        #expect(text.contains("<polygon points="))
        #expect(!text.contains("rx="))
    }

    // MARK: Rows clipped to the group

    @Test func groupHasOneClipPathOfItsRoundedRect() throws {
        let text = svg([Self.row(0, 0, y: 35), Self.row(0, 1, y: 79), Self.group(0, y: 35, rows: 2)])
        // The background's own rect and corners, once, before the elements.
        let clip = #"<clipPath id="list-group-0"><rect x="16" y="35" width="361" height="88" rx="10" ry="10"/></clipPath>"#
        #expect(text.contains("<defs>\n" + clip + "\n</defs>\n<g class=\"elements\">"))
        #expect(text.components(separatedBy: "<clipPath").count == 2)
    }

    @Test func rowsAndSeparatorsOfTheGroupReferenceItsClipPath() throws {
        let header = LayoutAttributes(
            category: .supplementary, kind: "header", indexPath: IndexPath(0, 0),
            frame: Rect(x: 16, y: 0, width: 361, height: 35))
        let text = svg([
            header, Self.row(0, 0, y: 35), Self.separator(0, 0, y: 35), Self.row(0, 1, y: 79),
            Self.group(0, y: 35, rows: 2)
        ])
        let reference = #"clip-path="url(#list-group-0)""#
        for g in [
            try #require(group(of: "list-separator-bottom", "0,0", in: text)),
            try #require(text.range(of: #"<g class="cell" data-index-path="0,0""#).map { String(text[$0.lowerBound...]) }),
            try #require(text.range(of: #"<g class="cell" data-index-path="0,1""#).map { String(text[$0.lowerBound...]) })
        ] {
            #expect(g.prefix(while: { $0 != ">" }).contains(reference))
        }
        // Two rows and a separator; not the group itself, nor the header above it.
        #expect(text.components(separatedBy: reference).count == 4)
        #expect(try #require(group(of: "list-background", "0,0", in: text)).contains("clip-path") == false)
        #expect(try #require(group(of: "header", "0,0", in: text)).contains("clip-path") == false)
        // The attribute sits on each element's own <g>, so the drawing order is still zIndex
        // order: the group (0), the rows (10), the separator (100).
        let order = ["list-background", "data-index-path=\"0,0\" clip", "data-index-path=\"0,1\" clip", "list-separator-bottom"]
        let positions = try order.map { try #require(text.range(of: $0)).lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func sectionWithoutGroupIsNotClipped() {
        // Section 1 is a plain list (no background): its row and separator draw as before.
        let text = svg([
            Self.row(0, 0, y: 35), Self.group(0, y: 35, rows: 1), Self.row(1, 0, y: 100),
            Self.separator(1, 0, y: 100)
        ])
        #expect(text.contains(#"<g class="cell" data-index-path="1,0"><rect"#))
        #expect(text.contains(#"data-kind="list-separator-bottom" data-index-path="1,0"><rect"#))
        #expect(!text.contains("list-group-1"))
        // And a picture with no group at all has neither <defs> nor a clip-path.
        let plain = svg([Self.row(0, 0, y: 35), Self.separator(0, 0, y: 35)])
        #expect(!plain.contains("<defs>"))
        #expect(!plain.contains("clip-path"))
    }

    @Test func flippedAxisClipsToTheDrawnGroup() {
        // Mirrored across 500: the group at x = 16 of width 361 is drawn at 500 − 16 − 361 = 123.
        let scene = RenderScene(
            contentSize: Size(width: 500, height: 200), elements: [Self.row(0, 0, y: 35), Self.group(0, y: 35, rows: 1)],
            visualWidth: 500)
        let text = String(decoding: SVGRenderer.render(scene), as: UTF8.self)
        #expect(text.contains(#"<clipPath id="list-group-0"><rect x="123" y="35" width="361" height="44" rx="10" ry="10"/>"#))
        #expect(text.contains(#"<g class="cell" data-index-path="0,0" clip-path="url(#list-group-0)"><rect x="123""#))
    }

    @Test func transformedGroupClipsNothing() {
        // Drawn as a polygon, which has no rounded rect to clip to: the rows draw as before.
        var turned = Self.group(0, y: 35, rows: 1)
        turned.transform = .makeScale(0.5, 0.5, 1)
        let text = svg([Self.row(0, 0, y: 35), Self.separator(0, 0, y: 35), turned])
        #expect(!text.contains("<clipPath"))
        #expect(!text.contains("clip-path"))
    }

    @Test func hiddenGroupClipsNothing() {
        // Not drawn, so there is no drawn rect to clip to.
        var hidden = Self.group(0, y: 35, rows: 1)
        hidden.isHidden = true
        let text = svg([Self.row(0, 0, y: 35), hidden])
        #expect(!text.contains("clip-path"))
    }

    // MARK: Golden picture

    static let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/list-inset-grouped.svg")

    /// docs/compositional.md's worked example, hand-made: an inset-grouped list of 2 sections
    /// × 3 rows of 44 on a 393-point @3x phone. Each section's rows and separators are clipped
    /// to its group's rounded rect (one `<clipPath>` each), so the group's corners show. Rows are 361 wide at x = 16; section 0's at
    /// y = 35, 79, 123, section 1's from 167 + 2 · 17⅔ = 202⅓. Every row but a section's last
    /// shows a bottom separator, inset 16 from the row's leading edge.
    static var goldenScene: RenderScene {
        var elements: [LayoutAttributes] = []
        for (section, top) in [(0, 35.0), (1, 202 + 1.0 / 3)] {
            for item in 0..<3 {
                let y = top + 44 * Double(item)
                elements.append(row(section, item, y: y))
                if item < 2 { elements.append(separator(section, item, y: y)) }
            }
            elements.append(group(section, y: top, rows: 3))
        }
        return RenderScene(
            contentSize: Size(width: 393, height: 354 + 1.0 / 3), elements: elements,
            visibleBounds: Rect(x: 0, y: 0, width: 393, height: 400))
    }

    /// As GoldenRenderingTests: `TESSERA_UPDATE_GOLDEN=1` writes the file instead (look at it
    /// before committing it).
    @Test func goldenInsetGroupedList() throws {
        let bytes = SVGRenderer.render(Self.goldenScene, options: SVGRenderOptions(scale: 2))
        if ProcessInfo.processInfo.environment["TESSERA_UPDATE_GOLDEN"] == "1" {
            try Data(bytes).write(to: Self.goldenFile)
            return
        }
        let golden = try Data(contentsOf: Self.goldenFile)
        #expect(Array(golden) == bytes, "list-inset-grouped.svg differs from the golden file")
    }
}
