import TesseraSupport
import Foundation
import Testing
import LayoutService
import InMemoryStore

/// render.svg and POST /v1/render, in-process.
@Suite("Rendering endpoints")
struct RenderServiceTests {
    let grid = #"{"layout":{"type":"flow","itemSize":[100,100]},"dataSource":{"sections":[{"itemCount":20}]},"view":{"bounds":[320,480]}}"#

    func text(_ r: Reply) -> String { String(decoding: r.body, as: UTF8.self) }

    /// `<rect x y width height/>` of every drawn cell, as numbers.
    func cellRects(_ svg: String) -> [[Double]] {
        svg.components(separatedBy: "<g class=\"cell\"").dropFirst().map { part in
            let rect = part.components(separatedBy: "<rect")[1].components(separatedBy: "/>")[0]
            return ["x", "y", "width", "height"].map { name in
                Double(rect.components(separatedBy: " \(name)=\"")[1].prefix { $0 != "\"" })!
            }
        }
    }

    @Test func sessionPictureDrawsTheElementsOfTheRect() throws {
        let service = makeService()
        let id = try createSession(service, grid)
        let r = service.renderSession(id: id, query: "rect=0,0,320,240")
        #expect(r.status == 200)
        #expect(r.headers.contains { $0 == ("Content-Type", "image/svg+xml") })
        #expect(r.headers.contains { $0 == ("ETag", "\"1\"") })
        // Flow R-rules: three 100-point items per 320-point line, 10 apart (interitem spacing
        // spreads the 20 spare points: 0, 110, 220), lines 110 apart; rows 0 and 1 and the
        // top of row 2 (y = 220) intersect 0…240.
        let rects = cellRects(text(r))
        #expect(rects.count == 9)
        #expect(rects.first == [0, 0, 100, 100])
        #expect(rects.last == [220, 220, 100, 100])
        // The same as the elements answer for the same rect.
        let elements = try object(service.elements(id: id, query: "rect=0,0,320,240"))["elements"] as? [[String: Any]] ?? []
        let frames = elements.map { e -> [Double] in
            let f = e["frame"] as? [String: Double] ?? [:]
            return [f["x"]!, f["y"]!, f["width"]!, f["height"]!]
        }
        #expect(frames == rects)
        // Cached per version and query: the same bytes again.
        #expect(service.renderSession(id: id, query: "rect=0,0,320,240").body == r.body)
    }

    @Test func transitionProgressIsDrawn() throws {
        let service = makeService()
        let id = try createSession(service, grid)
        #expect(service.beginTransition(id: id, body: body(#"{"layout":{"type":"flow","itemSize":[200,100]}}"#)).status == 201)
        // Item 0,1 goes from (110, 0, 100×100) to its own line of the 200-wide layout, where
        // a lone item is centred: (60, 110, 200×100). Halfway: (85, 55, 150×100).
        let half = text(service.renderSession(id: id, query: "rect=0,0,320,480&progress=0.5"))
        #expect(cellRects(half).contains([85, 55, 150, 100]))
    }

    @Test(arguments: [
        ("rect=1,2,3", "rect"), ("rect=0,0,-1,5", "rect"), ("progress=0.5", "progress"), ("scale=0", "scale"),
        ("scale=abc", "scale"), ("scale=65", "scale"), ("theme=blue", "theme"), ("labels=maybe", "labels"),
        ("colour=red", "colour")
    ])
    func badParametersAreNamed(_ query: String, _ field: String) throws {
        let service = makeService()
        let id = try createSession(service, grid)
        let r = service.renderSession(id: id, query: query)
        #expect(r.status == 400)
        #expect(try errorOf(r).field == field)
    }

    @Test func oneShotPicture() throws {
        let service = makeService()
        let r = service.renderOneShot(body: body(grid), query: "theme=dark&scale=2&labels=false")
        #expect(r.status == 200)
        #expect(text(r).contains(".background{fill:#121417}"))
        #expect(!text(r).contains("<text"))
        #expect(cellRects(text(r)).count == 20)
        let bad = service.renderOneShot(body: body(grid), query: "scale=-1")
        #expect(try errorOf(bad).field == "scale")
        let badBody = service.renderOneShot(body: body(#"{"layout":{"type":"flow"},"dataSource":{"sections":[]},"extra":1}"#), query: nil)
        #expect(badBody.status == 400)
        #expect(try errorOf(badBody).field == "extra")
        #expect(service.renderSession(id: "nope", query: nil).status == 404)
    }

    /// More elements than one reply carries: refused like `elements` without a rect, and a
    /// rect holding too many is refused too; a smaller rect is drawn.
    @Test func pictureLimitFollowsTheReplyLimit() throws {
        var limits = TesseraService.Limits()
        limits.maxElementsPerReply = 10
        let service = TesseraService(store: .inMemory(), limits: limits)
        let id = try createSession(service, grid)
        let all = service.renderSession(id: id, query: nil)
        #expect(all.status == 400)
        #expect(try errorOf(all).field == "rect")
        let big = service.renderSession(id: id, query: "rect=0,0,320,2000")
        #expect(try errorOf(big).field == "rect")
        #expect(service.renderSession(id: id, query: "rect=0,0,320,200").status == 200)
        #expect(try errorOf(service.renderOneShot(body: body(grid), query: nil)).field == "rect")
    }
}
