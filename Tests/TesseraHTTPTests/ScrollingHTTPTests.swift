import Foundation
import LoopbackHTTP
import Testing

/// Scroll-to-item and anchored changes through a live `tessera serve` (docs/api.md,
/// "Scrolling to an item" and "Anchored updates"): the route, its headers, and offsets that a
/// SQLite store replays from its log after a restart.
@Suite("Scrolling over HTTP", .serialized)
struct ScrollingHTTPTests {
    /// Item i of this grid at x = 110 · (i mod 3), y = 110 · (i div 3); 30 items, 1,090 tall.
    static let create = Array(
        #"""
        {"layout":{"type":"flow","itemSize":[100,100],"minimumLineSpacing":10,"minimumInteritemSpacing":10},
         "dataSource":{"sections":[{"itemCount":30}]},"view":{"bounds":[320,500],"contentOffset":[0,300]}}
        """#.utf8)

    static func offset(_ c: LoopbackHTTPClient, _ id: String) throws -> [String: Double]? {
        let view = try json(c.request("GET", "/v1/sessions/\(id)"))["view"] as? [String: Any]
        return view?["contentOffset"] as? [String: Double]
    }

    @Test func scrollToItemAnswersOnTheWireAndAppliesWithANewVersion() throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.create))["id"] as? String)
        // Item 16 (y 550) centred in 500: 600 − 250.
        let look = try c.request(
            "POST", "/v1/sessions/\(id)/scroll-to-item", body: Array(#"{"indexPath":[0,16],"position":"centeredVertically"}"#.utf8))
        #expect(look.status == 200, "\(look.text)")
        #expect(
            look.text
                == #"{"version":1,"contentOffset":{"x":0,"y":350},"frame":{"x":110,"y":550,"width":100,"height":100},"animated":true,"applied":false}"#
        )
        #expect(look.header("ETag") == "\"1\"")
        let apply = try c.request(
            "POST", "/v1/sessions/\(id)/scroll-to-item", body: Array(#"{"indexPath":[0,16],"position":"top","apply":true}"#.utf8),
            headers: [("If-Match", "\"1\"")])
        #expect(apply.status == 200, "\(apply.text)")
        #expect(apply.header("ETag") == "\"2\"")
        #expect(try Self.offset(c, id) == ["x": 0, "y": 550])
        let missing = try c.request("POST", "/v1/sessions/\(id)/scroll-to-item", body: Array(#"{"indexPath":[3,0]}"#.utf8))
        #expect(missing.status == 404)
        #expect(missing.text.contains(#""field":"indexPath""#))
        #expect(try c.request("GET", "/v1/sessions/\(id)/scroll-to-item").status == 405)
    }

    @Test func offsetsFromScrollingAndAnchorsSurviveARestartOnSQLite() throws {
        let store = "sqlite:\(try temporaryDirectory())/sessions.db"
        var server = try TesseraServer(arguments: ["--store", store])
        var c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.create))["id"] as? String)
        // Three items prepended with the first visible item (6, y 220) anchored: it becomes
        // item 9 at y 330, and the offset follows it from 300 to 410.
        let prepend = try c.request(
            "POST", "/v1/sessions/\(id)/updates",
            body: Array(#"{"updates":[{"op":"insertItems","indexPaths":[[0,0],[0,1],[0,2]]}],"rect":[0,0,1,1],"anchor":"firstVisible"}"#.utf8))
        #expect(prepend.status == 200, "\(prepend.text)")
        let answer = try json(prepend)
        #expect(answer["contentOffset"] as? [String: Double] == ["x": 0, "y": 410])
        #expect(answer["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 110])
        // Then scrolled to item 30 (row 10, y 1100) at the bottom: 1200 − 500.
        let scroll = try c.request(
            "POST", "/v1/sessions/\(id)/scroll-to-item", body: Array(#"{"indexPath":[0,30],"position":"bottom","apply":true}"#.utf8))
        #expect(try json(scroll)["contentOffset"] as? [String: Double] == ["x": 0, "y": 700])
        #expect(server.stop() == 0)

        server = try TesseraServer(arguments: ["--store", store])
        defer { _ = server.stop() }
        c = try server.client()
        let session = try json(c.request("GET", "/v1/sessions/\(id)"))
        #expect(session["version"] as? Int == 3)
        #expect(try Self.offset(c, id) == ["x": 0, "y": 700])
    }
}
