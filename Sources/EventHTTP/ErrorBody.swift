/// The server's own error bodies, in the API's shape. Hand-written: it runs on the loop
/// thread for every rejected request, and Foundation is not imported in this module.
public enum ErrorBody {
    public static func json(code: String, message: String, field: String? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(48 + code.utf8.count + message.utf8.count)
        out.append(contentsOf: #"{"error":{"code":"#.utf8)
        appendString(code, to: &out)
        out.append(contentsOf: #","message":"#.utf8)
        appendString(message, to: &out)
        if let field {
            out.append(contentsOf: #","field":"#.utf8)
            appendString(field, to: &out)
        }
        out.append(contentsOf: "}}".utf8)
        return out
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
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
