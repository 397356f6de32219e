import CLibevent

/// Keeps a reply body alive while libevent writes it straight from the array's storage,
/// and its bytes counted in the reply budget until then.
final class ReplyBody {
    let bytes: [UInt8]
    private let budget: ByteBudget?

    init(_ bytes: [UInt8], budget: ByteBudget?) {
        self.bytes = bytes
        self.budget = budget
    }

    deinit { budget?.release(bytes.count) }
}

extension EventLoop {
    /// Writes `response` with evhttp. Framing belongs to the server: handler-set
    /// Content-Length/Transfer-Encoding/Connection are ignored.
    /// - Parameter isHead: send the headers a GET would get, Content-Length included,
    ///   and no body (evhttp would send one if given).
    /// - Parameter close: close the connection after this reply (refused requests: the
    ///   client may still be sending bytes nobody will parse).
    /// - Parameter counted: count the body in the reply budget (every reply but the small
    ///   503 that replaces one that did not fit).
    func reply(_ request: UnsafeMutablePointer<evhttp_request>, _ response: HTTPResponse, isHead: Bool, close: Bool,
               counted: Bool = true) {
        assert(EventLoop.current === self, "an evhttp request replied to off its own loop thread")
        // A body is counted from here until libevent lets go of it; one that does not fit
        // (clients not reading what they asked for) becomes a small 503 instead.
        let sendsBody = response.allowsBody && !isHead && !response.body.isEmpty
        if counted && sendsBody && !context.replyBudget.tryReserve(response.body.count) {
            return reply(request, context.busyResponse("the server holds as many unsent replies as it can; retry later"),
                         isHead: isHead, close: close, counted: false)
        }
        let headers = evhttp_request_get_output_headers(request)
        var hasContentType = false
        for (name, value) in response.headers {
            if asciiCaseInsensitiveEquals(name, "Content-Length") || asciiCaseInsensitiveEquals(name, "Transfer-Encoding")
                || asciiCaseInsensitiveEquals(name, "Connection") { continue }
            if asciiCaseInsensitiveEquals(name, "Content-Type") { hasContentType = true }
            evhttp_add_header(headers, name, value)
        }
        if response.allowsBody {
            if !hasContentType { evhttp_add_header(headers, "Content-Type", HTTPResponse.jsonContentType) }
            if isHead {
                evhttp_add_header(headers, "Content-Length", String(response.body.count))
            } else if !response.body.isEmpty {
                addBody(response.body, counted: counted, to: evhttp_request_get_output_buffer(request))
            }
        }
        if close || isDraining { evhttp_add_header(headers, "Connection", "close") }
        evhttp_send_reply(request, Int32(response.status), ReasonPhrase.forStatus(response.status), nil)
    }

    /// Adds the body in one piece without copying: evbuffer_add_reference points libevent
    /// at the array's storage, and the cleanup callback releases it once written.
    private func addBody(_ bytes: [UInt8], counted: Bool, to buffer: OpaquePointer?) {
        let body = ReplyBody(bytes, budget: counted ? context.replyBudget : nil)
        let retained = Unmanaged.passRetained(body)
        // The pointer outlives the closure on purpose: `body.bytes` is an immutable array
        // kept alive by `retained`, so its storage neither moves nor changes until released.
        let start = body.bytes.withUnsafeBytes { $0.baseAddress }
        if evbuffer_add_reference(buffer, start, body.bytes.count, Callbacks.releaseBody, retained.toOpaque()) != 0 {
            retained.release()
            _ = bytes.withUnsafeBytes { evbuffer_add(buffer, $0.baseAddress, $0.count) }
        }
    }
}
