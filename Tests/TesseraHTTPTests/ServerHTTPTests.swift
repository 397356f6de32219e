import Foundation
import LoopbackHTTP
import Testing

/// The service through a real `tessera serve` on a loopback port.
@Suite("tessera serve over HTTP", .serialized)
struct ServerHTTPTests {
    let server = TesseraServer.shared

    private let gridBody =
        #"{"layout":{"type":"flow","itemSize":{"width":100,"height":100}},"dataSource":{"sections":[{"itemCount":1000}]},"view":{"bounds":{"width":390,"height":844}}}"#

    @Test func healthAndContract() throws {
        let c = try server.client()
        let health = try c.request("GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try json(health)["status"] as? String == "ok")
        let contract = try c.request("GET", "/openapi.yaml")
        #expect(contract.status == 200)
        // The served contract is the repository's openapi.yaml, byte for byte.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi.yaml")
        #expect(contract.body == Array(try Data(contentsOf: file)), "run `make openapi` after editing openapi.yaml")
    }

    @Test func sessionLifecycleOnOneKeepAliveConnection() throws {
        let c = try server.client()
        let created = try c.request("POST", "/v1/sessions", json: gridBody)
        #expect(created.status == 201)
        let id = try #require(try json(created)["id"] as? String)
        #expect(created.header("Location") == "/v1/sessions/\(id)")
        #expect(created.header("ETag") == "\"1\"")

        let page = try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,390,844")
        #expect(page.status == 200)
        #expect((try json(page)["elements"] as? [Any])?.count == 24)
        // HEAD: the GET's headers and length, no body.
        let head = try c.request("HEAD", "/v1/sessions/\(id)/elements?rect=0,0,390,844")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == String(page.body.count))
        #expect(head.body.isEmpty)

        let item = try c.request("GET", "/v1/sessions/\(id)/items/0/7")
        #expect(try json(item)["frame"] as? [String: Double] == ["x": 145, "y": 220, "width": 100, "height": 100])

        let patched = try c.request(
            "PATCH", "/v1/sessions/\(id)/view", json: #"{"contentOffset":{"x":0,"y":1200}}"#,
            headers: [("If-Match", "\"1\"")])
        #expect(patched.status == 200)
        #expect(try json(patched)["version"] as? Int == 2)
        let stale = try c.request(
            "PATCH", "/v1/sessions/\(id)/view", json: #"{"contentOffset":{"x":0,"y":0}}"#,
            headers: [("If-Match", "\"1\"")])
        #expect(stale.status == 412)
        #expect(try errorField(stale).code == "precondition_failed")

        let got = try json(try c.request("GET", "/v1/sessions/\(id)"))
        #expect(got["version"] as? Int == 2)
        #expect(got["itemCount"] as? Int == 1000)

        #expect(try c.request("DELETE", "/v1/sessions/\(id)").status == 204)
        let gone = try c.request("GET", "/v1/sessions/\(id)")
        #expect(gone.status == 404)
        #expect(try errorField(gone).code == "not_found")
    }

    @Test func errorsAreJSONWithTheField() throws {
        let c = try server.client()
        let badJSON = try c.request("POST", "/v1/sessions", json: "{\"layout\":")
        #expect(badJSON.status == 400)
        #expect(try errorField(badJSON).code == "invalid_json")
        let badField = try c.request(
            "POST", "/v1/sessions", json: #"{"layout":{"type":"flow","itemSize":[-1,5]},"dataSource":{"sections":[]},"view":{"bounds":[1,1]}}"#)
        #expect(badField.status == 400)
        #expect(try errorField(badField).field == "layout.itemSize")
        let wrongMethod = try c.request("PUT", "/v1/sessions")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow")?.contains("POST") == true)
        #expect(try errorField(wrongMethod).code == "method_not_allowed")
        let unknown = try c.request("GET", "/v2/nothing")
        #expect(unknown.status == 404)
        #expect(unknown.header("Content-Type") == "application/json; charset=utf-8")
        let badRect = try c.request("GET", "/v1/sessions/0123456789abcdef0123456789abcdef/elements?rect=1,2")
        #expect(badRect.status == 404 || badRect.status == 400)
    }

    @Test func oversizedBodyIsRefusedWithoutReadingIt() throws {
        let limited = try TesseraServer(arguments: ["--max-body-bytes", "1000"])
        defer { _ = limited.stop() }
        let c = try limited.client()
        // Announce a body far over the limit and send none of it: the answer must still come.
        try c.send(Array("POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n".utf8))
        let r = try c.readResponse()
        #expect(r.status == 413)
        #expect(try errorField(r).code == "payload_too_large")
    }

    @Test func gracefulShutdownExitsCleanly() throws {
        let own = try TesseraServer(arguments: [])
        let c = try own.client()
        #expect(try c.request("GET", "/healthz").status == 200)
        #expect(own.stop() == 0)
    }
}
