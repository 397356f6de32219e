import CLibevent
import Glibc
import Synchronization
import TesseraSupport

/// An HTTP/1.1 server on libevent's event core: several event loops (one per core by default),
/// each with its own SO_REUSEPORT socket, plus a worker pool for offloaded handlers.
/// Transport only: it routes requests to handlers and knows nothing about layouts.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let router: Router
    private let observer: (any HTTPServerObserver)?

    enum Lifecycle {
        case idle
        case running(loops: [EventLoop], context: ServerContext, port: Int)
        case draining(loops: [EventLoop], port: Int)
        case stopped(port: Int)
    }

    let lifecycle = Mutex(Lifecycle.idle)
    /// Loop threads still running; `runUntilShutdown` waits for zero after a start.
    private let runningLoops = ThreadCondition(0)
    /// Loops whose `run()` has not returned yet: the last one to return stops the server
    /// (see `loopFinished`).
    private let unfinishedLoops = Mutex(0)

    /// Every error the server itself produces (404, 405, 413, 414, 431, malformed requests)
    /// has the API's body, `{"error": {"code": ..., "message": ...}}` (`ErrorDocument`).
    /// - Parameter observer: told of every reply, worker job and loop lag (logs, metrics).
    public init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(), router: Router,
        observer: (any HTTPServerObserver)? = nil
    ) {
        self.configuration = configuration
        self.router = router
        self.observer = observer
    }

    /// Binds every loop's socket and starts the loops; returns once the sockets listen.
    /// - Throws: `HTTPServerError.addressInUse` when something already holds the port. A
    ///   fixed port is checked first without SO_REUSEPORT, so a second instance cannot
    ///   silently share it; port 0 gets a port no one else holds (see `boundPort`).
    public func start() throws(HTTPServerError) {
        try lifecycle.withLock { lifecycle throws(HTTPServerError) in
            guard case .idle = lifecycle else { throw .invalidState("HTTPServer.start() called twice") }
            try LibeventRuntime.prepare()
            let address = try ListeningSocket.resolve(host: configuration.host, port: configuration.port)
            let (sockets, port) = try ListeningSocket.openGroup(
                address, port: configuration.port, count: configuration.eventLoops,
                backlog: configuration.listenBacklog, host: configuration.host)
            guard
                let workers = WorkerPool(
                    threads: configuration.workerThreads, maxQueued: configuration.maxQueuedRequests,
                    observer: observer)
            else {
                sockets.forEach { close($0) }
                throw .threads
            }
            let context = ServerContext(
                configuration: configuration, routes: router.freeze(),
                workers: workers, observer: observer)
            let loops: [EventLoop]
            do throws(HTTPServerError) {
                loops = try makeLoops(context: context, sockets: sockets)
            } catch {
                workers.close()
                throw error
            }
            runningLoops.withLock { $0 = loops.count }
            unfinishedLoops.withLock { $0 = loops.count }
            for loop in loops {
                let held = LoopReference(loop)
                let started = Threads.detach(name: "http-loop-\(loop.index)") { [self] in
                    held.loop?.run()
                    // Let go of the loop (and through it the routes, the handlers and what
                    // they hold, a session store among them) before `runUntilShutdown` may
                    // return: a process that exits right after it must not find them still
                    // held by a thread that has not finished.
                    held.loop = nil
                    loopFinished()
                }
                // Cannot unwind started loops from here; fail loudly rather than half-serve.
                precondition(started, "cannot start event loop thread")
            }
            lifecycle = .running(loops: loops, context: context, port: port)
        }
    }

    /// The port the server listens on (the kernel's choice when configured with 0); 0
    /// before `start()`.
    public var boundPort: Int {
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .idle: 0
            case .running(_, _, let port), .draining(_, let port), .stopped(let port): port
            }
        }
    }

    /// Blocks until the server has shut down (after `shutdown()`, `beginShutdown()` or a
    /// signal installed with `installSignalHandlers`). Returns at once if never started.
    public func runUntilShutdown() {
        if case .idle = lifecycle.withLock({ $0 }) { return }
        runningLoops.wait { $0 == 0 ? () : nil }
    }

    /// Starts a graceful shutdown and returns at once: the loops stop accepting, finish the
    /// requests in flight (replying with `Connection: close`), close idle connections and
    /// exit. Safe from any thread, including handlers and signal callbacks.
    public func beginShutdown() {
        let loops: [EventLoop] = lifecycle.withLock { lifecycle in
            guard case .running(let loops, _, let port) = lifecycle else { return [] }
            lifecycle = .draining(loops: loops, port: port)
            return loops
        }
        for loop in loops { loop.beginDrain() }
    }

    /// Graceful shutdown that returns when every in-flight request has been answered.
    /// - Precondition: not called on an event loop thread (that loop could never drain);
    ///   handlers call `beginShutdown()`.
    public func shutdown() {
        precondition(EventLoop.current == nil, "HTTPServer.shutdown() on an event loop thread; use beginShutdown()")
        beginShutdown()
        runUntilShutdown()
    }

    /// Creates one loop per socket; on failure frees what was made (on this thread, which
    /// owns the loops until their threads start) and closes the remaining sockets.
    private func makeLoops(context: ServerContext, sockets: [Int32]) throws(HTTPServerError) -> [EventLoop] {
        var loops: [EventLoop] = []
        for (index, socket) in sockets.enumerated() {
            do throws(HTTPServerError) {
                loops.append(try EventLoop(index: index, context: context, listeningSocket: socket))
            } catch {
                loops.forEach { $0.discard() }
                sockets.dropFirst(index + 1).forEach { close($0) }
                throw error
            }
        }
        return loops
    }

    /// The loop that server-wide machinery (signal events, periodic jobs) is set up on; nil
    /// once a shutdown has begun, when there is nothing left to set up for. A signal can
    /// start that shutdown as soon as the server listens, before its owner has finished
    /// setting up: that must not be mistaken for a call before `start()` (it used to trap).
    /// - Precondition: the server has been started.
    func loopForSetUp(_ caller: String) -> EventLoop? {
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running(let loops, _, _): return loops.first
            case .draining, .stopped: return nil
            case .idle: preconditionFailure("HTTPServer.\(caller) before start()")
            }
        }
    }

    /// The loops until they have all exited (tests look inside them through `post`).
    var loops: [EventLoop] {
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running(let loops, _, _), .draining(let loops, _): loops
            case .idle, .stopped: []
            }
        }
    }

    /// A loop thread is done. The last one stops the server (the lifecycle lets go of the
    /// loops) before `runningLoops` reaches zero and wakes `runUntilShutdown`, so that
    /// nothing the server held outlives its return.
    private func loopFinished() {
        let isLast = unfinishedLoops.withLock { count in
            count -= 1
            return count == 0
        }
        if isLast {
            lifecycle.withLock { lifecycle in
                switch lifecycle {
                case .running(_, let context, let port):
                    context.workers.close()
                    lifecycle = .stopped(port: port)
                case .draining(let loops, let port):
                    loops.first?.context.workers.close()
                    lifecycle = .stopped(port: port)
                case .idle, .stopped:
                    break
                }
            }
        }
        runningLoops.withLock { $0 -= 1 }
    }
}

/// A loop thread's hold on its loop, dropped when the loop has run (see `HTTPServer.start`).
private final class LoopReference: @unchecked Sendable {
    var loop: EventLoop?
    init(_ loop: EventLoop) { self.loop = loop }
}
