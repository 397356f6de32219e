/// What the server reports to whoever watches it (access logs, metrics). The server calls
/// these on its own threads, inline: implementations must be thread-safe and cheap, since
/// `requestFinished` runs once per request on the event loop that answered it.
/// Class-bound: the server reads its observer twice per request, and a class existential
/// is copied with one retain where an opaque one went through its value witnesses
/// (docs/performance.md#class-observers).
public protocol HTTPServerObserver: AnyObject, Sendable {
    /// A reply has been handed to its connection. Called on that connection's loop thread.
    func requestFinished(_ exchange: HTTPExchange)
    /// A worker took a job off the queue after it waited `waitedNanoseconds`; `queueDepth`
    /// jobs are still waiting. Called on the worker thread.
    func workerJobStarted(waitedNanoseconds: UInt64, queueDepth: Int)
    /// A job joined the worker queue, which now holds `queueDepth` waiting jobs.
    func workerJobQueued(queueDepth: Int)
    /// A loop's periodic timer fired `lagNanoseconds` after it was due: how long callbacks
    /// on that loop kept it from noticing ready events.
    func eventLoopLag(loop: Int, lagNanoseconds: UInt64)
}

extension HTTPServerObserver {
    public func workerJobStarted(waitedNanoseconds: UInt64, queueDepth: Int) {}
    public func workerJobQueued(queueDepth: Int) {}
    public func eventLoopLag(loop: Int, lagNanoseconds: UInt64) {}
}

/// One request and its reply, as an observer sees it.
public struct HTTPExchange: Sendable {
    /// `route` of requests no route matched (404, 405, OPTIONS answered by the server).
    public static let unmatchedRoute = "unmatched"
    /// `route` of requests refused before routing (malformed, 413, 414, 431, 501).
    public static let rejectedRoute = "rejected"

    /// The method token, or "OTHER" for a refused request whose method is not routed.
    public var method: String
    /// The route template that matched (`/v1/sessions/{id}/elements`), never the raw path,
    /// or one of `unmatchedRoute`, `rejectedRoute`.
    public var route: String
    /// The template's parameters, percent-decoded (`["id": "…"]`).
    public var pathParameters: [String: String]
    public var status: Int
    /// Request body bytes (headers not counted).
    public var requestBodyBytes: Int
    /// Reply body bytes sent (0 for HEAD and bodiless statuses; headers not counted).
    public var responseBodyBytes: Int
    /// From the moment the request was fully read to the moment its reply was handed to
    /// the connection: handler time plus any wait for a worker.
    public var durationNanoseconds: UInt64
    /// The request id echoed in the reply (the client's, sanitised, or a new one); empty
    /// when the server is configured without request ids.
    public var requestID: String
    /// The reply's header fields as the handler set them (Location names a created session).
    public var responseHeaders: [(name: String, value: String)]
    /// Which event loop answered.
    public var loop: Int

    public init(
        method: String, route: String, pathParameters: [String: String] = [:], status: Int,
        requestBodyBytes: Int = 0, responseBodyBytes: Int = 0, durationNanoseconds: UInt64 = 0,
        requestID: String = "", responseHeaders: [(name: String, value: String)] = [], loop: Int = 0
    ) {
        self.method = method
        self.route = route
        self.pathParameters = pathParameters
        self.status = status
        self.requestBodyBytes = requestBodyBytes
        self.responseBodyBytes = responseBodyBytes
        self.durationNanoseconds = durationNanoseconds
        self.requestID = requestID
        self.responseHeaders = responseHeaders
        self.loop = loop
    }
}
