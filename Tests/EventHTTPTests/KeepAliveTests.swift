import Testing
@testable import EventHTTP

/// Persistent connections and pipelining (several requests in one write).
@Suite struct KeepAliveTests {
    @Test func sequentialRequestsShareOneConnection() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            for index in 0..<5 {
                let get = try client.request("GET /v1/sessions/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(get.status == 200)
                #expect(get.header("Connection") == nil)
                let post = try client.request("POST /echo HTTP/1.1\r\nContent-Length: 3\r\n\r\nn=\(index)")
                #expect(post.text == "n=\(index)")
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(
                "GET /v1/sessions/first HTTP/1.1\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"
                    + "PUT /echo HTTP/1.1\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n"
                    + "GET /v1/sessions/last HTTP/1.1\r\n\r\n")
            #expect(try client.readResponse().text == #"{"id":"first","query":""}"#)
            #expect(try client.readResponse().text == "hello")
            #expect(try client.readResponse().status == 405)
            #expect(try client.readResponse().text == "ab")
            #expect(try client.readResponse().text == #"{"id":"last","query":""}"#)
        }
    }

    @Test func aRefusedPipelinedRequestEndsTheConnectionAfterTheGoodOnes() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(
                "GET /text HTTP/1.1\r\n\r\n"
                    + "POST /echo HTTP/1.1\r\nContent-Length: 2\r\n\r\nok"
                    + "GET /\(String(repeating: "x", count: 9000)) HTTP/1.1\r\n\r\n"
                    + "GET /text HTTP/1.1\r\n\r\n")
            #expect(try client.readResponse().text == "plain")
            #expect(try client.readResponse().text == "ok")
            let refused = try client.readResponse()
            #expect(refused.status == 414)
            #expect(refused.isJSONError)
            #expect(try client.isClosedByServer())
        }
    }

    @Test func aRequestArrivingInPiecesIsServed() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let pieces = [
                "PO", "ST /ec", "ho HTTP/1.1\r", "\nContent-Len", "gth: 6\r\n", "\r\nab", "cdef", "GET /text H",
                "TTP/1.1\r\n\r\n"
            ]
            for piece in pieces { try client.send(piece) }
            #expect(try client.readResponse().text == "abcdef")
            #expect(try client.readResponse().text == "plain")
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let keep = try RawHTTPClient(port: port)
            #expect(try keep.request("GET /text HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").status == 200)
            #expect(try keep.request("GET /text HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").status == 200)
            let once = try RawHTTPClient(port: port)
            #expect(try once.request("GET /text HTTP/1.0\r\n\r\n").text == "plain")
            #expect(try once.isClosedByServer())
        }
    }

    @Test func clientRequestedCloseIsHonoured() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /text HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(response.header("Connection") == "close")
            #expect(try client.isClosedByServer())
        }
    }
}
