import Testing
@testable import EventHTTP

/// Routing, HEAD, OPTIONS and content types against a live server.
@Suite struct ServerRoutingTests {
    @Test func routesCarryDecodedParametersAndTheRawQuery() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let item = try client.request("GET /v1/sessions/s%201/items/2/30 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(item.status == 200)
            #expect(item.text == #"{"id":"s 1","section":"2","item":"30"}"#)
            let session = try client.request("GET /v1/sessions/abc?rect=0,0,390,844&x=%20 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(session.text == #"{"id":"abc","query":"rect=0,0,390,844&x=%20"}"#)
            let finish = try client.request("POST /v1/sessions/abc/transition/finish HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
            #expect(finish.text == #"{"finished":true}"#)
        }
    }

    @Test func unknownPathsAreJSON404() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(response.status == 404)
            #expect(response.errorCode == "not_found")
            #expect(response.isJSONError)
            // An error is an ordinary reply: the connection stays usable.
            #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
        }
    }

    @Test func aWrongMethodIs405WithAllow() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("PUT /v1/sessions/abc HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
            #expect(response.status == 405)
            #expect(response.errorCode == "method_not_allowed")
            #expect(response.isJSONError)
            #expect(response.header("Allow") == "GET, HEAD, DELETE, OPTIONS")
            let options = try client.request("OPTIONS /v1/sessions/abc HTTP/1.1\r\n\r\n")
            #expect(options.status == 204)
            #expect(options.header("Allow") == "GET, HEAD, DELETE, OPTIONS")
            #expect(options.header("Content-Type") == nil)
        }
    }

    @Test func headAnswersTheGetHeadersWithoutTheBody() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let get = try client.request("GET /v1/sessions/abc HTTP/1.1\r\n\r\n")
            let head = try client.request("HEAD /v1/sessions/abc HTTP/1.1\r\n\r\n", isHead: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            let missing = try client.request("HEAD /nowhere HTTP/1.1\r\n\r\n", isHead: true)
            #expect(missing.status == 404)
            #expect(Int(missing.header("Content-Length") ?? "") ?? 0 > 0)
            // Had a body been sent, it would now be read as the next response.
            let next = try client.request("GET /text HTTP/1.1\r\n\r\n")
            #expect(next.status == 200)
            #expect(next.text == "plain")
        }
    }

    @Test func repliesDefaultToJSONAndTheServerOwnsFraming() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let bare = try client.request("GET /bare HTTP/1.1\r\n\r\n")
            #expect(bare.header("Content-Type") == "application/json; charset=utf-8")
            let text = try client.request("GET /text HTTP/1.1\r\n\r\n")
            #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
            let framing = try client.request("GET /framing HTTP/1.1\r\n\r\n")
            #expect(framing.header("Content-Length") == "2")
            #expect(framing.header("Connection") == nil)
            #expect(framing.header("X-Kept") == "yes")
            let deleted = try client.request("DELETE /v1/sessions/abc HTTP/1.1\r\n\r\n")
            #expect(deleted.status == 204)
            #expect(deleted.header("Content-Type") == nil)
            #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
        }
    }

    @Test func pathsThatAreNotUTF8Are400() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            for path in ["/v1/sessions/%FF", "/v1/sessions/%C3", "/v1/sessions/%zz"] {
                let response = try client.request("GET \(path) HTTP/1.1\r\n\r\n")
                #expect(response.status == 400, "\(path)")
                #expect(response.errorCode == "invalid_request")
                #expect(response.isJSONError)
            }
        }
    }

    @Test func largeBodiesRoundTrip() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(body.count)\r\n\r\n")
            try client.send(body)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == body)
        }
    }
}
