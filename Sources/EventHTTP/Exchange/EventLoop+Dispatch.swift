import TesseraSupport
import CLibevent
import Glibc

/// From a parsed request to a reply, in one place: refusals, routing, the handler's call
/// (`ServerContext.respond`) and the choice between running it here or on the worker pool
/// (`HandlerOutcome`), errors turned into replies.
extension EventLoop {
    func dispatch(_ message: RequestMessage, on connection: Connection) {
        // The parser lets only the seven routed methods through.
        let method = message.method ?? .GET
        let isHead = method == .HEAD
        let close = !message.keepAlive
        activeRequests += 1
        var exchange = beginExchange(method: method, fields: message.fields)
        exchange.announcesKeepAlive = message.minorVersion == 0 && message.keepAlive
        let routed: TargetMemo.Routed
        do {
            // Thrown, not a Result: a Result's payload was copied out and destroyed again,
            // retains and releases on every request (docs/performance.md#target-split).
            routed = try message.routingTarget.withUnsafeBytes { target in
                try targetMemo.route(method, target: target, routes: context.routes)
            }
        } catch {
            let message = (error as? RequestTarget.Invalid)?.message ?? "invalid request target"
            return reply(
                on: connection, context.errorResponse(400, code: "invalid_request", message: message),
                isHead: isHead, close: close, exchange: exchange)
        }
        var request = HTTPRequest(
            method: method, path: routed.path, query: routed.query, headerBlock: message.fields,
            body: message.body, pathParameters: [:])
        exchange.requestBodyBytes = request.body.count
        exchange.route = HTTPExchange.unmatchedRoute
        switch routed.resolution {
        case .route(let route, let parameters):
            request.pathParameters = parameters
            exchange.route = route.pattern
            exchange.pathParameters = parameters
            if route.offload || request.body.count >= context.configuration.offloadBodyThreshold {
                return offload(route, request, connection: connection, isHead: isHead, close: close, exchange: exchange)
            }
            // A compressed body may inflate to the body limit: that work is a worker's.
            if !request.body.isEmpty, request.header("Content-Encoding") != nil {
                return offload(route, request, connection: connection, isHead: isHead, close: close, exchange: exchange)
            }
            request.executionContext = .eventLoop
            switch context.respond(route, request) {
            case .answered(let response):
                reply(on: connection, response, isHead: isHead, close: close, exchange: exchange)
            case .needsWorker:
                request.executionContext = .worker
                offload(route, request, connection: connection, isHead: isHead, close: close, exchange: exchange)
            }
        case .options(let allow):
            reply(
                on: connection, Reply(status: 204, headers: [("Allow", allow)]), isHead: false, close: close,
                exchange: exchange)
        case .methodNotAllowed(let allow):
            var response = context.errorResponse(
                405, code: "method_not_allowed",
                message: "\(method.rawValue) is not allowed here")
            response.headers.append(("Allow", allow))
            reply(on: connection, response, isHead: isHead, close: close, exchange: exchange)
        case .notFound:
            reply(
                on: connection, context.errorResponse(404, code: "not_found", message: "no route for \(request.path)"),
                isHead: isHead, close: close, exchange: exchange)
        }
    }

    /// Answers a request the parser (or a deadline, or the body rate) refused: the JSON
    /// error, then the connection closes with a lingering read. Counted and logged under
    /// the route `rejected`.
    func refuse(_ rejection: StreamRejection, on connection: Connection) {
        let reason = rejection.reason
        activeRequests += 1
        connection.requestRefused()
        let method = rejection.method ?? .GET
        let exchange = PendingExchange(
            method: rejection.method?.rawValue ?? "OTHER", route: HTTPExchange.rejectedRoute,
            requestID: context.configuration.requestIDHeader == nil ? "" : requestIDs.next(),
            start: context.observer == nil ? 0 : MonotonicClock.now())
        reply(
            on: connection, context.errorResponse(reason.status, code: reason.code, message: reason.message),
            isHead: method == .HEAD, close: true, exchange: exchange)
    }

    /// Runs the handler on a worker; the reply comes back to this loop, the only thread
    /// allowed to touch the connection. The connection does not read while its request is
    /// with a worker, and shutdown waits for `activeRequests` (up to its grace period); a
    /// reply for a connection closed meanwhile is dropped.
    ///
    /// A full queue answers 503 at once. A job that waited past `maxQueueWaitSeconds`
    /// answers 503 instead of running, and one whose client has gone is dropped unrun (its
    /// connection is closed): neither holds a worker for nobody.
    private func offload(
        _ route: RouteTable.Route, _ handlerRequest: HTTPRequest, connection state: Connection,
        isHead: Bool, close: Bool, exchange: PendingExchange
    ) {
        let connection = LoopConfined(state)
        let client = ClientSocket(descriptor: state.descriptor)
        let maxWait = UInt64(max(0, context.configuration.maxQueueWaitSeconds) * 1e9)
        let accepted = context.workers.submit { [self] waited in
            let response: Reply
            if waited > maxWait {
                response = context.busyResponse("the request waited too long for a worker; retry later")
            } else if client.hasGone() {
                post { [self] in
                    connection.value.workerReturned()
                    abandon(connection.value, isHead: isHead, exchange: exchange)
                }
                return
            } else {
                response =
                    context.respond(route, handlerRequest).reply
                    ?? context.errorResponse(500, code: "internal_error", message: "the handler asked for a worker on a worker")
            }
            post { [self] in
                connection.value.workerReturned()
                replyFromWorker(on: connection.value, response, isHead: isHead, close: close, exchange: exchange)
            }
        }
        if accepted {
            state.sentToWorker()
        } else {
            reply(
                on: state, context.busyResponse("every worker is busy and the queue is full; retry later"),
                isHead: isHead, close: close, exchange: exchange)
        }
    }

    /// Ends a request whose client left while it waited: the reply goes nowhere, and closing
    /// the connection releases it.
    private func abandon(_ connection: Connection, isHead: Bool, exchange: PendingExchange) {
        replyFromWorker(
            on: connection, context.busyResponse("the client has gone"), isHead: isHead, close: true,
            exchange: exchange)
        connection.close()
    }

    /// A worker's reply, back on this loop: written if its connection is still open, then
    /// the connection goes on with what its client sent meanwhile.
    private func replyFromWorker(
        on connection: Connection, _ response: Reply, isHead: Bool, close: Bool,
        exchange: PendingExchange
    ) {
        guard !connection.isClosed else { return }
        reply(on: connection, response, isHead: isHead, close: close, exchange: exchange)
        connection.serve()
        connection.finishTurn()
    }
}

/// A loop thread's object carried by a worker's job and back to its loop, where alone it
/// is touched (the posted reply).
struct LoopConfined<Object: AnyObject>: @unchecked Sendable {
    let value: Object
    init(_ value: Object) { self.value = value }
}

/// A request's socket, probed from a worker before its job runs. The server does not read a
/// connection while its request is with a handler, so it cannot tell that the client has
/// gone; the socket can: a peer that closed (or reset) shows as POLLRDHUP, POLLHUP or
/// POLLERR, as nginx's check for a broken connection reads it. The descriptor stays open
/// while the request is active (shutdown's deadline aside, after which the reply is
/// dropped anyway).
struct ClientSocket: Sendable {
    let descriptor: Int32

    func hasGone() -> Bool {
        guard descriptor >= 0 else { return false }
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN) | eventhttp_poll_read_hang_up, revents: 0)
        guard poll(&probe, 1, 0) == 1 else { return false }
        return probe.revents & (eventhttp_poll_read_hang_up | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }
}
