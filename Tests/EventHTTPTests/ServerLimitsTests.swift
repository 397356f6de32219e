import TesseraSupport
import Glibc
import Testing
@testable import EventHTTP

/// Limits and malformed input against a live server: every refusal is the API's JSON
/// error, never libevent's HTML page, and an oversized body is refused from its headers.
@Suite struct ServerLimitsTests {
    @Test func anOversizedBodyIs413WithoutSendingIt() throws {
        // Default limits (64 MiB): the body is never sent, so only a reply from the headers
        // can arrive.
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(64 << 20 + 1)\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.errorCode == "payload_too_large")
            #expect(response.isJSONError)
            #expect(response.header("Connection") == "close")
            #expect(try client.isClosedByServer())
        }
    }

    /// A client that sends its body regardless (no Expect) reads the 413 and may keep
    /// sending for a while: the server drains instead of resetting the connection.
    @Test func aRefusedUploadIsDrainedNotReset() throws {
        let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
        try withServer(router: TestRoutes.standard(), configure: { $0.lingerSeconds = 30 }) { server, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            for _ in 0..<16 { try client.send(chunk) }
            client.shutdownWrite()
            #expect(try client.isClosedByServer())
            #expect(waitUntil { lingeringSockets(server) == 0 })
        }
        // Without lingering the same client is reset: the test above is not vacuous.
        try withServer(router: TestRoutes.standard(), configure: { $0.lingerSeconds = 0 }) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            #expect(try client.isClosedByServer())
            #expect(throws: ClientError.self) { for _ in 0..<64 { try client.send(chunk) } }
        }
    }

    @Test func expectContinueWithAnOversizedBodyGets413Not100() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.maxBodySize = 1000 }) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("POST /echo HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 1001\r\n\r\n")
            #expect(response.status == 413)
            #expect(response.isJSONError)
        }
    }

    @Test func bodiesUpToTheLimitAreServedChunkedOrNot() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.maxBodySize = 1000 }) { _, port in
            let client = try RawHTTPClient(port: port)
            let full = String(repeating: "x", count: 1000)
            let exact = try client.request("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n\(full)")
            #expect(exact.status == 200)
            #expect(exact.body.count == 1000)
            let chunked = try client.request(
                "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(chunked.status == 200)
            #expect(chunked.text == "abcde")
            // 600 + 600 > 1000: refused at the second chunk's size line.
            let half = String(repeating: "y", count: 600)
            let over = try client.request(
                "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "258\r\n\(half)\r\n258\r\n\(half)\r\n0\r\n\r\n")
            #expect(over.status == 413)
            #expect(over.errorCode == "payload_too_large")
            #expect(over.isJSONError)
        }
    }

    @Test func aLongURIIs414() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /v1/sessions/\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\r\n")
            #expect(response.status == 414)
            #expect(response.errorCode == "uri_too_long")
            #expect(response.isJSONError)
            #expect(try client.isClosedByServer())
        }
    }

    @Test func largeHeadersAre431() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let headers = (0..<20).map { "X-Filler-\($0): \(String(repeating: "v", count: 1000))\r\n" }.joined()
            let response = try client.request("GET /text HTTP/1.1\r\n\(headers)\r\n")
            #expect(response.status == 431)
            #expect(response.errorCode == "headers_too_large")
            #expect(response.isJSONError)
        }
    }

    @Test func headersOverflowingAfterAContentLengthAre431() throws {
        // The Content-Length line is already parsed when the overflow shows; the refusal
        // must not leave the connection waiting for that body.
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: 5\r\n")
            try client.send("X-Big: \(String(repeating: "v", count: 20000))\r\n\r\nhello")
            let response = try client.readResponse()
            #expect(response.status == 431)
            #expect(response.isJSONError)
            #expect(try client.isClosedByServer())
        }
    }

    static let malformed: [(request: String, status: Int, code: String)] = [
        ("BREW /pot HTTP/1.1\r\n\r\n", 501, "not_implemented"),
        ("TRACE / HTTP/1.1\r\n\r\n", 501, "not_implemented"),
        ("CONNECT example.com:443 HTTP/1.1\r\n\r\n", 501, "not_implemented"),
        ("GET / HTTP/2.0\r\n\r\n", 505, "http_version_not_supported"),
        ("GET /\r\n\r\n", 400, "invalid_request"),
        ("GET / HTTP/1.1\n\n", 400, "invalid_request"),
        ("GET /text HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "invalid_request"),
        ("GET http:///text HTTP/1.1\r\n\r\n", 400, "invalid_request"),
        ("GET /text HTTP/1.1\r\n folded\r\n\r\n", 400, "invalid_request"),
        ("GET /text HTTP/1.1\r\nNoColon\r\n\r\n", 400, "invalid_request"),
        ("POST /echo HTTP/1.1\r\nContent-Length: abc\r\n\r\n", 400, "invalid_request"),
        ("POST /echo HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "invalid_request"),
        ("POST /echo HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "not_implemented"),
        ("POST /echo HTTP/1.1\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx", 417, "expectation_failed"),
        ("POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400, "invalid_request"),
        ("POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "invalid_request")
    ]

    @Test(arguments: malformed)
    func malformedRequestsGetJSONErrors(_ example: (request: String, status: Int, code: String)) throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request(example.request)
            #expect(response.status == example.status)
            #expect(response.errorCode == example.code)
            #expect(response.isJSONError)
            #expect(response.header("Connection") == "close")
        }
    }

    @Test func idleConnectionsAreClosed() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.idleTimeoutSeconds = 1 }) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 20)
            #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
            // No timing threshold: only that the server closes it at all (the read timeout is 20 s).
            #expect(try client.isClosedByServer())
        }
    }

    /// A client that stops reading its reply stalls the write: once nothing of the reply has
    /// moved for the idle timeout, the connection is closed . The client's receive buffer is fixed at 64 KiB (autotuning
    /// may grow it to tcp_rmem's maximum, 32 MiB on some hosts), so 16 MiB cannot all be
    /// taken in while it does not read.
    @Test func aClientThatStopsReadingIsClosed() throws {
        let big = [UInt8](repeating: 0x61, count: 16 << 20)
        var router = Router()
        router.add(.GET, "/big") { _ in Reply(status: 200, headers: [("Content-Type", "text/plain")], body: big) }
        try withServer(router: router, configure: { $0.idleTimeoutSeconds = 1 }) { server, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 20, receiveBufferBytes: 64 << 10)
            try client.send("GET /big HTTP/1.1\r\n\r\n")
            // First the connection is there (on a busy machine the loop may not have accepted
            // it yet, and "no connection" would pass at once), then it is closed.
            #expect(waitUntil(seconds: 30) { liveConnectionStates(server) == 1 })
            #expect(waitUntil(seconds: 30) { liveConnectionStates(server) == 0 })
            let received = try client.readToEnd()
            #expect(received.count < big.count)
        }
    }

    /// A request with a worker is never closed as idle, however long the handler takes.
    @Test func aRequestWithAWorkerOutlivesTheIdleTimeout() throws {
        let release = Gate()
        var router = Router()
        router.add(.GET, "/slow", offload: true) { _ in
            _ = release.wait(seconds: 30)
            return .text(200, "done")
        }
        try withServer(router: router, configure: { $0.idleTimeoutSeconds = 1 }) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try client.send("GET /slow HTTP/1.1\r\n\r\n")
            // Three sweeps past the idle timeout (a wait the test needs, not a threshold).
            usleep(3_000_000)
            release.open()
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "done")
        }
    }
}
