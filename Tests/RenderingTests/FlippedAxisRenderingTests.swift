import LayoutEngine
import Testing
import Rendering

/// A scene whose collection view has its axis flipped (docs/layout-direction.md, L1): the
/// picture shows what the screen does, each element at its visual frame. Every position below
/// is worked out by hand from `x' = 300 − x − w` (the content is 300 wide).
@Suite("SVG renderer, flipped axis")
struct FlippedAxisRenderingTests {
    func svg(_ elements: [LayoutAttributes], rect: Rect? = nil, visible: Rect? = nil, visualWidth: Double? = 300) -> String {
        let scene = RenderScene(
            contentSize: Size(width: 300, height: 200), elements: elements, rect: rect, visibleBounds: visible,
            visualWidth: visualWidth)
        return String(decoding: SVGRenderer.render(scene), as: UTF8.self)
    }

    func cell(_ item: Int, x: Double, transform: Transform3D = .identity) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: IndexPath(0, item), frame: Rect(x: x, y: 10, width: 50, height: 50), transform: transform)
    }

    @Test func elementsAreDrawnAtTheirVisualFrames() {
        let text = svg([cell(0, x: 0), cell(1, x: 60)])
        // x' = 300 − 0 − 50 = 250 and 300 − 60 − 50 = 190.
        #expect(text.contains(#"data-index-path="0,0"><rect x="250" y="10" width="50" height="50"/>"#))
        #expect(text.contains(#"data-index-path="0,1"><rect x="190" y="10" width="50" height="50"/>"#))
        // The label sits at the visual frame's centre and reads as it is: no mirroring transform.
        #expect(text.contains(#"<text class="label" x="275" y="35""#))
        #expect(text.contains(">0,0</text>"))
        #expect(!text.contains("scale(-1"))
    }

    @Test func withoutAFlippedAxisNothingMoves() {
        let text = svg([cell(0, x: 0)], rect: Rect(x: 0, y: 0, width: 100, height: 80), visualWidth: nil)
        #expect(text.contains(#"<rect x="0" y="10" width="50" height="50"/>"#))
        #expect(text.contains(#"<rect class="requested-rect" x="0" y="0" width="100" height="80"/>"#))
    }

    @Test func theRectAndTheBoundsAreMirroredAndFramed() {
        let text = svg([cell(0, x: 0)], rect: Rect(x: 0, y: 0, width: 100, height: 80), visible: Rect(x: 0, y: 0, width: 120, height: 200))
        // The rect asked for (layout space 0…100) is the screen's 200…300.
        #expect(text.contains(#"<rect class="requested-rect" x="200" y="0" width="100" height="80"/>"#))
        #expect(text.contains(#"<rect class="visible-bounds" x="180" y="0" width="120" height="200"/>"#))
        // Framed to the mirrored rect with the 8-pixel margin.
        #expect(text.contains(#"viewBox="192 -8 116 96""#))
        // The content area is its own mirror.
        #expect(text.contains(#"<rect class="content" x="0" y="0" width="300" height="200"/>"#))
    }

    /// UIKit does not adjust transforms under a flipped axis (L5): a transform acts as it is
    /// about the visual frame's centre, so a translation of +10 still moves right on screen.
    @Test func transformsActAboutTheVisualFrameUnchanged() {
        let half = svg([cell(1, x: 60, transform: .makeScale(0.5, 0.5, 1))])
        // Visual frame 190…240 × 10…60, centre (215, 35); half size about it.
        #expect(half.contains(#"<polygon points="202.5,22.5 227.5,22.5 227.5,47.5 202.5,47.5"/>"#))
        let moved = svg([cell(0, x: 0, transform: .makeTranslation(10, 0, 0))])
        #expect(moved.contains(#"<polygon points="260,10 310,10 310,60 260,60"/>"#))
    }
}
