import Testing
import LayoutService

/// Layout switches, interactive transitions and snapping, in-process.
@Suite("Layout switches, transitions, snapping")
struct DynamicsTests {
    let service = makeService()

    private func elements(_ id: String, _ query: String) throws -> [[String: Any]] {
        let r = service.elements(id: id, query: query)
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        return try object(r)["elements"] as? [[String: Any]] ?? []
    }

    private func frame(_ e: [String: Any]) -> [Double] {
        let f = e["frame"] as? [String: Double] ?? [:]
        return [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
    }

    @Test func layoutSwitchAnswersAPlanFromOldToNew() throws {
        // Circle (§5) in 400×400: radius 160 around (200, 200), item 0 at 3 o'clock → centre
        // (360, 200), frame (325, 165, 70, 70). Stack (§7), page 0: item 0 centred at
        // (200, 200) with 200×200 → (100, 100, 200, 200).
        let id = try createSession(service, #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[400,400]}}"#)
        let r = service.switchLayout(id: id, body: body(#"{"layout":{"type":"stack"}}"#), ifMatch: "1")
        #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
        let o = try object(r)
        #expect(o["version"] as? Int == 2)
        let plan = try #require(o["plan"] as? [[String: Any]])
        #expect(plan.count == 3)
        let first = try #require(plan.first { (($0["to"] as? [String: Any])?["indexPath"] as? [Int]) == [0, 0] })
        #expect(first["change"] as? String == "none")
        let from = try #require((first["from"] as? [String: Any])?["attributes"] as? [String: Any])
        let to = try #require((first["to"] as? [String: Any])?["attributes"] as? [String: Any])
        #expect(frame(from) == [325, 165, 70, 70])
        #expect(frame(to) == [100, 100, 200, 200])
        // The session now answers with the stack layout.
        #expect(frame(try elements(id, "rect=0,0,400,400")[0]) == [100, 100, 200, 200])
        let session = try object(service.getSession(id: id))
        #expect((session["layout"] as? [String: Any])?["type"] as? String == "stack")
    }

    @Test func rejectedSwitchChangesNothing() throws {
        let id = try createSession(service, circleBody)
        let before = service.getSession(id: id).body
        #expect(service.switchLayout(id: id, body: body(#"{"layout":{"type":"stack","visibleCount":-1}}"#)).status == 400)
        #expect(service.switchLayout(id: id, body: body(#"{"layout":{"type":"nope"}}"#)).status == 400)
        #expect(service.switchLayout(id: id, body: body(#"{"layout":{"type":"stack"}}"#), ifMatch: "9").status == 412)
        #expect(service.getSession(id: id).body == before)
    }

    @Test func transitionInterpolatesLinearlyThenFinishesOrCancels() throws {
        let id = try createSession(service, #"{"layout":{"type":"circle"},"dataSource":{"sections":[{"itemCount":1}]},"view":{"bounds":[400,400]}}"#)
        #expect(service.elements(id: id, query: "progress=0.5").status == 400) // no transition yet
        #expect(service.beginTransition(id: id, body: body(#"{"layout":{"type":"stack"}}"#)).status == 201)
        // Circle frame (325, 165, 70, 70) → stack frame (100, 100, 200, 200); at p = 0.25:
        // x = 325 − 225/4 = 268.75, y = 165 − 65/4 = 148.75, w = h = 70 + 130/4 = 102.5.
        let quarter = try elements(id, "rect=0,0,400,400&progress=0.25")
        #expect(quarter.count == 1)
        #expect(frame(quarter[0]) == [268.75, 148.75, 102.5, 102.5])
        #expect(frame(try elements(id, "rect=0,0,400,400&progress=0")[0]) == [325, 165, 70, 70])
        #expect(frame(try elements(id, "rect=0,0,400,400&progress=1")[0]) == [100, 100, 200, 200])
        #expect(service.elements(id: id, query: "progress=1.5").status == 400)
        #expect(service.switchLayout(id: id, body: body(#"{"layout":{"type":"circle"}}"#)).status == 409)
        #expect(service.endTransition(id: id, finish: false).status == 200)
        #expect(frame(try elements(id, "rect=0,0,400,400")[0]) == [325, 165, 70, 70])
        #expect(service.endTransition(id: id, finish: true).status == 409)
        #expect(service.beginTransition(id: id, body: body(#"{"layout":{"type":"stack"}}"#)).status == 201)
        #expect(service.endTransition(id: id, finish: true).status == 200)
        #expect(frame(try elements(id, "rect=0,0,400,400")[0]) == [100, 100, 200, 200])
    }

    @Test func defaultSnappingClampsToTheContent() throws {
        // Stack (§7): 2 sections in a 300×500 view → content 600 × 500; the offset may run
        // from 0 to 600 − 300 = 300 in x and stays 0 in y.
        let id = try createSession(
            service, #"{"layout":{"type":"stack"},"dataSource":{"sections":[{"itemCount":2},{"itemCount":2}]},"view":{"bounds":[300,500]}}"#)
        let r = service.targetContentOffset(id: id, body: body(#"{"proposedContentOffset":{"x":450,"y":-20},"velocity":{"x":2,"y":0}}"#))
        let offset = try object(r)["contentOffset"] as? [String: Double]
        #expect(offset == ["x": 300, "y": 0])
        #expect(service.targetContentOffset(id: id, body: body(#"{"velocity":{"x":1,"y":0}}"#)).status == 400)
    }

    @Test func coverFlowSnapsToTheNearestItem() throws {
        // Cover flow (§3): cellInterval = 100/3; the offset that centres item g is g·100/3.
        // A proposed 80 is 2.4 intervals: item 2 is nearest → 200/3.
        let id = try createSession(
            service, #"{"layout":{"type":"coverFlow"},"dataSource":{"sections":[{"itemCount":10}]},"view":{"bounds":[320,200]}}"#)
        let r = service.targetContentOffset(id: id, body: body(#"{"proposedContentOffset":{"x":80,"y":0}}"#))
        let offset = try object(r)["contentOffset"] as? [String: Double]
        #expect(offset?["x"] == 2 * (100.0 / 3))
    }
}
