import TesseraSupport

/// What each loop holds right now: for tests, and for an operator's metrics.
public struct EventLoopStatistics: Sendable, Equatable {
    public var connections: Int
    /// The most connections the loop has held at once.
    public var peakConnections: Int
    /// Requests dispatched whose reply is not yet written.
    public var activeRequests: Int
    /// accept(2) failures other than "try again" (EMFILE and the like).
    public var acceptFailures: Int
    public var isAccepting: Bool
}

extension HTTPServer {
    /// Each running loop's statistics, read on the loop's own thread; empty when stopped.
    public func loopStatistics() -> [EventLoopStatistics] {
        loops.compactMap { loop in
            let result = ThreadCondition<EventLoopStatistics?>(nil)
            let posted = loop.post {
                let statistics = EventLoopStatistics(
                    connections: loop.connections.count, peakConnections: loop.peakConnections,
                    activeRequests: loop.activeRequests, acceptFailures: loop.acceptFailures,
                    isAccepting: loop.isAccepting)
                result.withLock { $0 = statistics }
            }
            return posted ? result.wait { $0 } : nil
        }
    }

    /// Offloaded requests waiting for a worker now.
    public var queuedRequests: Int {
        lifecycle.withLock { lifecycle in
            switch lifecycle {
            case .running(_, let context, _): context.workers.waiting
            case .draining(let loops, _): loops.first?.context.workers.waiting ?? 0
            case .idle, .stopped: 0
            }
        }
    }

    /// Request body bytes held now (see `maxBodyBytesInFlight`).
    public var bodyBytesInFlight: Int {
        loops.first?.context.bodyBudget.inUse ?? 0
    }
}
