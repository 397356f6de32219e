import EventHTTP

/// The server's one observer: every reply goes to the access log and the metrics.
/// A class: the server reads it from an existential per request, and a struct there was
/// copied out field by field, a retain and release per field (docs/performance.md#class-observers).
public final class ServerTelemetry: HTTPServerObserver {
    public let accessLog: AccessLog
    public let metrics: HTTPMetrics

    public init(accessLog: AccessLog, metrics: HTTPMetrics) {
        self.accessLog = accessLog
        self.metrics = metrics
    }

    public func requestFinished(_ exchange: HTTPExchange) {
        metrics.record(exchange)
        accessLog.record(exchange)
    }

    public func workerJobQueued(queueDepth: Int) {
        metrics.workerJobQueued(queueDepth: queueDepth)
    }

    public func workerJobStarted(waitedNanoseconds: UInt64, queueDepth: Int) {
        metrics.workerJobStarted(waitedNanoseconds: waitedNanoseconds, queueDepth: queueDepth)
    }

    public func eventLoopLag(loop: Int, lagNanoseconds: UInt64) {
        metrics.eventLoopLag(loop: loop, lagNanoseconds: lagNanoseconds)
    }
}
