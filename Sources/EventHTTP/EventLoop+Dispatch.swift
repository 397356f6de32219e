import CLibevent

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
            return reply(request, context.errorResponse(reason.status, code: reason.code, message: reason.message),
                         isHead: isHead, close: true, exchange: exchange)
        }
        let parsed: ParsedRequest
        switch RequestReader.read(request) {
        case .success(let value): parsed = value
        case .failure(let error):
            return reply(request, context.errorResponse(400, code: "invalid_request", message: error.message),
                         isHead: isHead, close: false, exchange: exchange)
        }
        exchange.requestBodyBytes = parsed.request.body.count
        exchange.route = HTTPExchange.unmatchedRoute
        switch context.routes.resolve(parsed.request.method, segments: parsed.segments) {
        case .route(let route, let parameters):
            var handlerRequest = parsed.request
            handlerRequest.pathParameters = parameters
            exchange.route = route.pattern
            exchange.pathParameters = parameters
            if route.offload || handlerRequest.body.count >= context.configuration.offloadBodyThreshold {
                offload(route, handlerRequest, request, isHead: isHead, exchange: exchange)
            } else {
                reply(request, context.respond(route, handlerRequest), isHead: isHead, close: false, exchange: exchange)
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
    /// a close, and shutdown waits for `activeRequests`.
    private func offload(_ route: RouteTable.Route, _ handlerRequest: HTTPRequest,
                         _ request: UnsafeMutablePointer<evhttp_request>, isHead: Bool, exchange: PendingExchange) {
        let pending = PendingRequest(request)
        context.workers.submit { [self] in
            let response = context.respond(route, handlerRequest)
            post { [self] in
                reply(pending.request, response, isHead: isHead, close: false, exchange: exchange)
            }
        }
    }

    private func rejectionReason(_ request: UnsafeMutablePointer<evhttp_request>) -> RejectionReason? {
        guard let value = evhttp_find_header(evhttp_request_get_input_headers(request), StreamRejection.markerName) else {
            return nil
        }
        return StreamRejection.parseMarker(String(cString: value), token: context.rejectionToken)
    }
}

/// An evhttp request pointer crossing to a worker and back. Only the loop thread that
/// received it dereferences it; the worker merely carries it.
struct PendingRequest: @unchecked Sendable {
    let request: UnsafeMutablePointer<evhttp_request>
    init(_ request: UnsafeMutablePointer<evhttp_request>) { self.request = request }
}
