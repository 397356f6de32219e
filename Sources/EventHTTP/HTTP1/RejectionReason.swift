/// Why the parser (or the server around it) refused a request. Each is answered with the
/// API's JSON error and the connection closes after it.
enum RejectionReason: String, CaseIterable, Sendable {
    case malformedRequestLine = "malformed-request-line"
    case unsupportedMethod = "unsupported-method"
    case invalidTarget = "invalid-target"
    case unsupportedVersion = "unsupported-version"
    case uriTooLong = "uri-too-long"
    case malformedHeader = "malformed-header"
    case duplicateHost = "duplicate-host"
    case headersTooLarge = "headers-too-large"
    case invalidContentLength = "invalid-content-length"
    case conflictingFraming = "conflicting-framing"
    case transferEncodingInHTTP10 = "transfer-encoding-in-http-1.0"
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
        case .duplicateHost: "more than one Host field"
        case .headersTooLarge: "request header fields are too large"
        case .invalidContentLength: "invalid Content-Length"
        case .conflictingFraming: "request has both Content-Length and Transfer-Encoding"
        case .transferEncodingInHTTP10: "an HTTP/1.0 request cannot use Transfer-Encoding"
        case .unsupportedTransferEncoding: "only the chunked Transfer-Encoding is supported"
        case .payloadTooLarge: "request body is too large"
        case .expectationFailed: "only 'Expect: 100-continue' is supported"
        case .malformedChunk: "malformed chunked body"
        case .headTimeout: "the request head did not arrive in time"
        case .bodyTimeout: "the request body arrived too slowly; send it at a steady pace"
        case .serverBusy: "the server holds as many request bodies as it can; retry later"
        case .clientShareSpent:
            "this client already holds its share of the request bodies the server keeps; retry when its other uploads are answered"
        }
    }
}

/// A refused request: where it starts in the connection's stream (nothing from there on
/// is handed to a handler) and its method when known, so a HEAD gets a reply without a body.
struct StreamRejection: Equatable, Sendable {
    let reason: RejectionReason
    let offset: Int
    let method: HTTPMethod?
}
