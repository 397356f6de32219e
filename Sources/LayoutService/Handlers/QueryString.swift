import LayoutEngine

/// `a=b&c=d` with percent-decoding; keys without `=` have an empty value.
struct QueryString {
    private(set) var values: [(String, String)] = []

    init(_ raw: String?) throws(APIError) {
        guard let raw, !raw.isEmpty else { return }
        for part in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = QueryString.decode(pair[0]) else { throw .invalidRequest(ClientText.fieldName(String(pair[0])), "is not valid percent-encoded UTF-8") }
            let value = pair.count > 1 ? QueryString.decode(pair[1]) : ""
            guard let value else { throw .invalidRequest(ClientText.fieldName(key), "is not valid percent-encoded UTF-8") }
            values.append((key, value))
        }
    }

    subscript(key: String) -> String? { values.last { $0.0 == key }?.1 }

    func rejectUnknown(_ allowed: Set<String>) throws(APIError) {
        for (key, _) in values where !allowed.contains(key) {
            throw .invalidRequest(ClientText.fieldName(key), "unknown query parameter \(ClientText.quoted(key))")
        }
    }

    static func decode(_ s: Substring) -> String? {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%") {
                guard bytes.count >= 2, let h = JSONParser.hexValue(bytes.removeFirst()),
                      let l = JSONParser.hexValue(bytes.removeFirst()) else { return nil }
                out.append(UInt8(h << 4 | l))
            } else if b == UInt8(ascii: "+") {
                out.append(0x20)
            } else {
                out.append(b)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// `rect=x,y,w,h`: four finite numbers, the size not negative.
    func rect() throws(APIError) -> Rect? {
        guard let text = self["rect"] else { return nil }
        return try QueryString.rect(text)
    }

    /// `x,y,w,h` as a query's `rect` (or `tessera render --rect`) gives it.
    static func rect(_ text: String) throws(APIError) -> Rect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw .invalidRequest("rect", "must be x,y,width,height (got \(ClientText.quoted(text)))") }
        var n: [Double] = []
        for part in parts {
            guard let v = Double(part.trimmingCharacters), v.isFinite else {
                throw .invalidRequest("rect", "\(ClientText.quoted(String(part))) is not a finite number")
            }
            n.append(v)
        }
        guard n[2] >= 0, n[3] >= 0 else { throw .invalidRequest("rect", "width and height must not be negative") }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
}

extension Substring {
    var trimmingCharacters: String { String(self).trimmingSpaces }
}

/// Path parameters that must be non-negative integers (`/items/{section}/{item}`).
func pathIndex(_ text: String, name: String) throws(APIError) -> Int {
    guard let v = Int(text), v >= 0, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw .invalidRequest(name, "must be a non-negative integer (got \(ClientText.quoted(text)))")
    }
    return v
}
