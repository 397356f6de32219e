import Glibc

/// The request methods the router serves. The parser answers any other method 501 (RFC
/// 9110 §9.1), so no other reaches a router.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS

    /// Parses the method token of a request line (case-sensitive, as RFC 9110 says).
    /// Concrete over raw bytes on purpose: it runs for every request, and generic
    /// collection code costs runtime metadata lookups there.
    init?(token: UnsafeRawBufferPointer) {
        for (bytes, method) in HTTPMethod.tokens where bytes.count == token.count {
            if bytes.withUnsafeBytes({ memcmp($0.baseAddress!, token.baseAddress!, token.count) }) == 0 {
                self = method
                return
            }
        }
        return nil
    }

    private static let tokens: [(bytes: [UInt8], method: HTTPMethod)] = allCases.map { (Array($0.rawValue.utf8), $0) }
}
