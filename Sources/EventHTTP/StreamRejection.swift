/// Why the stream validator stopped a request. Each reason is a request evhttp would either
/// answer with its own HTML page (libevent 2.1 has no hook to change those) or accept
/// against our limits.
enum RejectionReason: String, CaseIterable, Sendable {
    case malformedRequestLine = "malformed-request-line"
    case unsupportedMethod = "unsupported-method"
    case invalidTarget = "invalid-target"
    case unsupportedVersion = "unsupported-version"
    case uriTooLong = "uri-too-long"
    case malformedHeader = "malformed-header"
    case reservedHeader = "reserved-header"
    case headersTooLarge = "headers-too-large"
    case invalidContentLength = "invalid-content-length"
    case conflictingFraming = "conflicting-framing"
    case unsupportedTransferEncoding = "unsupported-transfer-encoding"
    case payloadTooLarge = "payload-too-large"
    case expectationFailed = "expectation-failed"
    case malformedChunk = "malformed-chunk"
    /// The head did not arrive whole within the head deadline.
    case headTimeout = "head-timeout"
    /// The body arrived slower than the minimum rate (`minBodyBytesPerSecond`).
    case bodyTimeout = "body-timeout"
    /// The body does not fit in the bytes the server holds for bodies in flight.
    case serverBusy = "server-busy"
    /// The body does not fit in its client's share of those bytes.
    case clientShareSpent = "client-share-spent"

    var status: Int {
        switch self {
        case .headTimeout, .bodyTimeout: 408
        case .serverBusy, .clientShareSpent: 503
        case .uriTooLong: 414
        case .headersTooLarge: 431
        case .payloadTooLarge: 413
        case .expectationFailed: 417
        case .unsupportedMethod, .unsupportedTransferEncoding: 501
        case .unsupportedVersion: 505
        default: 400
        }
    }

    /// The API's error code (docs/api.md names 400 `invalid_request` and 413 `payload_too_large`).
    var code: String {
        switch status {
        case 408: "request_timeout"
        case 503: "server_busy"
        case 413: "payload_too_large"
        case 414: "uri_too_long"
        case 417: "expectation_failed"
        case 431: "headers_too_large"
        case 501: "not_implemented"
        case 505: "http_version_not_supported"
        default: "invalid_request"
        }
    }

    var message: String {
        switch self {
        case .malformedRequestLine: "malformed request line"
        case .unsupportedMethod: "request method is not supported"
        case .invalidTarget: "request target must be an absolute path of printable ASCII"
        case .unsupportedVersion: "only HTTP/1.0 and HTTP/1.1 are supported"
        case .uriTooLong: "request URI is too long"
        case .malformedHeader: "malformed header field"
        case .reservedHeader: "header field name is reserved by the server"
        case .headersTooLarge: "request header fields are too large"
        case .invalidContentLength: "invalid Content-Length"
        case .conflictingFraming: "request has both Content-Length and Transfer-Encoding"
        case .unsupportedTransferEncoding: "only the chunked Transfer-Encoding is supported"
        case .payloadTooLarge: "request body is too large"
        case .expectationFailed: "only 'Expect: 100-continue' is supported"
        case .malformedChunk: "malformed chunked body"
        case .headTimeout: "the request head did not arrive in time"
        case .bodyTimeout: "the request body arrived too slowly; send it at a steady pace"
        case .serverBusy: "the server holds as many request bodies as it can; retry later"
        case .clientShareSpent: "this client already holds its share of the request bodies the server keeps; retry when its other uploads are answered"
        }
    }
}

/// A refused request: evhttp never sees it. `ConnectionState` replaces it, and everything
/// the client sends after it, with a synthetic request carrying the marker header, which
/// the dispatcher answers with the JSON error (libevent 2.1 has no hook to replace its own
/// HTML error pages, so evhttp must only ever see requests it will parse successfully).
struct StreamRejection: Equatable, Sendable {
    let reason: RejectionReason
    /// Absolute stream offset where the refused request starts. Nothing from there on was
    /// handed to evhttp: the validator holds a request back until its head (or, for chunked
    /// bodies, the whole request) has been checked.
    let offset: Int
    /// The refused request's method when known, so a HEAD gets a reply without a body.
    let method: HTTPMethod?

    static let markerName = "X-EventHTTP-Reject"
    /// The same name as the stream validator compares it (lowercase, no allocation).
    static let lowercasedMarkerName: StaticString = "x-eventhttp-reject"

    func injection(token: String) -> [UInt8] {
        Array("\((method ?? .GET).rawValue) / HTTP/1.1\r\n\(Self.markerName): \(reason.rawValue) \(token)\r\n\r\n".utf8)
    }

    /// Reads a marker header value back; nil unless the token matches, so a client cannot
    /// forge one (the validator also refuses client headers with the marker's name).
    static func parseMarker(_ value: String, token: String) -> RejectionReason? {
        let parts = value.split(separator: " ")
        guard parts.count == 2, parts[1] == token else { return nil }
        return RejectionReason(rawValue: String(parts[0]))
    }
}
