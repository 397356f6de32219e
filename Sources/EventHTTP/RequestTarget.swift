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
    ///   and printable ASCII). A `#fragment` is dropped. Concrete over `[UInt8]`: generic
    ///   collection code here showed up in profiles as runtime metadata lookups.
    static func parse(_ target: [UInt8]) -> Result<RequestTarget, Invalid> {
        let end = target.firstIndex(of: UInt8(ascii: "#")) ?? target.endIndex
        let pathEnd = target[..<end].firstIndex(of: UInt8(ascii: "?")) ?? end
        let query: String? = pathEnd < end ? String(decoding: target[(pathEnd + 1)..<end], as: UTF8.self) : nil
        guard pathEnd > 0, target[0] == UInt8(ascii: "/") else {
            return .failure(Invalid(message: "request path must start with '/'"))
        }
        if pathEnd == 1 { return .success(RequestTarget(path: "/", segments: [], query: query)) }
        var segments: [String] = []
        var segmentStart = 1
        while segmentStart <= pathEnd {
            let segmentEnd = target[segmentStart..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            guard let bytes = QueryString.percentDecodedBytes(target[segmentStart..<segmentEnd], plusAsSpace: false) else {
                return .failure(Invalid(message: "request path has a malformed percent-escape"))
            }
            guard let segment = String(validating: bytes, as: UTF8.self) else {
                return .failure(Invalid(message: "request path is not valid UTF-8"))
            }
            segments.append(segment)
            segmentStart = segmentEnd + 1
        }
        return .success(RequestTarget(path: "/" + segments.joined(separator: "/"), segments: segments, query: query))
    }
}
