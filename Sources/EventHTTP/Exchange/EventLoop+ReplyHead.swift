import TesseraSupport

extension EventLoop {
    /// Fills `replyHead` with the reply's status line and fields, in the order they go out:
    /// Date (the handler's or the loop's cached one), the handler's own fields,
    /// Content-Type, the request id, Content-Length, and Connection when the connection
    /// closes after this reply (or stays open for an HTTP/1.0 client that asked). Framing
    /// belongs to the server: a handler's Content-Length, Transfer-Encoding and Connection
    /// are left out, and so is its request id header (the server sets that one once).
    func writeHead(of response: Reply, exchange: PendingExchange, close: Bool) {
        replyHead.begin(status: response.status)
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
            replyHead.add("Date", handlerDate)
        } else {
            httpDate.withCurrentBytes { replyHead.addTrusted("Date", $0) }
        }
        let requestIDHeader = context.configuration.requestIDHeader
        for (name, value) in response.headers {
            switch FramingHeader(name) {
            case .framing, .date: continue
            case .contentType: break
            case .other:
                // Lengths first: the comparison ran for every header of every reply.
                if let requestIDHeader, name.utf8.count == requestIDHeader.utf8.count,
                    asciiCaseInsensitiveEquals(name, requestIDHeader)
                {
                    continue
                }
            }
            replyHead.add(name, value)
        }
        if response.allowsBody && !hasContentType {
            replyHead.addTrusted("Content-Type", Reply.jsonContentTypeBytes)
        }
        if let requestIDHeader, !exchange.requestID.isEmpty {
            replyHead.add(requestIDHeader, exchange.requestID)
        }
        // A HEAD reply gets the length a GET would (RFC 9110 §9.3.2).
        if response.allowsBody { replyHead.addContentLength(response.body.count) }
        if close {
            replyHead.addTrusted("Connection", Reply.closeBytes)
        } else if exchange.announcesKeepAlive {
            StaticBytes("keep-alive").withBytes { replyHead.addTrusted("Connection", $0) }
        }
        replyHead.finish()
    }
}
