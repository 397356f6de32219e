import Foundation
import LoopbackHTTP
import Testing

/// Diffable snapshots through a live `tessera serve` (docs/snapshots.md): the routes, their
/// headers, and identifiers kept in Redis across a restart and shared with another replica.
@Suite("Snapshots over HTTP", .serialized)
struct SnapshotHTTPTests {
    static let create = Array(
        #"""
        {"layout":{"type":"flow","itemSize":[100,50]},"view":{"bounds":[320,480]},
         "dataSource":{"sections":[{"id":"inbox","itemIds":["m1","m2","m3"]},{"id":2,"items":[{"id":"x","size":[40,40]}]}]}}
        """#.utf8)

    @Test func snapshotRoutesAnswerOnTheWire() throws {
        let server = try TesseraServer(arguments: [])
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.create))["id"] as? String)
        let get = try c.request("GET", "/v1/sessions/\(id)/snapshot")
        #expect(get.status == 200)
        #expect(get.text == #"{"version":1,"sections":[{"id":"inbox","items":["m1","m2","m3"]},{"id":2,"items":["x"]}]}"#)
        #expect(get.header("ETag") == "\"1\"")

        let put = try c.request(
            "PUT", "/v1/sessions/\(id)/snapshot",
            body: Array(#"{"sections":[{"id":"inbox","items":["m3","m1"]},{"id":2,"items":["x","m2"]}],"rect":[0,0,320,480]}"#.utf8),
            headers: [("If-Match", "\"1\"")])
        #expect(put.status == 200, "\(put.text)")
        let answer = try json(put)
        #expect(answer["version"] as? Int == 2)
        let ops = answer["updates"] as? [[String: Any]] ?? []
        // m2 changes section: one moveItem; m3 before m1: the run keeps one of them.
        #expect(ops.map { $0["op"] as? String ?? "" } == ["moveItem", "moveItem"])
        #expect(put.header("ETag") == "\"2\"")

        let stale = try c.request(
            "PUT", "/v1/sessions/\(id)/snapshot", body: Array(#"{"sections":[]}"#.utf8),
            headers: [("If-Match", "\"1\"")])
        #expect(stale.status == 412)

        let operations = try c.request(
            "POST", "/v1/sessions/\(id)/snapshot/operations",
            body: Array(#"{"operations":[{"op":"deleteItems","items":["m3"]}],"animatingDifferences":false}"#.utf8))
        #expect(operations.status == 200, "\(operations.text)")
        #expect(try json(operations)["plan"] == nil)
        let refused = try c.request("POST", "/v1/sessions/\(id)/updates", body: Array(#"{"updates":[]}"#.utf8))
        #expect(refused.status == 422)
        #expect(refused.text.contains("has_identifiers"))
        #expect(try c.request("DELETE", "/v1/sessions/\(id)/snapshot").status == 405)
    }

    @Test func identifiersSurviveARestartOnRedis() throws {
        let redis = try RedisServer(directory: try temporaryDirectory())
        defer { redis.stop() }
        var server = try TesseraServer(arguments: ["--store", redis.url])
        var c = try server.client()
        let id = try #require(try json(c.request("POST", "/v1/sessions", body: Self.create))["id"] as? String)
        #expect(
            try c.request(
                "PUT", "/v1/sessions/\(id)/snapshot",
                body: Array(#"{"sections":[{"id":2,"items":[{"id":"x","size":[50,50]},"m1"]},{"id":"inbox","items":["m2","n"]}]}"#.utf8)
            ).status == 200)
        let before = try c.request("GET", "/v1/sessions/\(id)/snapshot").text
        let elements = try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,320,480").text
        _ = server.stop()

        server = try TesseraServer(arguments: ["--store", redis.url])
        defer { _ = server.stop() }
        c = try server.client()
        #expect(try c.request("GET", "/v1/sessions/\(id)/snapshot").text == before)
        #expect(try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,320,480").text == elements)
        #expect(before == #"{"version":2,"sections":[{"id":2,"items":["x","m1"]},{"id":"inbox","items":["m2","n"]}]}"#)
    }
}
