import CLibevent
import Glibc
import Synchronization

extension HTTPServer {
    /// Makes SIGINT and SIGTERM (or `signals`) start a graceful shutdown; `runUntilShutdown`
    /// then returns once the requests in flight are answered, or the grace period
    /// (`shutdownGraceSeconds`) is over. A second signal while the server drains ends the
    /// process at once, with status 128 + the signal's number (the shell's status for a
    /// process a signal killed), as a second Ctrl-C does. Uses libevent's signal handling
    /// on the first loop (a self-pipe inside libevent), so no global state and no work in
    /// async-signal context. A signal arriving after that loop has exited gets the default
    /// action again, which ends the process as well.
    /// Once a shutdown has begun (the loops are draining or gone) nothing is installed: a
    /// signal then gets its default action, as a second signal would end the process anyway.
    /// - Precondition: the server has been started.
    public func installSignalHandlers(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        guard let loop = loopForSetUp("installSignalHandlers()") else { return }
        let received = Atomic<Int>(0)
        let installed = loop.installSignals(signals) { [weak self] number in
            if received.add(1, ordering: .relaxed).newValue > 1 {
                self?.configuration.warn("signal \(number) during shutdown: exiting at once")
                _exit(128 + number)
            }
            self?.beginShutdown()
        }
        precondition(installed != .failed, "cannot install signal handlers")
    }
}
