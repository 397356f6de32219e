/// The request target split the way the router needs it: percent-decoded path segments
/// (decoded one by one, so an encoded `/` stays inside its segment), the decoded path,
/// and the raw query. Pure, so it is tested without a socket.
struct RequestTarget: Equatable {
    var path: String
    var segments: [String]
    var query: String?

    struct Invalid: Error, Equatable {
        let message: String
    }

    /// - Parameter target: origin-form bytes (the stream validator guarantees a leading `/`
    ///   and printable ASCII). A `#fragment` is dropped.
    static func parse<Bytes: Collection>(_ target: Bytes) -> Result<RequestTarget, Invalid>
    where Bytes.Element == UInt8, Bytes.SubSequence: Collection {
        let withoutFragment = target.prefix { $0 != UInt8(ascii: "#") }
        let rawPath = withoutFragment.prefix { $0 != UInt8(ascii: "?") }
        let query: String? = rawPath.count < withoutFragment.count
            ? String(decoding: withoutFragment.dropFirst(rawPath.count + 1), as: UTF8.self)
            : nil
        guard rawPath.first == UInt8(ascii: "/") else { return .failure(Invalid(message: "request path must start with '/'")) }
        if rawPath.count == 1 { return .success(RequestTarget(path: "/", segments: [], query: query)) }
        var segments: [String] = []
        for rawSegment in rawPath.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let bytes = QueryString.percentDecodedBytes(rawSegment, plusAsSpace: false) else {
                return .failure(Invalid(message: "request path has a malformed percent-escape"))
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else {
                return .failure(Invalid(message: "request path is not valid UTF-8"))
            }
            segments.append(segment)
        }
        return .success(RequestTarget(path: "/" + segments.joined(separator: "/"), segments: segments, query: query))
    }
}
