import CLibevent
import TesseraSupport

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
    /// Queues `response` on the connection's output: its head, then its body. Framing
    /// belongs to the server: handler-set Content-Length/Transfer-Encoding/Connection are
    /// ignored. The connection writes it (`Connection.serve`).
    /// - Parameter isHead: send the fields a GET would get, Content-Length included, and
    ///   no body.
    /// - Parameter close: close the connection after this reply (the request asked to, or
    ///   was refused: the client may still be sending bytes nobody will parse).
    /// - Parameter exchange: the request's id (echoed) and what the observer is told.
    /// - Parameter counted: count the body in the reply budget (every reply but the small
    ///   503 that replaces one that did not fit).
    func reply(
        on connection: Connection, _ response: Reply, isHead: Bool, close: Bool,
        exchange: PendingExchange, counted: Bool = true
    ) {
        assert(EventLoop.current === self, "a connection replied to off its own loop thread")
        // A body is counted from here until libevent lets go of it; one that does not fit
        // (clients not reading what they asked for) becomes a small 503 instead.
        let sendsBody = response.allowsBody && !isHead && !response.body.isEmpty
        if counted && sendsBody && response.body.count > context.replyBudget.capacity {
            return reply(
                on: connection, context.replyTooLargeResponse(response.body.count),
                isHead: isHead, close: close, exchange: exchange, counted: false)
        }
        if counted && sendsBody && !context.replyBudget.tryReserve(response.body.count) {
            return reply(
                on: connection, context.busyResponse("the server holds as many unsent replies as it can; retry later"),
                isHead: isHead, close: close, exchange: exchange, counted: false)
        }
        let closes = connection.replyCloses(asked: close)
        writeHead(of: response, exchange: exchange, close: closes)
        replyHead.withBytes { _ = evbuffer_add(connection.output, $0.baseAddress, $0.count) }
        if sendsBody { addBody(response.body, counted: counted, to: connection.output) }
        connection.replyQueued(closes: closes)
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
        guard let first = utf8.first.map(asciiLowercased),
            first == UInt8(ascii: "c") || first == UInt8(ascii: "t")
                || first == UInt8(ascii: "d")
        else {
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
