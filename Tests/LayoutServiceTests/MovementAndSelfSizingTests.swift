import Foundation
import Testing
import LayoutService

@Suite("Interactive movement and self-sizing")
struct MovementAndSelfSizingTests {
    let service = makeService()

    private func frame(_ a: Any?) -> [String: Double]? {
        (a as? [String: Any])?["frame"] as? [String: Double]
    }

    @Test func reorderingFollowsThePositionAndEndsWithAMove() throws {
        // Flow, 100×100 items, 320 wide: k = (10 + 320)/(10 + 100) = 3 per line, pitch
        // 100 + (320 − 300)/2 = 110 (R5.1, R5.2); lines every 110.
        let id = try createSession(
            service, #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":6}]},"view":{"bounds":[320,480]}}"#)
        let begin = try object(service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,0]}"#)))
        #expect(begin["targetIndexPath"] as? [Int] == [0, 0])
        #expect(service.switchLayout(id: id, body: body(#"{"layout":{"type":"stack"}}"#)).status == 409)
        // (165, 160) lies in line 1, column 1: item [0, 4] → the target.
        let update = try object(
            service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":165,"y":160},"rect":[0,0,320,480]}"#)))
        #expect(update["targetIndexPath"] as? [Int] == [0, 4])
        let moving = try #require(update["movingItem"] as? [String: Any])
        // Centred on the position: (165 − 50, 160 − 50).
        #expect(frame(moving) == ["x": 115, "y": 110, "width": 100, "height": 100])
        #expect(moving["zIndex"] as? Int == Int(Int32.max))
        #expect((update["elements"] as? [Any])?.count == 6)
        // A position over no cell keeps the target.
        let still = try object(service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":105,"y":400}}"#)))
        #expect(still["targetIndexPath"] as? [Int] == [0, 4])
        let end = try object(service.interactiveMovement(id: id, body: body(#"{"phase":"end"}"#)))
        let plan = try #require(end["plan"] as? [[String: Any]])
        let moved = try #require(plan.first { (($0["from"] as? [String: Any])?["indexPath"] as? [Int]) == [0, 0] })
        #expect(moved["change"] as? String == "move")
        #expect((moved["to"] as? [String: Any])?["indexPath"] as? [Int] == [0, 4])
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"end"}"#)).status == 409)
    }

    @Test func cancelChangesNothingButTheVersion() throws {
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"items":[[100,100],[100,50],[100,70]]}]},"view":{"bounds":[320,480]}}"#
        )
        let before = try object(service.elements(id: id, query: nil))["elements"] as? NSArray
        _ = service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,2]}"#))
        _ = service.interactiveMovement(id: id, body: body(#"{"phase":"update","position":{"x":10,"y":10}}"#))
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"cancel"}"#)).status == 200)
        #expect(try object(service.elements(id: id, query: nil))["elements"] as? NSArray == before)
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"begin","indexPath":[0,9]}"#)).status == 404)
        #expect(service.interactiveMovement(id: id, body: body(#"{"phase":"wiggle"}"#)).status == 400)
    }

    @Test func preferredSizesTurnTheEstimateIntoTheExplicitLayout() throws {
        // Estimate 100×50, 4 items, 320 wide: a uniform grid of the estimate, 3 per line.
        let id = try createSession(
            service,
            #"{"layout":{"type":"flow","estimatedItemSize":[100,50]},"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[320,480]}}"#)
        // Item 1 reports 100×80. The section turns mixed (R3): line 0 holds 3 items
        // (300 + 2·10 = 320 ≤ 320), complete, justified with gap 10; thickness 80, so the
        // 50-high items are centred at y = 15 (R7). Line 1 starts at 80 + 10 = 90 with item 3
        // alone and incomplete (R6.2: rooms 220 and 0 differ) → leading at x 0. Height 140.
        let r = service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,1],"size":[100,80]}],"rect":[0,0,320,480]}"#))
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let o = try object(r)
        #expect(o["contentSize"] as? [String: Double] == ["width": 320, "height": 140])
        #expect(o["invalidated"] == nil) // one name, one meaning: PATCH …/view's is a boolean
        let invalidated = try #require(o["invalidatedElements"] as? [[String: Any]])
        #expect(Set(invalidated.compactMap { $0["indexPath"] as? [Int] }) == [[0, 0], [0, 1], [0, 2], [0, 3]])
        let frames = (try object(service.elements(id: id, query: nil))["elements"] as? [[String: Any]] ?? []).map { frame($0) }
        #expect(
            frames == [
                ["x": 0, "y": 15, "width": 100, "height": 50], ["x": 110, "y": 0, "width": 100, "height": 80],
                ["x": 220, "y": 15, "width": 100, "height": 50], ["x": 0, "y": 90, "width": 100, "height": 50]
            ])
        // With every size reported, the layout equals the explicit-size layout.
        _ = service.preferredSizes(
            id: id,
            body: body(#"{"items":[{"indexPath":[0,0],"size":[100,50]},{"indexPath":[0,2],"size":[100,50]},{"indexPath":[0,3],"size":[100,50]}]}"#))
        let explicit = service.oneShotLayout(
            body: body(
                #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"items":[[100,50],[100,80],[100,50],[100,50]]}]},"view":{"bounds":[320,480]}}"#
            ))
        #expect(try object(service.elements(id: id, query: nil))["elements"] as? NSArray == (try object(explicit)["elements"] as? NSArray))
    }

    @Test func preferredSizesNeedAnEstimate() throws {
        let id = try createSession(service, #"{"layout":{"type":"flow"},"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[320,480]}}"#)
        #expect(service.preferredSizes(id: id, body: body(#"{"items":[{"indexPath":[0,1],"size":[1,1]}]}"#)).status == 409)
        let withEstimate = try createSession(
            service,
            #"{"layout":{"type":"flow","estimatedItemSize":[10,10]},"dataSource":{"sections":[{"itemCount":4}]},"view":{"bounds":[320,480]}}"#)
        let bad = service.preferredSizes(id: withEstimate, body: body(#"{"items":[{"indexPath":[0,9],"size":[1,1]}]}"#))
        #expect(bad.status == 400)
        #expect(try errorOf(bad).field == "items[0].indexPath")
    }
}
