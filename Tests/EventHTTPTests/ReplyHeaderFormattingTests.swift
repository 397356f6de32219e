import Testing
@testable import EventHTTP

/// The reply header block (`ReplyHeaderFormatting.block`, the default) against evhttp's own
/// way (`.perField`): the same request gets the same bytes from both, and evhttp still sees
/// the fields it acts on (it neither adds a second Date, Content-Length or Content-Type nor
/// misses a Connection: close).
@Suite struct ReplyHeaderFormattingTests {
    private static func router() -> Router {
        var router = TestRoutes.standard()
        router.add(.GET, "/injected") { _ in
            HTTPResponse(status: 200, headers: [("X-Evil", "a\r\nSet-Cookie: x=1"), ("Bad Name", "v"), ("X-Tab", "a\tb"),
                                                ("X-Text", "caf\u{e9}"), ("ETag", "\"9\"")],
                         body: Array("{}".utf8))
        }
        router.add(.GET, "/long") { _ in
            HTTPResponse(status: 200, headers: [("X-Long", String(repeating: "L", count: 3_000))], body: Array("{}".utf8))
        }
        router.add(.GET, "/unchanged") { _ in HTTPResponse(status: 304, headers: [("ETag", "\"3\"")]) }
        router.add(.GET, "/empty") { _ in HTTPResponse(status: 200) }
        router.add(.GET, "/echoed-id") { _ in
            HTTPResponse(status: 200, headers: [("x-request-id", "handler-id")], body: Array("{}".utf8))
        }
        return router
    }

    /// Requests sent on one connection; the last asks to close, so the replies end at EOF.
    private static let exchanges: [String] = [
        "GET /text HTTP/1.1\r\nX-Request-ID: r1\r\n\r\n",
        "HEAD /text HTTP/1.1\r\nX-Request-ID: r2\r\n\r\n",
        "GET /bare HTTP/1.1\r\nX-Request-ID: r3\r\n\r\n",
        "GET /dated HTTP/1.1\r\nX-Request-ID: r4\r\n\r\n",
        "GET /framing HTTP/1.1\r\nX-Request-ID: r5\r\n\r\n",
        "DELETE /v1/sessions/abc HTTP/1.1\r\nX-Request-ID: r6\r\n\r\n",
        "GET /injected HTTP/1.1\r\nX-Request-ID: r7\r\n\r\n",
        "GET /long HTTP/1.1\r\nX-Request-ID: r8\r\n\r\n",
        "GET /unchanged HTTP/1.1\r\nX-Request-ID: r9\r\n\r\n",
        "GET /empty HTTP/1.1\r\nX-Request-ID: r10\r\n\r\n",
        "GET /echoed-id HTTP/1.1\r\nX-Request-ID: r11\r\n\r\n",
        "GET /missing HTTP/1.1\r\nX-Request-ID: r12\r\n\r\n",
        "POST /echo HTTP/1.1\r\nX-Request-ID: r13\r\nContent-Length: 5\r\n\r\nhello",
        "GET /v1/sessions/abc?x=1 HTTP/1.0\r\nConnection: keep-alive\r\nX-Request-ID: r14\r\n\r\n",
        "GET /text HTTP/1.1\r\nX-Request-ID: r15\r\nConnection: close\r\n\r\n",
    ]

    /// Everything the server wrote for `exchanges`, with each current Date replaced by a
    /// marker (the two servers may answer in different seconds).
    private func wireBytes(_ formatting: ReplyHeaderFormatting, requests: [String] = exchanges) throws -> String {
        var text = ""
        try withServer(router: Self.router(), configure: { $0.replyHeaderFormatting = formatting }) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(requests.joined())
            text = String(decoding: try client.readToEnd(), as: UTF8.self)
        }
        return text.split(separator: "\r\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Date: ") && line != "Date: Sun, 06 Nov 1994 08:49:37 GMT" ? "Date: (now)" : String(line)
        }.joined(separator: "\r\n")
    }

    @Test func theBlockWritesTheSameBytesAsOneFieldAtATime() throws {
        let block = try wireBytes(.block), perField = try wireBytes(.perField)
        #expect(block == perField)
        #expect(block.ranges(of: "HTTP/1.").count == Self.exchanges.count)
    }

    /// One of each field evhttp would add when missing, on every reply, and the handler's
    /// framing never.
    @Test func evhttpFindsTheFieldsItLooksUp() throws {
        let replies = try wireBytes(.block).split(separator: "\r\n\r\n").map(String.init).filter { $0.contains("HTTP/1.") }
        #expect(replies.count == Self.exchanges.count)
        for reply in replies {
            let lines = reply.split(separator: "\r\n").filter { !$0.hasPrefix("HTTP/") }
            let names = lines.compactMap { $0.split(separator: ":").first?.lowercased() }
            let status = reply[reply.firstRange(of: "HTTP/1.")!.upperBound...].dropFirst(2).prefix(3)
            #expect(names.filter { $0 == "date" }.count == 1, "\(reply)")
            #expect(names.filter { $0 == "x-request-id" }.count == 1, "\(reply)")
            let bodyless = status == "204" || status == "304"
            #expect(names.filter { $0 == "content-length" }.count == (bodyless ? 0 : 1), "\(reply)")
            #expect(names.filter { $0 == "content-type" }.count == (bodyless ? 0 : 1), "\(reply)")
            #expect(names.filter { $0 == "connection" }.count <= 1, "\(reply)")
        }
        let framing = try #require(replies.first { $0.contains("X-Kept: yes") })
        #expect(framing.contains("Content-Length: 2\r\n") || framing.hasSuffix("Content-Length: 2"))
        #expect(!framing.contains("999"))
        let injected = try #require(replies.first { $0.contains("X-Tab") })
        #expect(!injected.contains("Set-Cookie") && !injected.contains("X-Evil") && !injected.contains("Bad Name"))
        #expect(injected.contains("X-Tab: a\tb") && injected.contains("ETag: \"9\""))
        let echoed = try #require(replies.first { $0.contains("X-Request-ID: r11") })
        #expect(!echoed.contains("handler-id"))
        #expect(replies.last?.contains("Connection: close") == true)
    }

    /// The Connection: close that rides in the block's own entry still closes the connection.
    @Test func aConnectionCloseInTheBlockClosesTheConnection() throws {
        try withServer(router: Self.router()) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /text HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(try client.isClosedByServer())
            let kept = try RawHTTPClient(port: port)
            #expect(try kept.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
            #expect(try kept.request("GET /bare HTTP/1.1\r\n\r\n").status == 200)
        }
    }
}
