import TesseraSupport
import CLibevent
import Glibc
import Testing
@testable import EventHTTP

/// The parts of a connection's life the server now runs itself (docs/http1.md): interim
/// 100 replies, HTTP/1.0 persistence, absolute-form targets, bounded pipelining, and the
/// refusals of framing that used to be evhttp's.
@Suite struct ConnectionLifeTests {
    /// RFC 9110 §10.1.1: the client waits for `100 Continue` before sending its body.
    @Test func expectContinueGetsTheInterimReplyBeforeTheBody() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            let interim = try client.readResponse(isHead: true)
            #expect(interim.status == 100)
            try client.send("hello")
            let reply = try client.readResponse()
            #expect(reply.status == 200)
            #expect(reply.text == "hello")
            // A body sent along with the head gets no interim reply.
            try client.send("POST /echo HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok")
            let direct = try client.readResponse()
            #expect(direct.status == 200)
            #expect(direct.text == "ok")
        }
    }

    /// RFC 9112 §9.3: HTTP/1.0 closes after each reply unless it asked for keep-alive, and
    /// then the reply says so.
    @Test func http10KeepsTheConnectionOnlyWhenAsked() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let asking = try RawHTTPClient(port: port)
            for _ in 0..<3 {
                let reply = try asking.request("GET /text HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                #expect(reply.status == 200)
                #expect(reply.header("Connection") == "keep-alive")
            }
            let plain = try RawHTTPClient(port: port)
            let reply = try plain.request("GET /text HTTP/1.0\r\n\r\n")
            #expect(reply.text == "plain")
            #expect(reply.header("Connection") == "close")
            #expect(try plain.isClosedByServer())
            let closing = try RawHTTPClient(port: port)
            #expect(try closing.request("GET /text HTTP/1.1\r\nConnection: close\r\n\r\n").header("Connection") == "close")
            #expect(try closing.isClosedByServer())
        }
    }

    /// RFC 9112 §3.2.2: absolute-form targets are routed on their path and query.
    @Test func absoluteFormTargetsAreRoutedOnTheirPath() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            #expect(try client.request("GET http://localhost:1/text HTTP/1.1\r\n\r\n").text == "plain")
            #expect(
                try client.request("GET HTTP://h/v1/sessions/a?b=1 HTTP/1.1\r\n\r\n").text
                    == #"{"id":"a","query":"b=1"}"#)
            let root = try client.request("GET http://h HTTP/1.1\r\n\r\n")
            #expect(root.status == 404)
            #expect(root.errorCode == "not_found")
        }
    }

    /// A HEAD request's body is framed by its Content-Length like any other (RFC 9112 §6.3),
    /// so the request after it is read where it starts.
    @Test func aHeadRequestsBodyDoesNotBecomeTheNextRequest() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("HEAD /text HTTP/1.1\r\nContent-Length: 20\r\n\r\nGET /evil HTTP/1.1\r\n\r\nGET /text HTTP/1.1\r\n\r\n")
            let head = try client.readResponse(isHead: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "5")
            #expect(try client.readResponse().text == "plain")
        }
    }

    /// A client that pipelines requests without reading the replies is read only while
    /// the server's unsent output is small: its connection never holds more than the high
    /// water mark plus one reply, and every reply arrives, in order, once it reads. (This
    /// test found a stall: requests left in the input once a full output had drained.)
    @Test func pipeliningWithoutReadingIsBounded() throws {
        var router = Router()
        let reply = [UInt8](repeating: 0x61, count: 32 << 10)
        router.add(.GET, "/chunk/{n}") { request in
            Reply(
                status: 200, headers: [("Content-Type", "text/plain"), ("X-N", request.pathParameters["n"]!)],
                body: reply)
        }
        try withServer(router: router) { server, port in
            let client = try RawHTTPClient(port: port, receiveBufferBytes: 64 << 10)
            let count = 400 // 12.5 MiB of replies: more than the socket buffers hold
            var requests = ""
            for n in 0..<count { requests += "GET /chunk/\(n) HTTP/1.1\r\n\r\n" }
            try client.send(requests)
            #expect(waitUntil { largestUnsentOutput(server) > 0 })
            usleep(300_000)
            let unsent = largestUnsentOutput(server)
            #expect(unsent <= Connection.outputHighWater + reply.count + 1024, "unsent \(unsent)")
            for n in 0..<count {
                guard let response = try? client.readResponse() else {
                    Issue.record("no reply \(n): \(connectionStates(server))")
                    break
                }
                #expect(response.status == 200)
                #expect(response.header("X-N") == String(n))
                if response.header("X-N") != String(n) { break }
            }
        }
    }
}

/// The most unsent output any connection of the server holds now.
func largestUnsentOutput(_ server: HTTPServer) -> Int {
    onEveryLoop(server) { loop in
        loop.connections.values.map { evbuffer_get_length($0.output) }.max() ?? 0
    }
}

/// Every connection's state in one line each: what a stalled test reports.
func connectionStates(_ server: HTTPServer) -> String {
    final class Lines: @unchecked Sendable { var text = "" }
    let lines = Lines()
    _ = onEveryLoop(server) { loop in
        for c in loop.connections.values {
            lines.text +=
                "reading \(c.isReading), write armed \(c.isWriteArmed), output \(evbuffer_get_length(c.output)), "
                + "input \(evbuffer_get_length(c.input)), unflushed \(c.unflushedReplies), active \(c.hasActiveRequest), "
                + "closes \(c.closesAfterFlush), phase \(c.parser.phase), received \(c.receivedBytes)\n"
        }
        return 0
    }
    return lines.text
}
