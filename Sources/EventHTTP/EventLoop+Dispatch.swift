import CLibevent
import Glibc

/// From a parsed evhttp request to a reply: rejections, routing, and the choice between
/// running the handler here or on the worker pool.
extension EventLoop {
    func dispatch(_ request: UnsafeMutablePointer<evhttp_request>) {
        let isHead = evhttp_request_get_command(request) == EVHTTP_REQ_HEAD
        var exchange = beginExchange(request)
        guard let connection = evhttp_request_get_connection(request), let state = connections[connection] else {
            // Unreachable: a request implies bytes, and the first bytes adopt the connection.
            return reply(request, context.errorResponse(500, code: "internal_error", message: "unknown connection"),
                         isHead: isHead, close: true, exchange: exchange)
        }
        state.hasActiveRequest = true
        activeRequests += 1
        evhttp_request_set_on_complete_cb(request, Callbacks.requestCompleted, Unmanaged.passUnretained(state).toOpaque())

        if state.injectedRejection, let reason = rejectionReason(request) {
            // (503 `server_busy` for a body that does not fit gets its Retry-After here too.)
            return reply(request, context.errorResponse(reason.status, code: reason.code, message: reason.message),
                         isHead: isHead, close: true, exchange: exchange)
        }
        var parsed: ParsedRequest
        do {
            parsed = try RequestReader.read(request, routes: context.routes, memo: &targetMemo)
        } catch {
            return reply(request, context.errorResponse(400, code: "invalid_request", message: error.message),
                         isHead: isHead, close: false, exchange: exchange)
        }
        exchange.requestBodyBytes = parsed.request.body.count
        exchange.route = HTTPExchange.unmatchedRoute
        switch parsed.resolution {
        case .route(let route, let parameters):
            exchange.route = route.pattern
            exchange.pathParameters = parameters
            if route.offload || parsed.request.body.count >= context.configuration.offloadBodyThreshold {
                offload(route, parsed.request, request, state: state, isHead: isHead, exchange: exchange)
                return
            }
            // A compressed body may inflate to the body limit: that work is a worker's.
            if !parsed.request.body.isEmpty, parsed.request.header("Content-Encoding") != nil {
                offload(route, parsed.request, request, state: state, isHead: isHead, exchange: exchange)
                return
            }
            parsed.request.isOnEventLoop = true
            let response = context.respond(route, parsed.request)
            if response.isMoveToWorker {
                parsed.request.isOnEventLoop = false
                offload(route, parsed.request, request, state: state, isHead: isHead, exchange: exchange)
            } else {
                reply(request, response, isHead: isHead, close: false, exchange: exchange)
            }
        case .options(let allow):
            reply(request, HTTPResponse(status: 204, headers: [("Allow", allow)]), isHead: false, close: false,
                  exchange: exchange)
        case .methodNotAllowed(let allow):
            var response = context.errorResponse(405, code: "method_not_allowed",
                                                  message: "\(parsed.request.method.rawValue) is not allowed here")
            response.headers.append(("Allow", allow))
            reply(request, response, isHead: isHead, close: false, exchange: exchange)
        case .notFound:
            reply(request, context.errorResponse(404, code: "not_found", message: "no route for \(parsed.request.path)"),
                  isHead: isHead, close: false, exchange: exchange)
        }
    }

    /// Runs the handler on a worker; the reply comes back to this loop, the only thread
    /// allowed to touch the evhttp request. The request stays valid meanwhile: evhttp
    /// stops reading the connection while a request is with the user, so it cannot notice
    /// a close, and shutdown waits for `activeRequests` (up to its grace period).
    ///
    /// A full queue answers 503 at once. A job that waited past `maxQueueWaitSeconds`
    /// answers 503 instead of running, and one whose client has gone is dropped unrun (its
    /// connection is closed): neither holds a worker for nobody.
    private func offload(_ route: RouteTable.Route, _ handlerRequest: HTTPRequest,
                         _ request: UnsafeMutablePointer<evhttp_request>, state: ConnectionState, isHead: Bool,
                         exchange: PendingExchange) {
        let pending = PendingRequest(request)
        let connection = LoopConfined(state)
        let client = ClientSocket(request)
        let maxWait = UInt64(max(0, context.configuration.maxQueueWaitSeconds) * 1e9)
        let accepted = context.workers.submit { [self] waited in
            let response: HTTPResponse
            if waited > maxWait {
                response = context.busyResponse("the request waited too long for a worker; retry later")
            } else if client.hasGone() {
                post { [self] in
                    connection.value.isWithWorker = false
                    abandon(pending.request, isHead: isHead, exchange: exchange)
                }
                return
            } else {
                let handled = context.respond(route, handlerRequest)
                response = handled.isMoveToWorker
                    ? context.errorResponse(500, code: "internal_error", message: "the handler asked for a worker on a worker")
                    : handled
            }
            post { [self] in
                connection.value.isWithWorker = false
                reply(pending.request, response, isHead: isHead, close: false, exchange: exchange)
            }
        }
        state.isWithWorker = accepted
        if !accepted {
            reply(request, context.busyResponse("every worker is busy and the queue is full; retry later"),
                  isHead: isHead, close: false, exchange: exchange)
        }
    }

    /// Ends a request whose client left while it waited: the reply goes nowhere, and closing
    /// the connection releases it.
    private func abandon(_ request: UnsafeMutablePointer<evhttp_request>, isHead: Bool, exchange: PendingExchange) {
        reply(request, context.busyResponse("the client has gone"), isHead: isHead, close: true, exchange: exchange)
    }

    private func rejectionReason(_ request: UnsafeMutablePointer<evhttp_request>) -> RejectionReason? {
        guard let value = evhttp_find_header(evhttp_request_get_input_headers(request), StreamRejection.markerName) else {
            return nil
        }
        return StreamRejection.parseMarker(String(cString: value), token: context.rejectionToken)
    }
}

/// A loop thread's object carried by a worker's job and back to its loop, where alone it
/// is touched (the posted reply).
struct LoopConfined<Object: AnyObject>: @unchecked Sendable {
    let value: Object
    init(_ value: Object) { self.value = value }
}

/// An evhttp request pointer crossing to a worker and back. Only the loop thread that
/// received it dereferences it; the worker merely carries it.
struct PendingRequest: @unchecked Sendable {
    let request: UnsafeMutablePointer<evhttp_request>
    init(_ request: UnsafeMutablePointer<evhttp_request>) { self.request = request }
}

/// A request's socket, probed from a worker before its job runs. evhttp does not read a
/// connection while its request is with a handler, so it cannot tell that the client has
/// gone; the socket can: a peer that closed (or reset) shows as POLLRDHUP, POLLHUP or
/// POLLERR, as nginx's check for a broken connection reads it. The descriptor stays open
/// while the request is active (shutdown's deadline aside, after which the reply is
/// dropped anyway).
struct ClientSocket: Sendable {
    let descriptor: Int32

    init(_ request: UnsafeMutablePointer<evhttp_request>) {
        let bufferevent = evhttp_request_get_connection(request).flatMap(evhttp_connection_get_bufferevent)
        descriptor = bufferevent.map(bufferevent_getfd) ?? -1
    }

    func hasGone() -> Bool {
        guard descriptor >= 0 else { return false }
        var probe = pollfd(fd: descriptor, events: Int16(POLLIN) | eventhttp_poll_read_hang_up, revents: 0)
        guard poll(&probe, 1, 0) == 1 else { return false }
        return probe.revents & (eventhttp_poll_read_hang_up | Int16(POLLHUP) | Int16(POLLERR)) != 0
    }
}
