import LayoutEngine
import Testing

/// `TransitionLayout.drawnFrame`: where an element is drawn during a transition between two
/// layouts drawn differently (docs/layout-direction.md). The drawings here are made up (a
/// mirror across 1,000 for one layout, none for the other), to tell every end apart.
@Suite struct TransitionDrawingTests {
    /// Flows 400 wide, items 100 × 50, spacing 10: three a row (430 > 400 for four), the free
    /// 100 shared by two gaps, so x = 0, 150, 300. With a 30-high header the items start at
    /// y 30; the header spans the width, (0, 0, 400, 30).
    static let view = ViewContext(bounds: Size(width: 400, height: 844))
    static let mirrored = AxisDrawing(mirrorWidth: 1000)
    static let header = ElementKey(category: .supplementary, kind: "header", indexPath: IndexPath(section: 0, item: 0))
    static let item0 = ElementKey(category: .cell, indexPath: IndexPath(section: 0, item: 0))

    static func flow(header: Bool) throws -> any PreparedLayout {
        var p = FlowLayout.Parameters()
        p.itemSize = Size(width: 100, height: 50)
        p.minimumInteritemSpacing = 10
        if header { p.headerReferenceSize = Size(width: 0, height: 30) }
        return try FlowLayout(p).prepare(DataSource(sections: [SectionData(itemCount: 4)]), view: view)
    }

    /// Item 0 is in both: from (0, 30) drawn mirrored, 1000 − 0 − 100 = 900, to (0, 0) drawn
    /// as it is; halfway x 450, y 15.
    @Test func anElementOfBothLayoutsMovesBetweenItsTwoDrawings() throws {
        let t = TransitionLayout(from: try Self.flow(header: true), view: Self.view, to: try Self.flow(header: false), view: Self.view, progress: 0.5)
        #expect(t.drawnFrame(of: Self.item0, current: Self.mirrored, next: .unflipped) == Rect(x: 450, y: 15, width: 100, height: 50))
    }

    /// The header is only in the current layout: it fades to its final attributes, which the
    /// next layout makes from its frame (UIKit's default: the same frame), so both ends are
    /// drawn as the current layout draws it: 1000 − 0 − 400 = 600 throughout. Drawn as the
    /// next layout, the end would be at 0 and the header would slide to 300 by halfway.
    @Test func aDisappearingElementStaysInItsLayoutsDrawing() throws {
        let t = TransitionLayout(from: try Self.flow(header: true), view: Self.view, to: try Self.flow(header: false), view: Self.view, progress: 0.5)
        #expect(t.drawnFrame(of: Self.header, current: Self.mirrored, next: .unflipped) == Rect(x: 600, y: 0, width: 400, height: 30))
    }

    /// The other way round: only the next layout has the header; it appears from its initial
    /// attributes, drawn as the next layout draws it: 600 throughout.
    @Test func anAppearingElementStaysInItsLayoutsDrawing() throws {
        let t = TransitionLayout(
            from: try Self.flow(header: false), view: Self.view, to: try Self.flow(header: true), view: Self.view, progress: 0.25)
        #expect(t.drawnFrame(of: Self.header, current: .unflipped, next: Self.mirrored) == Rect(x: 600, y: 0, width: 400, height: 30))
        #expect(t.drawnFrame(of: Self.header, current: .unflipped, next: .unflipped) == Rect(x: 0, y: 0, width: 400, height: 30))
    }

    /// An element neither layout has is drawn nowhere.
    @Test func anAbsentElementHasNoDrawnFrame() throws {
        let t = TransitionLayout(
            from: try Self.flow(header: false), view: Self.view, to: try Self.flow(header: false), view: Self.view, progress: 0.5)
        #expect(t.drawnFrame(of: Self.header, current: Self.mirrored, next: Self.mirrored) == nil)
    }
}
