import TesseraJSON
import LayoutEngine
import TesseraSupport

/// A request's query parameters, decoded strictly: a name or value that is not valid
/// percent-encoded UTF-8 is a 400 naming it. Split and decoded by TesseraSupport's
/// `QueryString` (the decoder the router uses too); keys without `=` have an empty value.
struct QueryParameters {
    private(set) var values: [(String, String)] = []

    init(_ raw: String?) throws(APIError) {
        guard let raw, !raw.isEmpty else { return }
        for (rawKey, rawValue) in QueryString.rawPairs(raw) {
            guard let key = QueryString.percentDecode(rawKey, plusAsSpace: true) else {
                throw .invalidRequest(ClientText.fieldName(String(Substring(rawKey))), "is not valid percent-encoded UTF-8")
            }
            let value: String? = if let rawValue { QueryString.percentDecode(rawValue, plusAsSpace: true) } else { "" }
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

    /// `rect=x,y,w,h`: four finite numbers, the size not negative.
    func rect() throws(APIError) -> Rect? {
        guard let text = self["rect"] else { return nil }
        return try QueryParameters.rect(text)
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
