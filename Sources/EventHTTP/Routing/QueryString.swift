/// Percent-decoding for paths and queries. Kept free of Foundation: it runs per request.
public enum QueryString {
    /// Splits `a=b&c=d` into pairs, decoding `%XX` and `+` (form encoding). A pair without
    /// `=` has an empty value; empty pairs (`a=1&&b=2`) are skipped. A part that is not
    /// valid percent-encoded UTF-8 is kept as written rather than dropped, so a handler can
    /// still report it.
    public static func parse(_ query: String) -> [(name: String, value: String)] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeLeniently(parts[0])
            let value = parts.count > 1 ? decodeLeniently(parts[1]) : ""
            return (name, value)
        }
    }

    /// Decodes `%XX` escapes (and `+` as space when asked). Returns nil for a malformed
    /// escape or bytes that are not UTF-8.
    public static func percentDecode(_ text: Substring.UTF8View, plusAsSpace: Bool = false) -> String? {
        guard let bytes = percentDecodedBytes(ArraySlice(text), plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Concrete over `ArraySlice`: path segments are decoded for every request.
    static func percentDecodedBytes(_ text: ArraySlice<UInt8>, plusAsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 1 < text.endIndex, let high = hexValue(text[index]),
                      let low = hexValue(text[index + 1]) else { return nil }
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
