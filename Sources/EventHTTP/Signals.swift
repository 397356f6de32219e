import CLibevent
import Glibc

extension HTTPServer {
    /// Makes SIGINT and SIGTERM (or `signals`) start a graceful shutdown; `runUntilShutdown`
    /// then returns once the requests in flight are answered. Uses libevent's signal
    /// handling on the first loop (a self-pipe inside libevent), so no global state and no
    /// work in async-signal context. A signal arriving after that loop has exited gets
    /// the default action again, so a second Ctrl-C during a long drain still kills.
    /// - Precondition: the server has been started.
    public func installSignalHandlers(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        guard let loop = firstLoop() else {
            preconditionFailure("HTTPServer.installSignalHandlers() before start()")
        }
        let installed = loop.installSignals(signals) { [weak self] in
            self?.beginShutdown()
        }
        precondition(installed, "cannot install signal handlers")
    }
}
