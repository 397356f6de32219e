extension EventLoop {
    /// Fills `replyHeaderLines` with the reply's fields, in the order they go out: Date (the
    /// handler's or the loop's cached one; first, so that it keys the block evhttp looks
    /// it up in), the handler's own fields, Content-Type, the request id, Content-Length,
    /// and Connection when the connection closes after this reply. Framing belongs to the
    /// server: a handler's Content-Length, Transfer-Encoding and Connection are left out,
    /// and so is its request id header (the server sets that one once).
    func writeHeaderLines(of response: HTTPResponse, exchange: PendingExchange, close: Bool) {
        replyHeaderLines.removeAll()
        var handlerDate: String?
        var hasContentType = false
        for (name, value) in response.headers {
            switch FramingHeader(name) {
            case .date: if handlerDate == nil { handlerDate = value }
            case .contentType: hasContentType = true
            case .framing, .other: continue
            }
        }
        if let handlerDate {
            replyHeaderLines.add("Date", handlerDate)
        } else {
            // evhttp would format a Date of its own for every reply (see `HTTPDate`).
            _ = httpDate.withCurrentBytes { replyHeaderLines.addTrusted("Date", $0) }
        }
        let requestIDHeader = context.configuration.requestIDHeader
        for (name, value) in response.headers {
            switch FramingHeader(name) {
            case .framing, .date: continue
            case .contentType: break
            case .other:
                // Lengths first: the comparison ran for every header of every reply.
                if let requestIDHeader, name.utf8.count == requestIDHeader.utf8.count,
                   asciiCaseInsensitiveEquals(name, requestIDHeader) { continue }
            }
            replyHeaderLines.add(name, value)
        }
        if response.allowsBody && !hasContentType {
            replyHeaderLines.addTrusted("Content-Type", HTTPResponse.jsonContentTypeBytes)
        }
        if let requestIDHeader, !exchange.requestID.isEmpty {
            replyHeaderLines.add(requestIDHeader, exchange.requestID)
        }
        // A HEAD reply gets the length a GET would (evhttp would give none).
        if response.allowsBody { _ = DecimalDigits(response.body.count).withBytes { replyHeaderLines.addTrusted("Content-Length", $0) } }
        if close { replyHeaderLines.addTrusted("Connection", HTTPResponse.closeBytes) }
    }
}

/// A non-negative integer's decimal digits, made without a String.
struct DecimalDigits {
    private var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var count = 0

    init(_ value: Int) {
        var rest = UInt(max(0, value))
        count = withUnsafeMutableBytes(of: &digits) { out in
            var end = out.count
            repeat {
                end -= 1
                out[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            return out.count - end
        }
    }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: digits) { body(UnsafeRawBufferPointer(rebasing: $0[($0.count - count)...])) }
    }
}
