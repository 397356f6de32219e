import CLibevent
import Glibc
import Testing
@testable import EventHTTP

/// Graceful shutdown: stop accepting, finish what is in flight, then return.
@Suite struct ShutdownTests {
    private func startServer(_ router: Router) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        configuration.workerThreads = 2
        let server = HTTPServer(configuration: configuration, router: router)
        try server.start()
        return server
    }

    /// Connects until the server refuses; true once refused. Polls only because closing the
    /// listener is posted to the loop; the bound is generous and never a timing assertion.
    private func refusesConnections(_ port: Int) -> Bool {
        for _ in 0..<1000 {
            guard (try? RawHTTPClient(port: port)) != nil else { return true }
            usleep(5_000)
        }
        return false
    }

    @Test func anInFlightRequestFinishesBeforeShutdownReturns() throws {
        let started = Gate()
        let release = Gate()
        var router = Router()
        router.add(.POST, "/slow", offload: true) { request in
            started.open()
            release.wait(seconds: 30)
            return .text(200, "done \(request.body.count)")
        }
        let server = try startServer(router)
        let port = server.boundPort
        let client = try RawHTTPClient(port: port, timeoutSeconds: 40)
        try client.send("POST /slow HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi")
        #expect(started.wait())

        let stopped = runDetached { server.shutdown() }
        #expect(refusesConnections(port))
        #expect(!stopped.wait(seconds: 0), "shutdown returned while a request was in flight")

        release.open()
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "done 2")
        #expect(response.header("Connection") == "close")
        #expect(stopped.wait(seconds: 20))
        #expect(try client.isClosedByServer())
    }

    /// Issue 8, item 12: the wait has a deadline. A handler that never finishes (until the
    /// test lets it, after the check) does not keep the server: past the one-second grace
    /// period the loops stop, its connection closes unanswered, and shutdown returns.
    @Test func shutdownWaitsNoLongerThanItsGracePeriod() throws {
        let started = Gate()
        let release = Gate()
        defer { release.open() }
        var router = Router()
        router.add(.POST, "/stuck", offload: true) { _ in
            started.open()
            release.wait(seconds: 120)
            return .text(200, "too late")
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.eventLoops = 1
        configuration.workerThreads = 1
        configuration.shutdownGraceSeconds = 1
        configuration.warn = { _ in }
        let server = HTTPServer(configuration: configuration, router: router)
        try server.start()
        let client = try RawHTTPClient(port: server.boundPort, timeoutSeconds: 60)
        try client.send("POST /stuck HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
        #expect(started.wait(seconds: 30))
        let stopped = runDetached { server.shutdown() }
        // Far beyond the grace period, far short of the handler's two minutes.
        #expect(stopped.wait(seconds: 60), "shutdown waited past its grace period")
        #expect(try client.isClosedByServer())
    }

    /// The expiry sweep's timer: a job run on a worker every second while the server runs.
    @Test func aPeriodicJobRunsOnAWorker() throws {
        let ran = Gate()
        let server = try startServer(Router())
        server.runPeriodically(everySeconds: 1) {
            if EventLoop.current == nil { ran.open() }
        }
        #expect(ran.wait(seconds: 30))
        server.shutdown()
    }

    @Test func idleConnectionsAreClosedAtShutdown() throws {
        let server = try startServer(TestRoutes.standard())
        let client = try RawHTTPClient(port: server.boundPort)
        #expect(try client.request("GET /text HTTP/1.1\r\n\r\n").status == 200)
        server.shutdown()
        #expect(try client.isClosedByServer())
    }

    @Test func aSignalStartsAGracefulShutdown() throws {
        let server = try startServer(TestRoutes.standard())
        // SIGUSR2 rather than SIGTERM: if handling were broken, the test runner would be
        // killed by SIGTERM's default action either way, but no other test sends SIGUSR2.
        server.installSignalHandlers([SIGUSR2])
        let finished = runDetached { server.runUntilShutdown() }
        #expect(!finished.wait(seconds: 0))
        kill(getpid(), SIGUSR2)
        #expect(finished.wait(seconds: 20))
    }

    @Test func aHandlerCanStartTheShutdown() throws {
        final class Holder: @unchecked Sendable { var server: HTTPServer? }
        let holder = Holder()
        var router = Router()
        router.add(.POST, "/quit") { _ in
            holder.server?.beginShutdown()
            return .json(202, #"{"stopping":true}"#)
        }
        let server = try startServer(router)
        holder.server = server
        let client = try RawHTTPClient(port: server.boundPort)
        let response = try client.request("POST /quit HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
        #expect(response.status == 202)
        #expect(response.header("Connection") == "close")
        #expect(runDetached { server.runUntilShutdown() }.wait(seconds: 20))
        holder.server = nil
    }

    @Test func aServerThatNeverStartedDoesNotBlock() {
        let server = HTTPServer(router: Router())
        server.shutdown()
        server.runUntilShutdown()
        #expect(server.boundPort == 0)
    }

    /// A shutdown can begin (a SIGTERM right after the server says it listens) before its
    /// owner has set up its periodic jobs and signal handlers. Setting them up then does
    /// nothing instead of trapping as a call before `start()` (this was a rare exit 132 of
    /// `tessera serve` stopped right after start), both while draining and once stopped.
    @Test func settingUpAfterTheShutdownBeganIsHarmless() throws {
        let server = try startServer(TestRoutes.standard())
        let ran = Gate()
        server.beginShutdown()
        server.runPeriodically(everySeconds: 1) { ran.open() }
        server.installSignalHandlers([SIGUSR2])
        #expect(runDetached { server.runUntilShutdown() }.wait(seconds: 20))
        server.runPeriodically(everySeconds: 1) { ran.open() }
        server.installSignalHandlers([SIGUSR2])
        #expect(!ran.wait(seconds: 2), "a periodic job ran on a server that was shutting down")
    }
}
