import TesseraSupport
import TesseraJSON
/// What every event loop of one server shares. Immutable after `start()`.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let routes: RouteTable
    let workers: WorkerPool
    /// Request bodies held at once, across the loops.
    let bodyBudget: ByteBudget
    /// Each client's part of `bodyBudget`.
    let clientShares: ClientBodyShares
    /// Peers whose `X-Forwarded-For` names the client a body counts against.
    let trustedProxies: TrustedProxies
    /// Reply bodies not yet written, across the loops.
    let replyBudget: ByteBudget
    /// Connections one loop holds at most (worked out once: the default reads a limit).
    let connectionCap: Int
    let observer: (any HTTPServerObserver)?
    let streamLimits: RequestParser.Limits

    init(
        configuration: HTTPServerConfiguration, routes: RouteTable, workers: WorkerPool,
        observer: (any HTTPServerObserver)? = nil
    ) {
        self.configuration = configuration
        self.routes = routes
        self.workers = workers
        bodyBudget = ByteBudget(capacity: configuration.bodyBudgetBytes)
        clientShares = ClientBodyShares(capacity: configuration.bodyShareBytes)
        trustedProxies = configuration.trustedProxies
        replyBudget = ByteBudget(capacity: configuration.replyBudgetBytes)
        connectionCap = configuration.connectionCapPerLoop
        self.observer = observer
        streamLimits = .init(
            maxTargetLength: configuration.maxURILength,
            maxHeaderBytes: configuration.maxHeadersSize,
            maxBodyBytes: configuration.maxBodySize)
    }

    func errorResponse(_ status: Int, code: String, message: String) -> Reply {
        var response = Reply(
            status: status, headers: [("Content-Type", Reply.jsonContentType)],
            body: ErrorDocument.json(code: code, message: message))
        // Every 503 the server makes itself is a moment's overload: say when to come back.
        if status == 503 { response.headers.append(("Retry-After", Self.busyRetryAfterSeconds)) }
        return response
    }

    static let busyRetryAfterSeconds = "1"

    /// 503 `server_busy`: the server itself is out of room for this request just now.
    func busyResponse(_ message: String) -> Reply {
        errorResponse(503, code: "server_busy", message: message)
    }

    /// 507 `reply_too_large`: a reply larger than the whole reply budget can never be sent,
    /// so it is not answered as busy (a client that obeys Retry-After would ask forever, each
    /// time making the reply again). No Retry-After: asking again gets the same answer.
    func replyTooLargeResponse(_ bytes: Int) -> Reply {
        errorResponse(
            507, code: "reply_too_large",
            message: "the reply would take \(bytes) bytes, more than the \(replyBudget.capacity) the server may hold "
                + "for replies (--max-reply-bytes-in-flight); it can never be sent: ask for less where the route can (a smaller "
                + "rect), or have the operator raise the limit")
    }
}
