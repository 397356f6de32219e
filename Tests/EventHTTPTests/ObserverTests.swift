import Glibc
import Synchronization
import Testing
@testable import EventHTTP

/// What the server reports to its observer (route templates, statuses, bytes, request ids,
/// worker waits, loop lag) and the request ids it echoes, against a live server.
@Suite struct ObserverTests {
    @Test func anExchangeNamesItsRouteTemplateStatusBytesAndRequestID() throws {
        let observer = RecordingObserver()
        try withServer(router: TestRoutes.standard(), observer: observer) { _, port in
            let client = try RawHTTPClient(port: port)
            let item = try client.request("GET /v1/sessions/s1/items/2/30 HTTP/1.1\r\nX-Request-ID: trace-42\r\n\r\n")
            #expect(item.header("X-Request-ID") == "trace-42")
            let echo = try client.request("POST /echo HTTP/1.1\r\nContent-Length: 5\r\nx-request-id: a.b:c/d+e=f@g_h\r\n\r\nhello")
            #expect(echo.header("X-Request-ID") == "a.b:c/d+e=f@g_h")
            let exchanges = observer.waitForExchanges(2)
            #expect(exchanges[0].method == "GET")
            #expect(exchanges[0].route == "/v1/sessions/{id}/items/{section}/{item}")
            #expect(exchanges[0].pathParameters == ["id": "s1", "section": "2", "item": "30"])
            #expect(exchanges[0].status == 200)
            #expect(exchanges[0].requestBodyBytes == 0)
            #expect(exchanges[0].responseBodyBytes == item.body.count)
            #expect(exchanges[0].requestID == "trace-42")
            #expect(exchanges[1].route == "/echo")
            #expect(exchanges[1].requestBodyBytes == 5)
            #expect(exchanges[1].responseBodyBytes == 5)
            #expect(exchanges[1].requestID == "a.b:c/d+e=f@g_h")
        }
    }

    @Test func aRequestWithoutAnIDGetsAFreshOneEchoed() throws {
        let observer = RecordingObserver()
        try withServer(router: TestRoutes.standard(), observer: observer) { _, port in
            let client = try RawHTTPClient(port: port)
            let first = try client.request("GET /text HTTP/1.1\r\n\r\n")
            let second = try client.request("GET /text HTTP/1.1\r\n\r\n")
            let ids = [first, second].map { $0.header("X-Request-ID") ?? "" }
            for id in ids { #expect(isFreshID(id), "\(id)") }
            #expect(ids[0] != ids[1])
            #expect(observer.waitForExchanges(2).map(\.requestID) == ids)
        }
    }

    @Test(arguments: [
        String(repeating: "a", count: RequestID.maxLength + 1), // too long
        "tab\there", // a control byte
        "quote\"d", // would end a JSON string
        "sp ace", // would split a text log line
        "caf\u{E9}", // not ASCII
        "back\\slash"
    ])
    func aBadRequestIDIsReplacedNotEchoed(_ sent: String) throws {
        let observer = RecordingObserver()
        try withServer(router: TestRoutes.standard(), observer: observer) { _, port in
            let client = try RawHTTPClient(port: port)
            let response = try client.request("GET /text HTTP/1.1\r\nX-Request-ID: \(sent)\r\n\r\n")
            #expect(response.status == 200)
            let echoed = response.header("X-Request-ID") ?? ""
            #expect(isFreshID(echoed), "\(echoed)")
            #expect(observer.waitForExchanges(1)[0].requestID == echoed)
        }
    }

    @Test func theLongestAcceptedIDIsEchoedWhole() throws {
        let longest = String(repeating: "z", count: RequestID.maxLength)
        #expect(RequestID.sanitised(longest) == longest)
        #expect(RequestID.sanitised("") == nil)
        try withServer(router: TestRoutes.standard()) { _, port in
            let response = try RawHTTPClient(port: port).request("GET /text HTTP/1.1\r\nX-Request-ID: \(longest)\r\n\r\n")
            #expect(response.header("X-Request-ID") == longest)
        }
    }

    @Test func unroutedAndRefusedRequestsAreReportedWithoutATemplate() throws {
        let observer = RecordingObserver()
        try withServer(router: TestRoutes.standard(), configure: { $0.maxBodySize = 16 }, observer: observer) { _, port in
            let notFound = try RawHTTPClient(port: port).request("GET /sessions/secret-id HTTP/1.1\r\n\r\n")
            #expect(notFound.status == 404)
            let tooBig = try RawHTTPClient(port: port).request("POST /echo HTTP/1.1\r\nContent-Length: 17\r\nX-Request-ID: big\r\n\r\n")
            #expect(tooBig.status == 413)
            #expect(tooBig.header("X-Request-ID") != nil)
            let exchanges = observer.waitForExchanges(2)
            #expect(exchanges.map(\.route) == [HTTPExchange.unmatchedRoute, HTTPExchange.rejectedRoute])
            #expect(exchanges.map(\.status) == [404, 413])
            #expect(exchanges[1].requestID == tooBig.header("X-Request-ID"))
        }
    }

    @Test func offloadedJobsReportTheirWaitAndLoopsTheirLag() throws {
        let observer = RecordingObserver()
        var router = Router()
        router.add(.POST, "/slow", offload: true) { _ in .text(200, "done") }
        try withServer(router: router, configure: { $0.loopLagIntervalMilliseconds = 5 }, observer: observer) { _, port in
            let client = try RawHTTPClient(port: port)
            for _ in 0..<3 {
                #expect(try client.request("POST /slow HTTP/1.1\r\nContent-Length: 0\r\n\r\n").status == 200)
            }
            #expect(observer.waitForExchanges(3).allSatisfy { $0.route == "/slow" })
            let counts = observer.waitFor { $0.workerStarts >= 3 && $0.lagReports >= 1 && $0.queued >= 3 }
            #expect(counts.workerStarts == 3)
            #expect(counts.queued == 3)
        }
    }

    @Test func requestIDsCanBeTurnedOff() throws {
        try withServer(router: TestRoutes.standard(), configure: { $0.requestIDHeader = nil }) { _, port in
            let response = try RawHTTPClient(port: port).request("GET /text HTTP/1.1\r\nX-Request-ID: abc\r\n\r\n")
            #expect(response.header("X-Request-ID") == nil)
        }
    }

    @Test func generatedIDsAreDistinctHex() {
        var generator = RequestIDGenerator()
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let id = generator.next()
            #expect(isFreshID(id))
            seen.insert(id)
        }
        #expect(seen.count == 10_000)
    }
}

/// A server-made id: 32 lowercase hex digits.
private func isFreshID(_ id: String) -> Bool {
    id.utf8.count == 32 && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
}

/// Collects what the server reports. Replies can reach the client before the observer is
/// told (the report follows the send), so readers wait, with a bound.
final class RecordingObserver: HTTPServerObserver {
    struct Record {
        var exchanges: [HTTPExchange] = []
        var workerStarts = 0
        var queued = 0
        var lagReports = 0
    }

    private let record = Mutex(Record())

    func requestFinished(_ exchange: HTTPExchange) { record.withLock { $0.exchanges.append(exchange) } }
    func workerJobStarted(waitedNanoseconds: UInt64, queueDepth: Int) { record.withLock { $0.workerStarts += 1 } }
    func workerJobQueued(queueDepth: Int) { record.withLock { $0.queued += 1 } }
    func eventLoopLag(loop: Int, lagNanoseconds: UInt64) { record.withLock { $0.lagReports += 1 } }

    func waitFor(_ condition: (Record) -> Bool) -> Record {
        for _ in 0..<1_000 {
            let snapshot = record.withLock { $0 }
            if condition(snapshot) { return snapshot }
            usleep(10_000)
        }
        return record.withLock { $0 }
    }

    func waitForExchanges(_ count: Int) -> [HTTPExchange] {
        let exchanges = waitFor { $0.exchanges.count >= count }.exchanges
        #expect(exchanges.count == count)
        return exchanges.count >= count
            ? exchanges
            : exchanges
                + Array(
                    repeating: HTTPExchange(method: "", route: "", status: 0),
                    count: count - exchanges.count)
    }
}
