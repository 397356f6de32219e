import LayoutEngine
import Testing
import Rendering

@Suite("SVG renderer")
struct SVGRendererTests {
    func svg(
        _ elements: [LayoutAttributes], contentSize: Size = Size(width: 300, height: 200), rect: Rect? = nil,
        options: SVGRenderOptions = SVGRenderOptions()
    ) -> String {
        String(
            decoding: SVGRenderer.render(
                RenderScene(contentSize: contentSize, elements: elements, rect: rect),
                options: options), as: UTF8.self)
    }

    func cell(_ item: Int, x: Double, z: Int = 0, alpha: Double = 1, hidden: Bool = false) -> LayoutAttributes {
        LayoutAttributes(
            category: .cell, indexPath: IndexPath(0, item), frame: Rect(x: x, y: 10, width: 50, height: 50),
            alpha: alpha, zIndex: z, isHidden: hidden)
    }

    /// The index paths of the drawn elements, in document order.
    func drawnPaths(_ text: String) -> [String] {
        text.split(separator: "data-index-path=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func zIndexOrderWithStableTies() {
        let text = svg([cell(0, x: 0, z: 2), cell(1, x: 60, z: 0), cell(2, x: 120, z: 2), cell(3, x: 180, z: -1)])
        #expect(drawnPaths(text) == ["0,3", "0,1", "0,0", "0,2"])
    }

    @Test func hiddenAndTransparentElementsAreLeftOut() {
        let text = svg([cell(0, x: 0, hidden: true), cell(1, x: 60, alpha: 0), cell(2, x: 120, alpha: 0.25)])
        #expect(drawnPaths(text) == ["0,2"])
        #expect(text.contains(#"opacity="0.25""#))
    }

    @Test func frameIsDrawnAsARectAndTransformedOnesAsPolygons() {
        var turned = cell(1, x: 60)
        turned.transform = .makeScale(0.5, 0.5, 1)
        let text = svg([cell(0, x: 0), turned])
        #expect(text.contains(#"<rect x="0" y="10" width="50" height="50"/>"#))
        // Half the size about the centre (85, 35).
        #expect(text.contains(#"<polygon points="72.5,22.5 97.5,22.5 97.5,47.5 72.5,47.5"/>"#))
    }

    @Test func contentAndRequestedRectAreOutlinedAndFramed() {
        let text = svg([cell(0, x: 0)], rect: Rect(x: 0, y: 0, width: 100, height: 80))
        #expect(text.contains(#"<rect class="content" x="0" y="0" width="300" height="200"/>"#))
        #expect(text.contains(#"<rect class="requested-rect" x="0" y="0" width="100" height="80"/>"#))
        // Framed to the rect with an 8-pixel margin, at scale 1.
        #expect(text.contains(#"width="116" height="96" viewBox="-8 -8 116 96""#))
    }

    @Test func scaleMultipliesThePixelsNotTheDrawing() {
        let text = svg([cell(0, x: 0)], rect: Rect(x: 0, y: 0, width: 100, height: 80), options: SVGRenderOptions(scale: 2))
        #expect(text.contains(#"width="216" height="176" viewBox="-4 -4 108 88""#))
        #expect(text.contains(#"<rect x="0" y="10" width="50" height="50"/>"#))
    }

    @Test func everyKindIsStyledApartAndThemesDiffer() {
        let header = LayoutAttributes(
            category: .supplementary, kind: "header", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 0, width: 300, height: 20))
        let badge = LayoutAttributes(
            category: .supplementary, kind: "badge", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let background = LayoutAttributes(
            category: .decoration, kind: "background", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 0, width: 300, height: 200), zIndex: -1)
        let light = svg([cell(0, x: 0), header, badge, background])
        // Sorted: supplementary badge (s0), supplementary header (s1), decoration background (d2).
        #expect(light.contains(#"<g class="supplementary s1" data-kind="header""#))
        #expect(light.contains(#"<g class="supplementary s0" data-kind="badge""#))
        #expect(light.contains(#"<g class="decoration d2" data-kind="background""#))
        #expect(light.contains(".s1{fill:#ffd8a6;stroke:#c06400}"))
        #expect(light.contains(".d2{fill:#ececec;stroke:#9a9a9a}"))
        let dark = svg([cell(0, x: 0), header, badge, background], options: SVGRenderOptions(theme: .dark))
        #expect(dark.contains(".background{fill:#121417}"))
        #expect(dark.contains(".s1{fill:#5a3a12;stroke:#ffa94d}"))
        // The background decoration (zIndex −1) is drawn first.
        #expect(
            drawnPaths(light).count == 4
                && light.range(of: "data-kind=\"background\"")!.lowerBound
                    < light.range(of: "class=\"cell\"")!.lowerBound
        )
    }

    @Test func labelsFitTheElementAndCanBeTurnedOff() {
        let text = svg([cell(7, x: 0)])
        // "0,7": 3 characters; by width 0.9·50/(0.6·3) = 25, by height 0.45·50 = 22.5.
        #expect(text.contains(#"<text class="label" x="25" y="35" dy=".35em" font-size="22.5" stroke-width="4.5">0,7</text>"#))
        #expect(!svg([cell(7, x: 0)], options: SVGRenderOptions(labels: false)).contains("<text"))
        // At scale 0.1 the label would be 2.25 pixels: left out.
        #expect(!svg([cell(7, x: 0)], options: SVGRenderOptions(scale: 0.1)).contains("<text"))
    }

    @Test func kindNamesAreEscaped() {
        let odd = LayoutAttributes(
            category: .decoration, kind: "a<b>&\"c\u{1}", indexPath: IndexPath(0, 0),
            frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let text = svg([odd])
        #expect(text.contains("data-kind=\"a&lt;b&gt;&amp;&quot;c\u{FFFD}\""))
    }

    @Test func emptySceneIsStillAPicture() {
        let text = svg([], contentSize: .zero)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains(#"viewBox="-8 -8 16 16""#))
        #expect(text.hasSuffix("</svg>\n"))
    }
}
