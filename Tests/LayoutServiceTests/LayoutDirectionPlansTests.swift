import LayoutService
import Testing
import TesseraSupport

/// `visualFrame` beyond rect queries (issue 37): animation plans, layout switches, interactive
/// transitions and movement, scrolling to an item and one-shot layouts, worked by hand in
/// 400-point-wide right-to-left views.
@Suite struct LayoutDirectionPlansTests {
    /// Four quarter-width items of a compositional layout: a row at x = 0, 100, 200, 300.
    static let quarters =
        #"{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.25},"height":{"fractionalHeight":1}}}]}}}"#
    /// Half-width items: two a row, rows 50 high.
    static let halves =
        #"{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}}"#
    /// Scrolling across: each item a 100-wide column of its own, so the content is 100 per item.
    static let columns =
        #"{"type":"compositional","scrollDirection":"horizontal","section":{"group":{"axis":"vertical","size":{"width":{"absolute":100},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}}"#
    /// A vertical flow of four 100-wide items without spacing: one full row.
    static let flow = #"{"type":"flow","itemSize":[100,50],"minimumInteritemSpacing":0}"#

    static func session(_ service: TesseraService, _ layout: String, items: Int = 4, rightToLeft: Bool = true) throws -> String {
        let direction = rightToLeft ? #","layoutDirection":"rightToLeft""# : ""
        return try createSession(
            service, #"{"layout":\#(layout),"dataSource":{"sections":[{"itemCount":\#(items)}]},"view":{"bounds":[400,844]\#(direction)}}"#)
    }

    /// An element's frame and visualFrame as [x, y, width, height] (nil when absent).
    static func rects(_ element: Any?) -> (frame: [Double]?, visual: [Double]?) {
        let e = element as? [String: Any]
        func rect(_ key: String) -> [Double]? {
            (e?[key] as? [String: Double]).map { r in ["x", "y", "width", "height"].map { r[$0] ?? .nan } }
        }
        return (rect("frame"), rect("visualFrame"))
    }

    /// A plan entry's change and the x of each end's frame and visualFrame (nil when absent).
    struct Entry: Equatable, CustomStringConvertible {
        var change: String
        var fromX, fromVisualX, toX, toVisualX: Double?

        init(_ change: String, _ fromX: Double?, _ fromVisualX: Double?, _ toX: Double?, _ toVisualX: Double?) {
            (self.change, self.fromX, self.fromVisualX, self.toX, self.toVisualX) = (change, fromX, fromVisualX, toX, toVisualX)
        }

        var description: String { "\(change) \(fromX ?? .nan)/\(fromVisualX ?? .nan) → \(toX ?? .nan)/\(toVisualX ?? .nan)" }
    }

    static func plan(_ reply: Reply) throws -> [Entry] {
        #expect(reply.status == 200)
        let entries = try #require(try object(reply)["plan"] as? [[String: Any]])
        return entries.map { e in
            let from = rects((e["from"] as? [String: Any])?["attributes"])
            let to = rects((e["to"] as? [String: Any])?["attributes"])
            return Entry(e["change"] as? String ?? "", from.frame?[0], from.visual?[0], to.frame?[0], to.visual?[0])
        }
    }

    /// The compositional layout keeps left-to-right frames and flips the axis (L4), across a
    /// content 400 wide before and after: visual x = 400 − x − 100. Inserting at [0, 0]
    /// shifts every item one slot on (the last to x = 0 of a second row, y 50); the inserted
    /// one starts at its own frame, faded (UIKit's default), so at x 0, drawn at 300.
    @Test func anInsertPlansDrawnFramesOnBothEnds() throws {
        let service = makeService()
        let id = try Self.session(service, Self.quarters)
        let reply = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#))
        let expected: [Entry] = [
            Entry("insert", 0, 300, 0, 300),
            Entry("move", 0, 300, 100, 200),
            Entry("move", 100, 200, 200, 100),
            Entry("move", 200, 100, 300, 0),
            Entry("move", 300, 0, 0, 300)
        ]
        let plan = try Self.plan(reply)
        #expect(plan == expected)
        let last = try #require((try object(reply)["plan"] as? [[String: Any]])?.last)
        #expect(Self.rects((last["to"] as? [String: Any])?["attributes"]).visual == [300, 50, 100, 50])
    }

    /// Scrolling across, the content is 100 per item: 400 wide before deleting [0, 3], 300
    /// after. Both ends are drawn in the content after the change, mirrored across 300: the
    /// kept items stay where they are on screen, 300 − x − 100 = 200, 100, 0 at both ends (the
    /// layout's origin stays at the right edge; the content lost 100 at its left), and the
    /// deleted one stays where it was too, at 300 − 300 − 100 = −100, left of the new content,
    /// fading there.
    @Test func bothEndsAreDrawnInTheContentAfterTheChange() throws {
        let service = makeService()
        let id = try Self.session(service, Self.columns)
        let reply = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,3]]}],"rect":null}"#))
        #expect((try object(reply)["contentSize"] as? [String: Double])?["width"] == 300)
        let expected: [Entry] = [
            Entry("none", 0, 200, 0, 200),
            Entry("none", 100, 100, 100, 100),
            Entry("none", 200, 0, 200, 0),
            Entry("delete", 300, -100, 300, -100)
        ]
        let plan = try Self.plan(reply)
        #expect(plan == expected)
    }

    /// Flow → compositional in right-to-left: the vertical flow mirrors its own frames (L2:
    /// x = 400 − x − 100 = 300, 200, 100, 0) and does not flip the axis, so its ends are drawn
    /// at their frames; the compositional layout answers 0, 100, 200, 300 and flips, drawn at
    /// 300, 200, 100, 0. Either side flipping gives both ends a visualFrame (the choice), and
    /// the items do not move on screen. And back again, the other way round.
    @Test func aLayoutSwitchGivesBothEndsTheirDrawnFrames() throws {
        let service = makeService()
        let id = try Self.session(service, Self.flow)
        let there = try Self.plan(service.switchLayout(id: id, body: body(#"{"layout":\#(Self.quarters)}"#)))
        let expectedThere: [Entry] = [
            Entry("none", 300, 300, 0, 300),
            Entry("none", 200, 200, 100, 200),
            Entry("none", 100, 100, 200, 100),
            Entry("none", 0, 0, 300, 0)
        ]
        #expect(there == expectedThere)
        let back = try Self.plan(service.switchLayout(id: id, body: body(#"{"layout":\#(Self.flow)}"#)))
        let expectedBack: [Entry] = [
            Entry("none", 0, 300, 300, 300),
            Entry("none", 100, 200, 200, 200),
            Entry("none", 200, 100, 100, 100),
            Entry("none", 300, 0, 0, 0)
        ]
        #expect(back == expectedBack)
        // The flow layout alone flips nothing: its own plans carry no visualFrame.
        let plain = service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"deleteItems","indexPaths":[[0,0]]}]}"#))
        #expect(plain.status == 200)
        #expect(!String(decoding: plain.body, as: UTF8.self).contains("visualFrame"))
    }

    /// Flow → compositional as an interactive transition: at 0.5 each frame is halfway
    /// between the flow's (300, 200, 100, 0) and the compositional layout's (0, 100, 200,
    /// 300), so 150 for all four; the drawn frames are 300, 200, 100, 0 at both ends, so
    /// halfway too. One mirror of the interpolated frame would give 400 − 150 − 100 = 150.
    @Test func aTransitionInterpolatesDrawnFrames() throws {
        let service = makeService()
        let id = try Self.session(service, Self.flow)
        let begun = service.beginTransition(id: id, body: body(#"{"layout":\#(Self.quarters)}"#))
        #expect(begun.status == 201)
        let state = try object(begun)
        #expect(state["axisFlipped"] == nil)
        #expect((state["transition"] as? [String: Any])?["axisFlipped"] as? Bool == true)
        func elements(_ query: String) throws -> [(frame: [Double]?, visual: [Double]?)] {
            try #require(try object(service.elements(id: id, query: query))["elements"] as? [Any]).map(Self.rects)
        }
        let half = try elements("rect=0,0,400,100&progress=0.5")
        #expect(half.map { $0.frame?[0] } == [150, 150, 150, 150])
        #expect(half.map { $0.visual?[0] } == [300, 200, 100, 0])
        // At the two ends, each layout's own answer.
        let start = try elements("rect=0,0,400,100&progress=0")
        #expect(start.map { $0.frame?[0] } == [300, 200, 100, 0])
        #expect(start.map { $0.visual?[0] } == [300, 200, 100, 0])
        let end = try elements("rect=0,0,400,100&progress=1")
        #expect(end.map { $0.frame?[0] } == [0, 100, 200, 300])
        #expect(end.map { $0.visual?[0] } == [300, 200, 100, 0])
        // Without a progress the session's own layout answers, unflipped: no visualFrame.
        #expect(try elements("rect=0,0,400,100").allSatisfy { $0.visual == nil })
        let finished = try object(service.endTransition(id: id, finish: true))
        #expect(finished["axisFlipped"] as? Bool == true)
    }

    /// Both layouts flipped: quarters (x 0, 100, 200, 300, w 100) → halves (x 0, 200, 0, 200,
    /// w 200, items 2 and 3 on the second row). At 0.5, x = 0, 150, 100, 250 and w = 150;
    /// drawn, quarters are at 300, 200, 100, 0 and halves at 200, 0, 200, 0: halfway 250,
    /// 100, 150, 0, the same as mirroring the interpolated frame across 400: 400 − x − 150.
    @Test func twoFlippedLayoutsInterpolateAsOneMirror() throws {
        let service = makeService()
        let id = try Self.session(service, Self.quarters)
        #expect(service.beginTransition(id: id, body: body(#"{"layout":\#(Self.halves)}"#)).status == 201)
        let half = try #require(try object(service.elements(id: id, query: "progress=0.5"))["elements"] as? [Any]).map(Self.rects)
        #expect(half.map { $0.frame?[0] } == [0, 150, 100, 250])
        #expect(half.map { $0.visual?[0] } == [250, 100, 150, 0])
        #expect(half.map { $0.visual?[2] } == [150, 150, 150, 150])
    }

    /// A drag in a flipped compositional layout: the position is in the layout's space, so
    /// x 250 is over item 2 (x 200 to 300). The moving item is centred there (x = 200), drawn
    /// at 400 − 200 − 100 = 100; the others show the tentative order drawn mirrored. The end's
    /// plan moves item 0 from where it was drawn (300) to 100.
    @Test func aDragAnswersDrawnFrames() throws {
        let service = makeService()
        let id = try Self.session(service, Self.quarters)
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#)).status == 200)
        let moved = try object(
            service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":250,"y":25},"rect":[0,0,400,100]}"#)))
        #expect(moved["targetIndexPath"] as? [Int] == [0, 2])
        #expect(Self.rects(moved["movingItem"]).visual == [100, 0, 100, 50])
        let listed = try #require(moved["elements"] as? [Any]).map(Self.rects)
        #expect(listed.map { $0.visual?[0] } == [300, 200, 100, 0])
        let plan = try Self.plan(service.interactiveMovement(id: id, body: body(#"{"phase":"end","rect":[0,0,400,100]}"#)))
        let moved0 = plan.first { $0.fromX == 0 && $0.toX == 200 }
        #expect(moved0 == Entry("move", 0, 300, 200, 100))
    }

    /// Scrolling to item 1 (x 100) answers where it is drawn: 400 − 100 − 100 = 200.
    @Test func scrollingToAnItemAnswersItsDrawnFrame() throws {
        let service = makeService()
        let rtl = try object(service.scrollToItem(id: try Self.session(service, Self.quarters), body: body(#"{"indexPath":[0,1]}"#)))
        #expect(Self.rects(rtl).frame == [100, 0, 100, 50])
        #expect(Self.rects(rtl).visual == [200, 0, 100, 50])
        let ltr = try object(
            service.scrollToItem(id: try Self.session(service, Self.quarters, rightToLeft: false), body: body(#"{"indexPath":[0,1]}"#)))
        #expect(ltr["visualFrame"] == nil)
    }

    /// A one-shot layout in a flipped view answers what a session would: 300, 200, 100, 0.
    @Test func aOneShotLayoutAnswersDrawnFrames() throws {
        let request =
            #"{"layout":\#(Self.quarters),"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[400,844],"layoutDirection":"rightToLeft"}}"#
        let elements = try #require(try object(makeService().oneShotLayout(body: body(request)))["elements"] as? [Any])
        #expect(elements.map { Self.rects($0).visual?[0] } == [300, 200, 100, 0])
    }

    /// Left to right, nothing of the above writes a visualFrame or says the axis is flipped.
    @Test func leftToRightRepliesHaveNoVisualFrame() throws {
        let service = makeService()
        let id = try Self.session(service, Self.quarters, rightToLeft: false)
        var replies = [service.applyUpdates(id: id, body: body(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0]]}]}"#))]
        replies.append(service.switchLayout(id: id, body: body(#"{"layout":\#(Self.flow)}"#)))
        replies.append(service.beginTransition(id: id, body: body(#"{"layout":\#(Self.quarters)}"#)))
        replies.append(service.elements(id: id, query: "progress=0.5"))
        replies.append(service.endTransition(id: id, finish: true))
        replies.append(service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#)))
        replies.append(service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":250,"y":25},"rect":[0,0,400,100]}"#)))
        replies.append(service.interactiveMovement(id: id, body: body(#"{"phase":"end"}"#)))
        for reply in replies {
            #expect(reply.status / 100 == 2)
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(!text.contains("visualFrame") && !text.contains("axisFlipped"), "\(text)")
        }
    }
}
