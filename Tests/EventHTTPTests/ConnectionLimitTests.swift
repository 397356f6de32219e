import TesseraSupport
import Glibc
import Testing
@testable import EventHTTP

/// Issue 8, items 9 and 10: slow or greedy clients cannot hold connections, descriptors or
/// memory. Each attack is scaled down and its bound asserted (a status, a count, bytes),
/// never a duration: the deadlines are short and the waits for them generous.
@Suite struct ConnectionLimitTests {
    /// A head trickled a header line at a time never completes: once the deadline passes the
    /// client reads 408 and the connection closes, however often it sends.
    @Test func aTrickledHeadGets408() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.headDeadlineSeconds = 1 }) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try client.send("GET /text HTTP/1.1\r\n")
            // A line every 100 ms would keep an idle timer alive forever; stop at 30 s.
            var lines = 0
            while lines < 300, client.hasNothingToRead() {
                guard (try? client.send("X-Slow-\(lines): 1\r\n")) != nil else { break }
                lines += 1
                usleep(100_000)
            }
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(response.errorCode == "request_timeout")
            #expect(response.isJSONError)
            #expect(try client.isClosedByServer())
            #expect(lines < 300)
        }
    }

    /// A connection that sends nothing at all gets the same deadline from its accept.
    @Test func aSilentConnectionGets408() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.headDeadlineSeconds = 1 }) { server, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(try client.isClosedByServer())
            #expect(waitUntil(seconds: 30) { server.loopStatistics().first?.connections == 0 })
        }
    }

    /// Between requests a keep-alive connection is idle, not late: the head deadline runs
    /// only while a head is arriving.
    @Test func theDeadlineDoesNotCutKeepAliveIdleTime() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.headDeadlineSeconds = 1 }) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
            usleep(1_500_000)
            #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
        }
    }

    /// A loop of cap 3 never holds a fourth connection: the extra ones wait in the backlog
    /// and are served as others close.
    @Test func aLoopHoldsNoMoreThanItsCap() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.maxConnectionsPerLoop = 3 }) { server, port in
            var holders = try (0..<3).map { _ in try RawHTTPClient(port: port, timeoutSeconds: 30) }
            for client in holders { #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200) }
            let waiting = try (0..<4).map { _ in try RawHTTPClient(port: port, timeoutSeconds: 30) }
            for client in waiting { try client.send("GET /text HTTP/1.1\r\nConnection: close\r\n\r\n") }
            #expect(server.loopStatistics().first?.isAccepting == false)
            holders.removeAll() // closes them: the waiting ones get their turn
            for client in waiting { #expect(try client.readResponse().status == 200) }
            #expect(server.loopStatistics().first?.peakConnections == 3)
        }
    }

    /// The lingering close after a 413 reads at most `lingerMaxBytes` of what a fast client
    /// keeps sending, then closes: the client's writes fail long before it has sent 256 MiB.
    @Test func lingeringReadsAtMostItsByteCap() throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.lingerSeconds = 30
                $0.lingerMaxBytes = 64 << 10
            }
        ) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
            var sent = 0
            while sent < 256 << 20, (try? client.send(chunk)) != nil { sent += chunk.count }
            // What the kernel buffers on both sides of a loopback connection, and the cap.
            #expect(sent < 32 << 20, "sent \(sent) bytes before the server closed")
        }
    }

    /// A client trickling a byte every 100 ms does not renew the lingering deadline: the
    /// socket closes about a second in, well before 300 bytes.
    @Test func lingeringHasOneDeadline() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.lingerSeconds = 1 }) { server, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try client.send("POST /echo HTTP/1.1\r\nContent-Length: \(1 << 40)\r\n\r\n")
            #expect(try client.readResponse().status == 413)
            var trickled = 0
            while trickled < 300, lingeringSockets(server) > 0 || trickled == 0 {
                _ = try? client.send("a")
                trickled += 1
                usleep(100_000)
            }
            #expect(lingeringSockets(server) == 0)
            #expect(trickled < 300)
        }
    }

    /// Bodies held at once are bounded by what they have sent: while one request holds the
    /// 800 bytes it sent of a 1,000-byte budget, another client's 300-byte body is refused
    /// 503 once its bytes pass the budget, while a head alone holds nothing and is not
    /// refused; once the first is answered the waiting body fits.
    @Test func bodiesBeyondTheBudgetAre503() throws {
        try withServer(
            router: TestRoutes.standard(),
            configure: {
                $0.maxBodySize = 1000
                $0.maxBodyBytesInFlight = 1000
            }
        ) { server, port in
            let big = try RawHTTPClient(port: port, timeoutSeconds: 30)
            try big.send("POST /echo HTTP/1.1\r\nContent-Length: 900\r\n\r\n" + String(repeating: "b", count: 800))
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 800 })
            // Other addresses than big's, so that the budget refuses, not big's share.
            let headOnly = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: 4)
            try headOnly.send("POST /echo HTTP/1.1\r\nContent-Length: 300\r\n\r\n")
            let refused = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: 2)
            try refused.send("POST /echo HTTP/1.1\r\nContent-Length: 300\r\n\r\n" + String(repeating: "r", count: 300))
            let busy = try refused.readResponse()
            #expect(busy.status == 503)
            #expect(busy.errorCode == "server_busy")
            #expect(busy.header("Retry-After") == "1")
            #expect(String(decoding: busy.body, as: UTF8.self).contains("retry later"))
            #expect(try refused.isClosedByServer())
            // Chunked bodies count the bytes of their chunks: the same refusal.
            let chunked = try RawHTTPClient(port: port, timeoutSeconds: 30, sourceHost: 3)
            try chunked.send(
                "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n12c\r\n" + String(repeating: "c", count: 300))
            #expect(try chunked.readResponse().status == 503)
            #expect(server.bodyBytesInFlight == 800)
            try big.send(String(repeating: "b", count: 100))
            #expect(try big.readResponse().body.count == 900)
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 0 })
            try headOnly.send(String(repeating: "h", count: 300))
            #expect(try headOnly.readResponse().body.count == 300)
            #expect(waitUntil(seconds: 30) { server.bodyBytesInFlight == 0 })
        }
    }

    /// Replies clients have not read are bounded: with 40 MB held for a client that does not
    /// read, another 40 MB reply does not fit the 64 MiB budget and is a 503; once the first
    /// is read, it fits.
    @Test func unreadRepliesAreBounded() throws {
        var router = Router()
        let big = [UInt8](repeating: 0x61, count: 40_000_000)
        router.add(.GET, "/big") { _ in Reply(status: 200, body: big) }
        try withServer(router: router, configure: { $0.maxReplyBytesInFlight = 64 << 20 }) { _, port in
            let slow = try RawHTTPClient(port: port, timeoutSeconds: 60)
            try slow.send("GET /big HTTP/1.1\r\n\r\n")
            let other = try RawHTTPClient(port: port, timeoutSeconds: 60)
            // Until the slow client's reply is handed out, the other one's may still fit: ask
            // again (each time reading it whole) until one is refused.
            var refused: RawResponse?
            for _ in 0..<200 where refused == nil {
                let response = try other.request("GET /big HTTP/1.1\r\n\r\n")
                if response.status == 503 { refused = response } else { usleep(10_000) }
            }
            #expect(refused?.errorCode == "server_busy")
            #expect(refused?.header("Retry-After") == "1")
            #expect(try slow.readResponse().body.count == big.count)
            #expect(try other.request("GET /big HTTP/1.1\r\n\r\n").body.count == big.count)
        }
    }

    /// A reply larger than the whole budget can never fit: a 507 `reply_too_large` without
    /// Retry-After (a 503 would have a client that obeys it ask forever), and the connection
    /// goes on serving.
    @Test func aReplyThatCanNeverFitIsNotBusy() throws {
        var router = Router()
        let huge = [UInt8](repeating: 0x61, count: (64 << 20) + 1)
        router.add(.GET, "/huge") { _ in Reply(status: 200, body: huge) }
        router.add(.GET, "/small") { _ in Reply(status: 200, body: [0x62]) }
        try withServer(router: router, configure: { $0.maxReplyBytesInFlight = 64 << 20 }) { _, port in
            let client = try RawHTTPClient(port: port, timeoutSeconds: 60)
            let refused = try client.request("GET /huge HTTP/1.1\r\n\r\n")
            #expect(refused.status == 507)
            #expect(refused.errorCode == "reply_too_large")
            #expect(refused.header("Retry-After") == nil)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("\(huge.count) bytes"))
            #expect(try client.request("GET /small HTTP/1.1\r\n\r\n").body == [0x62])
        }
    }
}
