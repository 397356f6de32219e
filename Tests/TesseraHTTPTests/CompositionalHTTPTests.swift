import Foundation
import LoopbackHTTP
import Testing

/// The compositional layout through a real `tessera serve`: create, query, scroll an
/// orthogonal section, snap it, self-size, all with If-Match.
@Suite("compositional over HTTP", .serialized)
struct CompositionalHTTPTests {
    let server = TesseraServer.shared

    /// Section 0: rows of two half-width items 50 high; section 1 (its own layout): groups of
    /// 200 × 100 scrolling sideways with groupPaging, 10 apart; section 2: self-sizing rows.
    static let body = #"""
        {"layout":{"type":"compositional","section":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"size":{"width":{"fractionalWidth":0.5},"height":{"fractionalHeight":1}}}]}}},
         "dataSource":{"sections":[{"itemCount":4},
           {"itemCount":5,"layout":{"orthogonalScrollingBehavior":"groupPaging","interGroupSpacing":10,"group":{"axis":"horizontal","size":{"width":{"absolute":200},"height":{"absolute":100}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},
           {"itemCount":2,"layout":{"group":{"axis":"horizontal","size":{"width":{"fractionalWidth":1},"height":{"estimated":40}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":40}}}]}}}]},
         "view":{"bounds":{"width":390,"height":844},"scale":3}}
        """#

    @Test func lifeOfACompositionalSession() throws {
        let c = try server.client()
        let created = try c.request("POST", "/v1/sessions", json: Self.body)
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(try json(created)["id"] as? String)
        // Section 1 starts at 100; its item 1 at x = 210.
        let item = try c.request("GET", "/v1/sessions/\(id)/items/1/1")
        #expect(try json(item)["frame"] as? [String: Double] == ["x": 210, "y": 100, "width": 200, "height": 100])
        // Scroll section 1 by 150: item 1 is drawn at 60, and a rect query finds it there.
        let patched = try c.request(
            "PATCH", "/v1/sessions/\(id)/view", json: #"{"orthogonalOffsets":{"1":150}}"#,
            headers: [("If-Match", "\"1\"")])
        #expect(patched.status == 200)
        let moved = try c.request("GET", "/v1/sessions/\(id)/items/1/1")
        #expect(try json(moved)["frame"] as? [String: Double] == ["x": 60, "y": 100, "width": 200, "height": 100])
        let page = try json(try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,101,50,98"))
        let paths = (page["elements"] as? [[String: Any]] ?? []).compactMap { $0["indexPath"] as? [Int] }
        #expect(paths == [[1, 0]]) // item 0 at −150…50
        // groupPaging from 150 (nearest group 1, at 210) with velocity: group 2 at 420.
        let snapped = try json(
            try c.request(
                "POST", "/v1/sessions/\(id)/target-content-offset",
                json: #"{"section":1,"proposedContentOffset":[150,0],"velocity":[2,0]}"#))
        #expect(snapped["contentOffset"] as? [String: Double] == ["x": 420, "y": 0])
        // Self-sizing: row 0 of section 2 measures 70 high; row 1 moves down by 30.
        let sized = try c.request(
            "POST", "/v1/sessions/\(id)/preferred-sizes",
            json: #"{"items":[{"indexPath":[2,0],"size":[390,70]}]}"#, headers: [("If-Match", "\"2\"")])
        #expect(sized.status == 200, "\(sized.text)")
        let row1 = try c.request("GET", "/v1/sessions/\(id)/items/2/1")
        #expect(try json(row1)["frame"] as? [String: Double] == ["x": 0, "y": 270, "width": 390, "height": 40])
        // The session echoes the orthogonal offsets in its view.
        let view = try json(try c.request("GET", "/v1/sessions/\(id)"))["view"] as? [String: Any]
        #expect(view?["orthogonalOffsets"] as? [String: Double] == ["1": 150])
        let bad = try c.request(
            "POST", "/v1/sessions",
            json:
                #"{"layout":{"type":"compositional","section":{"group":{"axis":"custom","size":{"width":{"absolute":1},"height":{"absolute":1}}}}},"dataSource":{"sections":[]},"view":{"bounds":[1,1]}}"#
        )
        #expect(bad.status == 400)
        #expect(try errorField(bad).field == "layout.section.group.frames")
        #expect(try c.request("DELETE", "/v1/sessions/\(id)").status == 204)
    }
}
