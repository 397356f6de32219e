import CLibevent
import Glibc

/// The minimum body rate (`minBodyBytesPerSecond`), kept by the once-a-second sweep.
///
/// A body reserves its whole declared size from its head (`ByteBudget`), so without a rate a
/// client sending a byte every few seconds held its 64 MiB for as long as the idle timeout
/// let it, and four such clients held the whole default budget. Each body is watched from
/// the first sweep that sees it arriving: after `bodyRateGraceSeconds` it must have brought
/// `minBodyBytesPerSecond` for every second past the grace (as Apache's mod_reqtimeout
/// MinRate), or it is refused. The clock stops while an earlier request of the connection
/// is being answered: the server does not read meanwhile, so the client cannot send.
struct BodyWatch: Equatable {
    /// Where the watched request starts in the connection's stream.
    var request: Int
    var since: UInt64
    /// Bytes of the stream received when the watch began.
    var position: Int
}

extension ConnectionState {
    /// Whether the body under way has fallen behind the minimum rate at `now`.
    func bodyIsTooSlow(now: UInt64, bytesPerSecond: Int, graceSeconds: Int) -> Bool {
        let progress = bodyProgress
        guard progress.isReadingBody, !hasActiveRequest else {
            bodyWatch = nil
            return false
        }
        guard let watch = bodyWatch, watch.request == progress.request else {
            bodyWatch = BodyWatch(request: progress.request, since: now, position: receivedBytes)
            return false
        }
        let grace = UInt64(max(0, graceSeconds)) * 1_000_000_000
        let elapsed = now &- watch.since
        guard elapsed > grace else { return false }
        let owed = Double(bytesPerSecond) * Double(elapsed - grace) / 1e9
        return Double(receivedBytes - watch.position) < owed
    }
}

extension EventLoop {
    /// Refuses a body that arrives too slowly: its reservation leaves the budget, the client
    /// gets a 408 written straight to the socket (evhttp has seen the head of a
    /// Content-Length request, or nothing of a chunked one, and can answer neither), and the
    /// connection closes with the lingering read every refusal gets.
    func refuseSlowBody(_ state: ConnectionState) {
        guard let rejection = state.expireBody() else { return }
        state.releaseAllReservations()
        let reason = RejectionReason.bodyTimeout
        let body = context.errorBody(reason.status, reason.code, reason.message)
        if let bufferevent = evhttp_connection_get_bufferevent(state.connection) {
            let descriptor = bufferevent_getfd(bufferevent)
            // Only when no earlier reply is still queued: bytes must not overtake it.
            if descriptor >= 0, evbuffer_get_length(bufferevent_get_output(bufferevent)) == 0 {
                let reply = slowBodyReply(body)
                _ = reply.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                shutdown(descriptor, Int32(SHUT_WR))
            }
        }
        // Counted and logged like every refusal the server makes itself (route `rejected`).
        context.observer?.requestFinished(HTTPExchange(
            method: rejection.method?.rawValue ?? "OTHER", route: HTTPExchange.rejectedRoute, status: reason.status,
            responseBodyBytes: body.count, requestID: context.configuration.requestIDHeader == nil ? "" : requestIDs.next(),
            loop: index))
        evhttp_connection_free(state.connection)
    }

    /// The whole 408 reply, head and JSON `body`, as the dispatcher would have written it.
    private func slowBodyReply(_ body: [UInt8]) -> [UInt8] {
        var date = HTTPDate()
        let dateText = date.withCurrent { String(cString: $0) }
        let head = "HTTP/1.1 408 Request Timeout\r\nDate: \(dateText)\r\nContent-Type: \(HTTPResponse.jsonContentType)\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
