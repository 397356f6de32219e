/// The request methods the router serves. evhttp also parses TRACE and CONNECT; the stream
/// validator answers those 501 before evhttp dispatches them, so they never reach a router.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS

    /// HEAD and TRACE are the methods evhttp never reads a body for, even with a
    /// Content-Length; the validator must frame the byte stream exactly as evhttp does.
    var mayHaveBody: Bool { self != .HEAD }

    /// Parses the method token of a request line (case-sensitive, as RFC 9110 says).
    init?<Bytes: Collection>(token: Bytes) where Bytes.Element == UInt8 {
        guard let method = HTTPMethod.allCases.first(where: { $0.rawValue.utf8.elementsEqual(token) }) else {
            return nil
        }
        self = method
    }
}
