import TesseraJSON
import TesseraSupport

/// Calling a route's handler: the one place, wherever the handler runs (the loop or a worker).
extension ServerContext {
    /// Runs a route's handler with content codings applied: an encoded request body is
    /// decoded first (413 past the body limit, 400 when corrupt, 415 for codings other than
    /// gzip), and a big reply is gzipped when the client accepts it. Runs wherever the
    /// handler runs (a worker for offloaded routes), so inflating and deflating never hold
    /// up an event loop there.
    func respond(_ route: RouteTable.Route, _ request: HTTPRequest) -> HandlerOutcome {
        // The request is copied only when its body is decoded (a copy of a request value
        // retains and releases each of its fields; docs/performance.md#copy-on-decode).
        if !request.body.isEmpty, let coding = request.header("Content-Encoding") {
            var decoded = request
            if let refusal = decodeBody(&decoded, coding: coding) { return .answered(refusal) }
            return encoded(route.handler(decoded), for: decoded)
        }
        return encoded(route.handler(request), for: request)
    }

    private func encoded(_ outcome: HandlerOutcome, for request: HTTPRequest) -> HandlerOutcome {
        guard case .answered(let reply) = outcome else { return outcome }
        return .answered(encodeReply(reply, for: request))
    }

    /// Gzips a big reply when the client accepts it.
    private func encodeReply(_ reply: Reply, for request: HTTPRequest) -> Reply {
        // Replies under the threshold (every cached screenful) leave here after one comparison.
        let threshold = configuration.gzipReplyThreshold
        guard threshold > 0, reply.body.count >= threshold, reply.allowsBody,
            reply.header("Content-Encoding") == nil
        else { return reply }
        var response = reply
        // The reply depends on Accept-Encoding from here on, whether it is compressed or not.
        response.headers.append(("Vary", "Accept-Encoding"))
        if let accepted = request.header("Accept-Encoding"), ContentCoding.acceptsGzip(accepted),
            let compressed = ContentCoding.gzip(response.body)
        {
            response.body = compressed
            response.headers.append(("Content-Encoding", "gzip"))
        }
        return response
    }

    /// Replaces the body by its decoding; a refusal response when it cannot.
    private func decodeBody(_ request: inout HTTPRequest, coding: String) -> Reply? {
        let name = coding.split(separator: ",").map { $0.trimmingASCIISpaces.lowercased() }.filter { $0 != "identity" }
        if name.isEmpty { return nil }
        guard name == ["gzip"] || name == ["x-gzip"] else {
            var refusal = errorResponse(
                415, code: "unsupported_media_type",
                message: "Content-Encoding \(ClientText.quoted(coding)) is not supported; send gzip or no encoding")
            refusal.headers.append(("Accept-Encoding", "gzip"))
            return refusal
        }
        switch ContentCoding.gunzip(request.body, limit: configuration.maxBodySize) {
        case .success(let body):
            request.body = body
            request.headers.removeAll { asciiCaseInsensitiveEquals($0.name, "Content-Encoding") }
            return nil
        case .failure(.tooLarge):
            return errorResponse(
                413, code: "payload_too_large",
                message: "the request body inflates to more than \(configuration.maxBodySize) bytes")
        case .failure(.corrupt):
            return errorResponse(400, code: "invalid_request", message: "the request body is not valid gzip")
        }
    }
}
