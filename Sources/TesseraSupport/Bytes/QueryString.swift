/// Percent-decoding for paths and queries (RFC 3986 §2.1; `+` as a space in form-encoded
/// queries), the one decoder the router's path segments, the request's query pairs and the
/// service's query parameters share. Kept free of Foundation: it runs per request.
package enum QueryString {
    /// Splits `a=b&c=d` into its undecoded pairs: a pair without `=` has no value; empty
    /// pairs (`a=1&&b=2`) are skipped.
    package static func rawPairs(_ query: String) -> [(name: Substring.UTF8View, value: Substring.UTF8View?)] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count > 1 ? parts[1] : nil)
        }
    }

    /// `rawPairs` decoded, `%XX` and `+` (form encoding); a missing value is empty. A part
    /// that is not valid percent-encoded UTF-8 is kept as written rather than dropped, so a
    /// handler can still report it.
    package static func parse(_ query: String) -> [(name: String, value: String)] {
        rawPairs(query).map { (name, value) in
            (decodeLeniently(name), value.map(decodeLeniently) ?? "")
        }
    }

    /// Decodes `%XX` escapes (and `+` as space when asked). Returns nil for a malformed
    /// escape or bytes that are not UTF-8.
    package static func percentDecode(_ text: Substring.UTF8View, plusAsSpace: Bool = false) -> String? {
        guard let bytes = percentDecodedBytes(ArraySlice(text), plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Concrete over `ArraySlice`: path segments are decoded for every request.
    package static func percentDecodedBytes(_ text: ArraySlice<UInt8>, plusAsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 1 < text.endIndex, let high = hexValue(text[index]),
                    let low = hexValue(text[index + 1])
                else { return nil }
                index += 2
                output.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace:
                output.append(UInt8(ascii: " "))
            default:
                output.append(byte)
            }
        }
        return output
    }

    private static func decodeLeniently(_ part: Substring.UTF8View) -> String {
        percentDecode(part, plusAsSpace: true) ?? String(Substring(part))
    }
}
