import CLibevent
import Glibc
@testable import EventHTTP

/// Starts a real server on 127.0.0.1 with an ephemeral port, runs `body`, and shuts the
/// server down. One loop by default: tests run in parallel on a small machine.
func withServer(
    router: Router, loops: Int = 1,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    observer: (any HTTPServerObserver)? = nil,
    _ body: (HTTPServer, Int) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.eventLoops = loops
    configuration.workerThreads = 2
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, router: router, observer: observer)
    try server.start()
    defer { server.shutdown() }
    try body(server, server.boundPort)
}

/// A latch a handler can wait on, with a timeout so a broken test fails instead of hanging.
final class Gate: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var isOpen = false

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    func open() {
        pthread_mutex_lock(&mutex)
        isOpen = true
        pthread_cond_broadcast(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Waits up to `seconds`; returns whether the gate opened.
    @discardableResult
    func wait(seconds: Int = 10) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while !isOpen {
            if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { return isOpen }
        }
        return true
    }
}

/// Runs `body` on its own thread (e.g. a blocking `runUntilShutdown`); the returned gate
/// opens when it returns.
func runDetached(_ body: @escaping @Sendable () -> Void) -> Gate {
    let done = Gate()
    let started = Threads.detach(name: "test-helper") {
        body()
        done.open()
    }
    precondition(started)
    return done
}

/// JSON helper for handlers in tests.
func jsonObject(_ pairs: [(String, String)]) -> String {
    "{" + pairs.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
}
