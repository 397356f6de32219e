import TesseraSupport

/// The server's own error bodies, in the API's shape. Hand-written: it runs on the loop
/// thread for every rejected request, and Foundation is not imported in this module.
public enum ErrorBody {
    /// Bytes of a message or field written at most: the last resort against an error that
    /// quotes client text whole (LayoutService's APIError caps the same way).
    static let maxTextBytes = 4096
    /// Bytes of client text a message quotes (LayoutService's ClientText.maxBytes; this
    /// module sits below that one and cannot use it).
    static let maxQuotedBytes = 64

    public static func json(code: String, message: String, field: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(48 + code.utf8.count + min(message.utf8.count, maxTextBytes + 32))
        out.append(contentsOf: #"{"error":{"code":"#.utf8)
        appendString(code, to: &out)
        out.append(contentsOf: #","message":"#.utf8)
        appendString(capped(message, limit: maxTextBytes), to: &out)
        if let field {
            out.append(contentsOf: #","field":"#.utf8)
            appendString(capped(field, limit: maxTextBytes), to: &out)
        }
        out.append(contentsOf: "}}".utf8)
        return out
    }

    /// Client text in a message: `'text'`, or its first bytes marked as cut, as
    /// LayoutService's ClientText.quoted writes it.
    static func quoted(_ text: String) -> String {
        guard let cut = prefix(text, limit: maxQuotedBytes) else { return "'\(text)'" }
        return "'\(cut)…' (cut; \(text.utf8.count) bytes)"
    }

    static func capped(_ text: String, limit: Int) -> String {
        guard let cut = prefix(text, limit: limit) else { return text }
        return cut + "… (cut; \(text.utf8.count) bytes)"
    }

    /// The first `limit` bytes or fewer, never ending inside a UTF-8 sequence; nil when
    /// the text fits whole.
    static func prefix(_ text: String, limit: Int) -> String? {
        let utf8 = text.utf8
        guard utf8.count > limit else { return nil }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259 §7).
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(HexDigits.lowercase(byte >> 4))
                out.append(HexDigits.lowercase(byte))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
