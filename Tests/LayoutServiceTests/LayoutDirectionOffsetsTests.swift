import LayoutService
import Testing

/// Offsets in right-to-left (issue 37 point 3; docs/layout-direction.md L3.4): where a view
/// opens, scrolling to an item, and a change of direction through a view PATCH.
@Suite struct LayoutDirectionOffsetsTests {
    /// The horizontal flow of RightToLeftHorizontalFlowTests: sections of 5 and 2 items, 50 ×
    /// 50, spacings 10, headers 30 wide, footers 20; content 260 wide.
    static let layout =
        #"{"type":"flow","scrollDirection":"horizontal","itemSize":[50,50],"minimumInteritemSpacing":10,"minimumLineSpacing":10,"headerReferenceSize":[30,0],"footerReferenceSize":[20,0]}"#

    static func session(_ view: String) -> String {
        #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":5},{"itemCount":2}]},"view":\#(view)}"#
    }

    static let rightToLeft = #"{"bounds":[100,200],"contentInset":{"left":5,"right":15},"layoutDirection":"rightToLeft"}"#

    static func contentOffset(_ service: TesseraService, _ id: String) throws -> [String: Double]? {
        let view = try #require(try object(service.getSession(id: id))["view"] as? [String: Any])
        return view["contentOffset"] as? [String: Double]
    }

    /// A view that names no offset opens at the far right: 260 − 100 + 15 = 175, said in the
    /// create answer and kept as the view's. Its visible area, 180–260, shows section 0's
    /// second column (x 180) and header (230): the section that comes first.
    @Test func aRightToLeftHorizontalFlowOpensAtItsFarRight() throws {
        let service = makeService()
        let created = service.createSession(body: body(Self.session(Self.rightToLeft)))
        #expect(created.status == 201)
        let answer = try object(created)
        #expect(answer["contentOffset"] as? [String: Double] == ["x": 175, "y": 0])
        let id = try #require(answer["id"] as? String)
        #expect(try Self.contentOffset(service, id) == ["x": 175, "y": 0])
        let shown = try #require(try object(service.elements(id: id, query: "rect=180,0,80,200"))["elements"] as? [[String: Any]])
        let names = shown.map { ($0["kind"] as? String ?? "cell") + "\($0["indexPath"] as? [Int] ?? [])" }
        #expect(names == ["cell[0, 3]", "cell[0, 4]", "header[0, 0]"])
    }

    /// An offset the client names is kept, and the create answer says nothing of it; a
    /// left-to-right view opens at its origin as before.
    @Test func aNamedOffsetIsKept() throws {
        let service = makeService()
        let named = #"{"bounds":[100,200],"contentOffset":{"x":20,"y":0},"layoutDirection":"rightToLeft"}"#
        let answer = try object(service.createSession(body: body(Self.session(named))))
        #expect(answer["contentOffset"] == nil)
        #expect(try Self.contentOffset(service, try #require(answer["id"] as? String)) == ["x": 20, "y": 0])
        let ltr = try object(service.createSession(body: body(Self.session(#"{"bounds":[100,200]}"#))))
        #expect(ltr["contentOffset"] == nil)
        #expect(try Self.contentOffset(service, try #require(ltr["id"] as? String)) == ["x": 0, "y": 0])
    }

    /// Scroll positions act in the layout's own space, as UIKit computes them from the
    /// layout's frames. Item [1, 0] stands at x 20–70 (section 1 comes last, at the left):
    /// `left` puts 20 at the visible area's left edge, 20 − 5 = 15; `right` puts 70 at its right
    /// edge, 70 − 5 − 80 = −15, kept at −contentInset.left = −5.
    @Test func scrollingToAnItemUsesTheLayoutsFrames() throws {
        let service = makeService()
        let id = try createSession(service, Self.session(Self.rightToLeft))
        let left = try object(service.scrollToItem(id: id, body: body(#"{"indexPath":[1,0],"position":"left"}"#)))
        #expect(left["contentOffset"] as? [String: Double] == ["x": 15, "y": 0])
        #expect((left["frame"] as? [String: Double])?["x"] == 20)
        let right = try object(service.scrollToItem(id: id, body: body(#"{"indexPath":[1,0],"position":"right"}"#)))
        #expect(right["contentOffset"] as? [String: Double] == ["x": -5, "y": 0])
    }

    /// An anchored update follows the anchor in the layout's space. Opened at 175, the view
    /// shows items [0, 3] and [0, 4] (x 180). Two items more in section 1 give it a second
    /// column: it runs 60 longer, W = 320, and section 0's block moves to 160–320, its
    /// columns to 180 and 240. [0, 3] moved from 180 to 240, so the offset follows: 175 + 60 =
    /// 235, which is also the new far right (320 − 100 + 15). Without an anchor the offset
    /// stays at 175 and the view now shows section 0's first column instead.
    @Test func anAnchoredUpdateFollowsTheAnchorInTheLayoutsSpace() throws {
        let service = makeService()
        let insert = #"{"updates":[{"op":"insertItems","indexPaths":[[1,2],[1,3]]}]"#
        let anchored = try createSession(service, Self.session(Self.rightToLeft))
        let moved = try object(service.applyUpdates(id: anchored, body: body(insert + #","anchor":"firstVisible"}"#)))
        #expect(moved["contentOffset"] as? [String: Double] == ["x": 235, "y": 0])
        #expect(moved["contentOffsetAdjustment"] as? [String: Double] == ["x": 60, "y": 0])
        #expect((moved["anchor"] as? [String: Any])?["indexPath"] as? [Int] == [0, 3])
        let item = try object(service.item(id: anchored, section: "0", item: "3"))
        #expect((item["frame"] as? [String: Double])?["x"] == 240)
        let kept = try createSession(service, Self.session(Self.rightToLeft))
        let stayed = try object(service.applyUpdates(id: kept, body: body(insert + "}")))
        #expect(stayed["contentOffset"] as? [String: Double] == ["x": 175, "y": 0])
    }

    /// A view PATCH that changes the direction prepares the layout again (the vertical flow
    /// mirrors its own frames, L2): x = 0, 145, 290 left to right, 290, 145, 0 right to left.
    @Test func aChangeOfDirectionPreparesTheLayoutAgain() throws {
        let service = makeService()
        let id = try createSession(
            service, #"{"layout":{"type":"flow","itemSize":[100,50]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[390,844]}}"#)
        #expect(try LayoutDirectionFramesTests.frames(service, id).map { $0[0] } == [0, 145, 290])
        let patched = try object(service.patchView(id: id, body: body(#"{"layoutDirection":"rightToLeft"}"#)))
        #expect(patched["invalidated"] as? Bool == true)
        #expect(try LayoutDirectionFramesTests.frames(service, id).map { $0[0] } == [290, 145, 0])
        #expect(try Self.contentOffset(service, id) == ["x": 0, "y": 0])
        _ = service.patchView(id: id, body: body(#"{"layoutDirection":"leftToRight"}"#))
        #expect(try LayoutDirectionFramesTests.frames(service, id).map { $0[0] } == [0, 145, 290])
    }
}
