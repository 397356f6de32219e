import TesseraSupport

/// What the loop remembers about a request between dispatch and reply, for the request id
/// it echoes and the `HTTPExchange` it reports. Plain values: it travels to a worker and
/// back with offloaded requests.
struct PendingExchange: Sendable {
    var method: String
    var route: String
    var pathParameters: [String: String] = [:]
    var requestBodyBytes = 0
    /// Empty when request ids are off.
    var requestID: String
    /// Monotonic nanoseconds when dispatch began; 0 when nobody observes.
    var start: UInt64
    /// An HTTP/1.0 request asked to keep the connection: the reply says it does (RFC 9112
    /// §9.3; an HTTP/1.0 client closes otherwise).
    var announcesKeepAlive = false
}

extension EventLoop {
    /// Starts the record of a request: its method, its id (the client's if acceptable, else
    /// a new one) and the time, which is read only when an observer will use it.
    func beginExchange(method: HTTPMethod, fields: HeaderBlock) -> PendingExchange {
        var requestID = ""
        if let header = context.configuration.requestIDHeader {
            requestID = fields.first(named: header).flatMap(RequestID.sanitised) ?? requestIDs.next()
        }
        return PendingExchange(
            method: method.rawValue, route: HTTPExchange.rejectedRoute, requestID: requestID,
            start: context.observer == nil ? 0 : MonotonicClock.now())
    }

    /// Tells the observer (if any) that `response` went out for `exchange`.
    func finishExchange(_ exchange: PendingExchange, _ response: Reply, isHead: Bool) {
        guard let observer = context.observer else { return }
        let now = MonotonicClock.now()
        observer.requestFinished(
            HTTPExchange(
                method: exchange.method, route: exchange.route, pathParameters: exchange.pathParameters,
                status: response.status, requestBodyBytes: exchange.requestBodyBytes,
                responseBodyBytes: response.allowsBody && !isHead ? response.body.count : 0,
                durationNanoseconds: now > exchange.start ? now - exchange.start : 0,
                requestID: exchange.requestID, responseHeaders: response.headers, loop: index))
    }
}
