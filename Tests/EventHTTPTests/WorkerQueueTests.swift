import TesseraSupport
import Glibc
import Synchronization
import Testing
@testable import EventHTTP

/// Issue 8, item 4: the worker pool cannot be filled cheaply. Its queue is bounded (503
/// with Retry-After and a JSON body beyond it), a request that waited past its budget is
/// answered 503 instead of run, a request whose client has gone is dropped unrun, and a
/// handler on a loop can hand work that turned out big to a worker.
@Suite struct WorkerQueueTests {
    /// One worker, blocked in `/block` until `release` opens; `/count` counts its runs.
    final class Blocker: Sendable {
        let started = Gate()
        let release = Gate()
        let runs = Atomic<Int>(0)

        var router: Router {
            var router = Router()
            router.add(.POST, "/block", offload: true) { [self] _ in
                started.open()
                release.wait(seconds: 60)
                return .text(200, "blocked")
            }
            router.add(.POST, "/count", offload: true) { [self] _ in
                runs.add(1, ordering: .relaxed)
                return .text(200, "counted")
            }
            return router
        }

        /// Sends `/block` and waits until the one worker runs it; the client reads its reply
        /// once `release` opens.
        func occupyTheWorker(port: Int) throws -> RawHTTPClient {
            let running = try RawHTTPClient(port: port, timeoutSeconds: 60)
            try running.send("POST /block HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
            #expect(started.wait(seconds: 30))
            return running
        }
    }

    private func configure(queue: Int, wait: Double = 60) -> (inout HTTPServerConfiguration) -> Void {
        {
            $0.workerThreads = 1
            $0.maxQueuedRequests = queue
            $0.maxQueueWaitSeconds = wait
        }
    }

    @Test func aFullQueueIs503WithRetryAfter() throws {
        let blocker = Blocker()
        defer { blocker.release.open() }
        try withServer(router: blocker.router, configure: configure(queue: 2)) { server, port in
            let running = try blocker.occupyTheWorker(port: port)
            let queued = try (0..<2).map { _ in try RawHTTPClient(port: port, timeoutSeconds: 60) }
            for client in queued { try client.send("POST /count HTTP/1.1\r\nContent-Length: 0\r\n\r\n") }
            #expect(waitUntil(seconds: 30) { server.queuedRequests == 2 })
            // The third waiting request does not fit: refused at once, as JSON.
            let refused = try RawHTTPClient(port: port).request("POST /count HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
            #expect(refused.status == 503)
            #expect(refused.errorCode == "server_busy")
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.isJSONError)
            blocker.release.open()
            #expect(try running.readResponse().text == "blocked")
            for client in queued { #expect(try client.readResponse().text == "counted") }
            #expect(blocker.runs.load(ordering: .relaxed) == 2)
        }
    }

    /// A budget of one second, and a wait of at least one and a half behind the blocked job
    /// (an idle worker takes the blocked job at once, well within the budget): the queued
    /// request is answered 503 and its handler never runs.
    @Test func aRequestThatWaitedTooLongIs503NotRun() throws {
        let blocker = Blocker()
        defer { blocker.release.open() }
        try withServer(router: blocker.router, configure: configure(queue: 8, wait: 1)) { server, port in
            let running = try blocker.occupyTheWorker(port: port)
            let late = try RawHTTPClient(port: port, timeoutSeconds: 60)
            try late.send("POST /count HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
            #expect(waitUntil(seconds: 30) { server.queuedRequests == 1 })
            usleep(1_500_000)
            blocker.release.open()
            let response = try late.readResponse()
            #expect(response.status == 503)
            #expect(response.errorCode == "server_busy")
            #expect(response.header("Retry-After") == "1")
            #expect(blocker.runs.load(ordering: .relaxed) == 0)
            #expect(try running.readResponse().status == 200)
        }
    }

    /// A client that closes while its request waits is not worked for: the job is dropped
    /// unrun and its connection released.
    @Test func aRequestWhoseClientLeftIsDropped() throws {
        let blocker = Blocker()
        defer { blocker.release.open() }
        try withServer(router: blocker.router, configure: configure(queue: 8)) { server, port in
            let running = try blocker.occupyTheWorker(port: port)
            do {
                let leaving = try RawHTTPClient(port: port)
                try leaving.send("POST /count HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
                #expect(waitUntil(seconds: 30) { server.queuedRequests == 1 })
            } // closed here
            blocker.release.open()
            #expect(try running.readResponse().status == 200)
            #expect(waitUntil(seconds: 30) { server.loopStatistics().first?.activeRequests == 0 })
            #expect(blocker.runs.load(ordering: .relaxed) == 0)
            // A client that stays is served as usual.
            #expect(try RawHTTPClient(port: port).request("POST /count HTTP/1.1\r\nContent-Length: 0\r\n\r\n").text == "counted")
        }
    }

    /// A handler on the loop that finds its work too big answers `needsWorker` and runs
    /// again on a worker; one that asks from a worker is a 500, not a loop.
    @Test func aHandlerCanMoveItsWorkToAWorker() throws {
        let places = Mutex<[Bool]>([])
        var router = Router()
        router.add(.GET, "/adaptive") { (request: HTTPRequest) -> HandlerOutcome in
            let onLoop = request.executionContext == .eventLoop
            places.withLock { $0.append(onLoop) }
            if onLoop && request.query == "big" { return .needsWorker }
            return .answered(.text(200, EventLoop.current == nil ? "worker" : "loop"))
        }
        router.add(.GET, "/confused", offload: true) { (_: HTTPRequest) -> HandlerOutcome in .needsWorker }
        try withServer(router: router) { _, port in
            let client = try RawHTTPClient(port: port)
            #expect(try client.request("GET /adaptive?small HTTP/1.1\r\n\r\n").text == "loop")
            #expect(try client.request("GET /adaptive?big HTTP/1.1\r\n\r\n").text == "worker")
            #expect(places.withLock { $0 } == [true, true, false])
            let confused = try client.request("GET /confused HTTP/1.1\r\n\r\n")
            #expect(confused.status == 500)
            #expect(confused.isJSONError)
        }
    }
}
