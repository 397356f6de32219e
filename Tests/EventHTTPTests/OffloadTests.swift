import TesseraSupport
import Testing
@testable import EventHTTP

/// Offloaded handlers run on the worker pool; their replies still go out on the request's
/// own loop. One loop everywhere, so a blocked loop would block every request.
@Suite struct OffloadTests {
    /// Reports whether the handler ran on an event loop thread.
    private static func whereRouter(started: Gate? = nil, release: Gate? = nil) -> Router {
        var router = Router()
        let onLoop: @Sendable (HTTPRequest) -> Reply = { _ in .text(200, EventLoop.current == nil ? "worker" : "loop") }
        router.add(.GET, "/inline", onLoop)
        router.add(.POST, "/inline", onLoop)
        router.add(.GET, "/offloaded", offload: true, onLoop)
        router.add(.POST, "/slow", offload: true) { request in
            started?.open()
            // Far longer than the fast client's read timeout: if this ran on the loop, the
            // fast request below would time out instead of being answered.
            release?.wait(seconds: 30)
            return .text(200, "slow \(request.body.count)")
        }
        return router
    }

    @Test func aSlowOffloadedHandlerDoesNotBlockTheLoop() throws {
        let started = Gate()
        let release = Gate()
        try withServer(router: Self.whereRouter(started: started, release: release)) { _, port in
            let slow = try RawHTTPClient(port: port, timeoutSeconds: 40)
            try slow.send("POST /slow HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc")
            #expect(started.wait())
            let fast = try RawHTTPClient(port: port, timeoutSeconds: 10)
            #expect(try fast.request("GET /inline HTTP/1.1\r\n\r\n").text == "loop")
            #expect(try fast.request("GET /inline HTTP/1.1\r\n\r\n").text == "loop")
            release.open()
            let response = try slow.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "slow 3")
            // The reply came back through the loop: the connection carries on normally.
            #expect(try slow.request("GET /offloaded HTTP/1.1\r\n\r\n").text == "worker")
        }
    }

    @Test func handlersRunOnTheLoopUnlessOffloadedOrGivenABigBody() throws {
        try withServer(router: Self.whereRouter(), configure: { $0.offloadBodyThreshold = 1024 }) { _, port in
            let client = try RawHTTPClient(port: port)
            #expect(try client.request("GET /inline HTTP/1.1\r\n\r\n").text == "loop")
            #expect(try client.request("GET /offloaded HTTP/1.1\r\n\r\n").text == "worker")
            let small = String(repeating: "s", count: 1023)
            #expect(try client.request("POST /inline HTTP/1.1\r\nContent-Length: 1023\r\n\r\n\(small)").text == "loop")
            let big = String(repeating: "b", count: 1024)
            #expect(try client.request("POST /inline HTTP/1.1\r\nContent-Length: 1024\r\n\r\n\(big)").text == "worker")
        }
    }

    @Test func manyOffloadedRepliesReachTheirOwnConnections() throws {
        var router = Router()
        router.add(.GET, "/echo/{n}", offload: true) { request in .text(200, request.pathParameters["n"]!) }
        try withServer(router: router) { _, port in
            let clients = try (0..<24).map { _ in try RawHTTPClient(port: port) }
            for (index, client) in clients.enumerated() {
                try client.send("GET /echo/\(index) HTTP/1.1\r\n\r\nGET /echo/\(index + 100) HTTP/1.1\r\n\r\n")
            }
            for (index, client) in clients.enumerated() {
                #expect(try client.readResponse().text == "\(index)")
                #expect(try client.readResponse().text == "\(index + 100)")
            }
        }
    }
}
