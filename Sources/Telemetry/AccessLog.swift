import EventHTTP
import Logging

/// One `info` line per request: method, route template, status, body bytes in and out,
/// duration, session id and request id. Nothing is built when info is filtered out.
public struct AccessLog: Sendable {
    public let logger: Logger
    /// Where JSON access lines go without passing through swift-log's metadata dictionary
    /// (see `AccessLine`); nil: every line goes through `logger`.
    private let directJSON: LogSink?
    /// `logger`'s level admits info lines. Read once: the logger is a constant value here
    /// (the server's `LineLogHandler` is a struct), and asking its handler on every request
    /// paid the run-time exclusivity check on swift-log's storage
    /// (docs/performance.md#logger-level-once).
    private let logsRequests: Bool

    /// - Parameter sink: the sink `logger`'s `LineLogHandler` writes to, when that logger
    ///   carries no metadata of its own (the server's). In JSON format the access lines are
    ///   then written to it directly, byte for byte what the handler would write; `logger`
    ///   still decides whether they are written (its level).
    /// - Parameter eventLoops: the server's loops: each gets an `AccessLineCache` for the
    ///   exchanges it reports (0: none, every line is written afresh).
    public init(logger: Logger, sink: LogSink? = nil, eventLoops: Int = 0) {
        self.logger = logger
        directJSON = sink?.format == .json ? sink : nil
        logsRequests = logger.logLevel <= .info
        loopCaches = (0..<max(0, eventLoops)).map { _ in AccessLineCache() }
    }

    /// One per event loop, each used by its loop's thread only.
    private let loopCaches: [AccessLineCache]

    /// `session_id` is left out when the request concerned no session.
    public func record(_ exchange: HTTPExchange) {
        guard logsRequests else { return }
        let cache = loopCaches.indices.contains(exchange.loop) ? loopCaches[exchange.loop] : nil
        if let directJSON, AccessLine.withJSON(exchange, cache: cache, { directJSON.write(line: $0) }) { return }
        logger.info("request", metadata: Self.fields(exchange))
    }

    static func fields(_ exchange: HTTPExchange) -> Logger.Metadata {
        var fields: Logger.Metadata = [
            "method": .string(exchange.method),
            "route": .string(exchange.route),
            "status": .stringConvertible(exchange.status),
            "bytes_in": .stringConvertible(exchange.requestBodyBytes),
            "bytes_out": .stringConvertible(exchange.responseBodyBytes),
            "duration_ms": .stringConvertible(milliseconds(exchange.durationNanoseconds)),
            "request_id": .string(exchange.requestID)
        ]
        if let session = sessionID(exchange) { fields["session_id"] = .string(session) }
        return fields
    }

    /// Milliseconds with microsecond resolution (3 decimals).
    static func milliseconds(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds / 1_000) / 1_000
    }

    /// The session a request concerned: the `{id}` of its route, or for a created session
    /// the last segment of its `Location`.
    static func sessionID(_ exchange: HTTPExchange) -> String? {
        if let id = PathParameters.value("id", in: exchange.pathParameters) { return id }
        guard exchange.status == 201,
            let location = exchange.responseHeaders.first(where: { $0.name.lowercased() == "location" })?.value
        else { return nil }
        return location.split(separator: "/").last.map(String.init)
    }
}
