import Glibc
import TesseraSupport

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
    static func parse(_ target: [UInt8]) -> Result<RequestTarget, Invalid> {
        target.withUnsafeBytes { parse($0) }
    }

    /// The path and query of an absolute-form target (RFC 9112 §3.2.2: a server MUST
    /// accept one, and route on it as on its origin form): "http://host/p?q" gives "/p?q",
    /// "http://host?q" gives "/?q". Nil unless the scheme is http or https (any case) and
    /// the authority is not empty and of RFC 3986 §3.2 authority bytes (unreserved,
    /// sub-delims, ":", "[", "]", "%", and at most one "@"). The bytes are already visible ASCII.
    static func originForm(ofAbsolute target: UnsafeRawBufferPointer) -> [UInt8]? {
        let schemes: [[UInt8]] = [Array("http://".utf8), Array("https://".utf8)]
        guard
            let scheme = schemes.first(where: { scheme in
                target.count > scheme.count && zip(scheme, target).allSatisfy { asciiLowercased($1) == $0 }
            })
        else { return nil }
        let rest = target[scheme.count...]
        // A "#" right after the authority is refused with it: an absolute-URI has no
        // fragment (RFC 3986 §4.3).
        let authorityEnd =
            rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? rest.endIndex
        guard authorityEnd > rest.startIndex else { return nil }
        let authority = rest[..<authorityEnd]
        guard authority.allSatisfy(isAuthorityByte), authority.lazy.filter({ $0 == UInt8(ascii: "@") }).count <= 1 else {
            return nil
        }
        let path = rest[authorityEnd...]
        return path.first == UInt8(ascii: "/") ? Array(path) : [UInt8(ascii: "/")] + path
    }

    /// RFC 3986 §3.2: userinfo, host and port bytes (unreserved, pct-encoded, sub-delims,
    /// ":", "@", and the brackets of an IP literal).
    private static func isAuthorityByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    /// The same over raw bytes: no copy of the target first.
    ///
    /// Fast path (every request): a segment without `%` and with only ASCII bytes is its own
    /// decoding, so it becomes a String directly, and when no segment needed decoding the
    /// path is the raw bytes as they stand. Other segments take the percent-decoding path;
    /// `RequestTargetTests` holds both to the same answers.
    /// Where the path ends (the first `?`, else `end`) and where the target ends (a `#`
    /// fragment is dropped): the query is the bytes between them, after the `?`.
    /// (memchr, not a byte loop: docs/performance.md#target-split.)
    static func bounds(_ target: UnsafeRawBufferPointer) -> (pathEnd: Int, end: Int) {
        guard let start = target.baseAddress, !target.isEmpty else { return (0, 0) }
        let end = memchr(start, Int32(UInt8(ascii: "#")), target.count).map { UnsafeRawPointer($0) - start } ?? target.count
        let pathEnd = memchr(start, Int32(UInt8(ascii: "?")), end).map { UnsafeRawPointer($0) - start } ?? end
        return (pathEnd, end)
    }

    static func parse(_ target: UnsafeRawBufferPointer) -> Result<RequestTarget, Invalid> {
        let (pathEnd, end) = bounds(target)
        let query: String? =
            pathEnd < end
            ? String(decoding: UnsafeRawBufferPointer(rebasing: target[(pathEnd + 1)..<end]), as: UTF8.self) : nil
        guard pathEnd > 0, target[0] == UInt8(ascii: "/") else {
            return .failure(Invalid(message: "request path must start with '/'"))
        }
        if pathEnd == 1 { return .success(RequestTarget(path: "/", segments: [], query: query)) }
        var segments: [String] = []
        segments.reserveCapacity(6) // one allocation for the API's paths, not one per growth
        var decodedAny = false
        var segmentStart = 1
        while segmentStart <= pathEnd {
            var segmentEnd = segmentStart
            var plain = true
            while segmentEnd < pathEnd, target[segmentEnd] != UInt8(ascii: "/") {
                let byte = target[segmentEnd]
                if byte == UInt8(ascii: "%") || byte >= 0x80 { plain = false }
                segmentEnd += 1
            }
            let raw = UnsafeRawBufferPointer(rebasing: target[segmentStart..<segmentEnd])
            if plain {
                segments.append(String(decoding: raw, as: UTF8.self))
            } else {
                decodedAny = true
                guard let bytes = QueryString.percentDecodedBytes(ArraySlice(raw), plusAsSpace: false) else {
                    return .failure(Invalid(message: "request path has a malformed percent-escape"))
                }
                guard let segment = String(validating: bytes, as: UTF8.self) else {
                    return .failure(Invalid(message: "request path is not valid UTF-8"))
                }
                segments.append(segment)
            }
            segmentStart = segmentEnd + 1
        }
        let path =
            decodedAny
            ? "/" + segments.joined(separator: "/")
            : String(decoding: UnsafeRawBufferPointer(rebasing: target[..<pathEnd]), as: UTF8.self)
        return .success(RequestTarget(path: path, segments: segments, query: query))
    }
}
