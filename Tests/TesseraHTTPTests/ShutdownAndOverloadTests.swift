import Foundation
import LoopbackHTTP
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// Issue 8 (items 1, 2, 9, 12) and issue 9 (shutdown) against a real `tessera serve`:
/// signals, descriptor exhaustion and cheap requests that used to be expensive. Every wait
/// is bounded generously and nothing asserts a duration.
@Suite("tessera serve under shutdown and overload", .serialized)
struct ShutdownAndOverloadTests {
    /// A flow session whose every element is a 1×1 cell: `elements` without a rect answers
    /// some 240,000 elements, about 25 MB, far more than loopback socket buffers hold, so
    /// a client that stops reading keeps the reply in flight.
    static let bigSession =
        #"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":240000}]},"view":{"bounds":[400,800]}}"#

    /// A server with one loop and one worker, a session of `bigSession`, and a client whose
    /// reply of every element has begun to arrive and is left unread.
    private func replyInFlight(_ arguments: [String]) throws -> (TesseraServer, LoopbackHTTPClient) {
        let server = try TesseraServer(arguments: ["--workers", "1"] + arguments, loops: 1)
        let id = try #require(try json(try server.client().request("POST", "/v1/sessions", json: Self.bigSession))["id"] as? String)
        let reader = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 60)
        try reader.send(Array("GET /v1/sessions/\(id)/elements HTTP/1.1\r\nHost: t\r\n\r\n".utf8))
        try reader.awaitFirstBytes()
        return (server, reader)
    }

    /// True once a connection to `port` is refused (the listener is closed).
    private func refusesConnections(_ port: Int) -> Bool {
        for _ in 0..<1500 {
            guard (try? LoopbackHTTPClient(port: port, timeoutSeconds: 5)) != nil else { return true }
            usleep(20_000)
        }
        return false
    }

    /// SIGTERM during a slow request: new connections are refused at once, the request
    /// completes, and the process then exits 0 on its own.
    @Test func sigtermLetsTheRequestInFlightFinish() throws {
        let (server, reader) = try replyInFlight(["--shutdown-grace-seconds", "120"])
        kill(server.pid, SIGTERM)
        #expect(refusesConnections(server.port))
        #expect(TesseraServer.exitStatus(server.pid, within: 0) == nil, "exited with a reply still in flight")
        let reply = try reader.readResponse()
        #expect(reply.status == 200)
        let elements = try #require(try json(reply)["elements"] as? [Any])
        #expect(elements.count == 240_000)
        #expect(TesseraServer.exitStatus(server.pid, within: 60) == 0)
    }

    /// A client that never reads cannot keep the server: after the grace period the process
    /// exits 0 anyway, and that client's connection is closed.
    @Test func theGracePeriodEndsTheWait() throws {
        let (server, reader) = try replyInFlight(["--shutdown-grace-seconds", "1"])
        kill(server.pid, SIGTERM)
        #expect(TesseraServer.exitStatus(server.pid, within: 60) == 0)
        #expect(throws: (any Error).self) { _ = try reader.readResponse() }
    }

    /// A second signal while draining ends the process at once: 128 + SIGTERM.
    @Test func aSecondSignalExitsAtOnce() throws {
        let (server, reader) = try replyInFlight(["--shutdown-grace-seconds", "600"])
        defer { withExtendedLifetime(reader) {} }
        kill(server.pid, SIGTERM)
        #expect(refusesConnections(server.port))
        kill(server.pid, SIGTERM)
        #expect(TesseraServer.exitStatus(server.pid, within: 60) == 128 + SIGTERM)
    }

    /// Out of descriptors, the server stops accepting for a moment instead of retrying in a
    /// busy loop, and says so rate-limited: a couple of lines, not one per failed accept (a
    /// spinning server logged 1.7 million in 4 s). When descriptors free up it serves again.
    @Test func runningOutOfDescriptorsIsQuietAndRecovers() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-emfile-\(getpid()).log").path
        defer { unlink(log) }
        let server = try TesseraServer(
            arguments: ["--workers", "1", "--max-connections-per-loop", "1000"], loops: 1,
            stderrPath: log, openFileLimit: 48)
        defer { _ = server.stop() }
        var clients: [LoopbackHTTPClient] = []
        for _ in 0..<120 { clients.append(try LoopbackHTTPClient(port: server.port, timeoutSeconds: 5)) }
        // Let the loop meet EMFILE over and over for a while (it is what it would spin on).
        usleep(2_000_000)
        let lines = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let warnings = lines.split(separator: "\n").filter { $0.contains("accept") }
        #expect(!warnings.isEmpty, "no warning at all: \(lines)")
        #expect(warnings.count <= 2, "\(warnings.count) accept warnings")
        clients.removeAll()
        var healthy = false
        var lastError = ""
        for _ in 0..<500 where !healthy {
            do {
                healthy = try LoopbackHTTPClient(port: server.port, timeoutSeconds: 5).request("GET", "/healthz").status == 200
            } catch {
                lastError = "\(error)"
                usleep(20_000)
            }
        }
        #expect(
            healthy,
            "\(lastError); exit \(String(describing: TesseraServer.exitStatus(server.pid, within: 0))); \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")"
        )
    }

    /// Item 1: an object of 80,000 keys (869 KB) sent to a route that runs on the event loop
    /// is refused by its key count, not checked key against key.
    @Test func anObjectOfManyKeysIsRefusedByItsSize() throws {
        let server = try TesseraServer(arguments: [], loops: 1)
        defer { _ = server.stop() }
        let c = try server.client()
        let id = try #require(
            try json(
                try c.request(
                    "POST", "/v1/sessions",
                    json: #"{"layout":{"type":"line"},"dataSource":{"sections":[{"itemCount":10}]},"view":{"bounds":[800,600]}}"#))["id"] as? String)
        let keys = (0..<80_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let refused = try c.request("POST", "/v1/sessions/\(id)/target-content-offset", json: "{\(keys)}")
        #expect(refused.status == 400)
        #expect(try errorField(refused).code == "invalid_request")
        #expect(refused.text.contains("at most 64"))
        #expect(try c.request("GET", "/healthz").status == 200)
    }

    /// Item 2: the reply limit holds with a rect too; a rect of fewer elements is served.
    @Test func theReplyLimitAppliesToRects() throws {
        let server = try TesseraServer(arguments: ["--max-elements-per-reply", "1000"], loops: 1)
        defer { _ = server.stop() }
        let c = try server.client()
        let body =
            #"{"layout":{"type":"flow","itemSize":[1,1],"minimumLineSpacing":0,"minimumInteritemSpacing":0},"dataSource":{"sections":[{"itemCount":5000}]},"view":{"bounds":[100,100]}}"#
        let id = try #require(try json(try c.request("POST", "/v1/sessions", json: body))["id"] as? String)
        for target in ["/v1/sessions/\(id)/elements?rect=0,0,1000,100000", "/v1/sessions/\(id)/elements"] {
            let refused = try c.request("GET", target)
            #expect(refused.status == 400)
            #expect(try errorField(refused).field == "rect")
        }
        // 100 wide, 9 rows (closed rect: y 0…8 meets rows 0 to 8): 900 elements.
        let page = try c.request("GET", "/v1/sessions/\(id)/elements?rect=0,0,100,8")
        #expect(page.status == 200)
        #expect((try json(page)["elements"] as? [Any])?.count == 900)
    }
}
