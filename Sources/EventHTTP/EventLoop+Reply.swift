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
    /// - Parameter exchange: the request's id (echoed) and what the observer is told.
    /// - Parameter counted: count the body in the reply budget (every reply but the small
    ///   503 that replaces one that did not fit).
    func reply(_ request: UnsafeMutablePointer<evhttp_request>, _ response: HTTPResponse, isHead: Bool, close: Bool,
               exchange: PendingExchange, counted: Bool = true) {
        assert(EventLoop.current === self, "an evhttp request replied to off its own loop thread")
        // A body is counted from here until libevent lets go of it; one that does not fit
        // (clients not reading what they asked for) becomes a small 503 instead.
        let sendsBody = response.allowsBody && !isHead && !response.body.isEmpty
        if counted && sendsBody && !context.replyBudget.tryReserve(response.body.count) {
            return reply(request, context.busyResponse("the server holds as many unsent replies as it can; retry later"),
                         isHead: isHead, close: close, exchange: exchange, counted: false)
        }
        let headers = evhttp_request_get_output_headers(request)
        var hasContentType = false, hasDate = false
        for (name, value) in response.headers {
            switch FramingHeader(name) {
            case .framing: continue
            case .contentType: hasContentType = true
            case .date: hasDate = true
            case .other:
                // The server sets the request id itself (below), once. (Lengths first: the
                // comparison ran for every header of every reply.)
                if let idHeader = context.configuration.requestIDHeader, name.utf8.count == idHeader.utf8.count,
                   asciiCaseInsensitiveEquals(name, idHeader) { continue }
            }
            // withCString hands over a native string's own NUL-terminated storage; the
            // implicit String-to-pointer conversion copied each one into a new array.
            name.withCString { name in value.withCString { value in _ = evhttp_add_header(headers, name, value) } }
        }
        if response.allowsBody {
            if !hasContentType { evhttp_add_header(headers, "Content-Type", jsonContentTypeCString) }
            if isHead {
                evhttp_add_header(headers, "Content-Length", String(response.body.count))
            } else if !response.body.isEmpty {
                addBody(response.body, counted: counted, to: evhttp_request_get_output_buffer(request))
            }
        }
        if close || isDraining { evhttp_add_header(headers, "Connection", "close") }
        if let name = context.configuration.requestIDHeader, !exchange.requestID.isEmpty {
            // withCString, not the implicit conversion: that copied both strings into new
            // arrays on every reply (~1,500 instructions of a cached query).
            name.withCString { name in exchange.requestID.withCString { id in _ = evhttp_add_header(headers, name, id) } }
        }
        // evhttp would format a Date of its own for every reply (see `HTTPDate`).
        if !hasDate { httpDate.withCurrent { _ = evhttp_add_header(headers, "Date", $0) } }
        // withCString: the implicit conversion made a ContiguousArray copy of the phrase.
        ReasonPhrase.forStatus(response.status).withCString { evhttp_send_reply(request, Int32(response.status), $0, nil) }
        finishExchange(exchange, response, isHead: isHead)
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

/// `HTTPResponse.jsonContentType` as the C string in the binary (see `jsonContentTypeLiteral`).
var jsonContentTypeCString: UnsafePointer<CChar> {
    UnsafeRawPointer(HTTPResponse.jsonContentTypeLiteral.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// How the server treats a handler's header name; most names are told apart by length
/// alone, so a reply's few headers cost a comparison or two each.
enum FramingHeader {
    /// Content-Length, Transfer-Encoding, Connection: the server's own, never the handler's.
    case framing
    case contentType
    /// Date: a handler's own replaces the server's.
    case date
    case other

    init(_ name: String) {
        let utf8 = name.utf8
        // The first letter tells most names apart before the comparison (an ETag is not a
        // Date).
        guard let first = utf8.first.map(asciiLowercased), first == UInt8(ascii: "c") || first == UInt8(ascii: "t")
                || first == UInt8(ascii: "d") else {
            self = .other
            return
        }
        switch utf8.count {
        case 14 where asciiCaseInsensitiveEquals(name, "Content-Length"): self = .framing
        case 17 where asciiCaseInsensitiveEquals(name, "Transfer-Encoding"): self = .framing
        case 10 where asciiCaseInsensitiveEquals(name, "Connection"): self = .framing
        case 12 where asciiCaseInsensitiveEquals(name, "Content-Type"): self = .contentType
        case 4 where asciiCaseInsensitiveEquals(name, "Date"): self = .date
        default: self = .other
        }
    }
}
