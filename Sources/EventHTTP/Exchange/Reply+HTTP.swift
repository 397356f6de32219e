import TesseraJSON
import TesseraSupport

/// What the HTTP server adds to a handler's `Reply`: it writes framing itself
/// (Content-Length, Date, Connection), and a missing Content-Type becomes
/// `application/json; charset=utf-8`.
extension Reply {
    public static let jsonContentType = jsonContentTypeLiteral.description
    /// The same, as the binary's NUL-terminated bytes: a String literal this long is not
    /// stored NUL-terminated, so passing it to C copied it into a new array on every reply
    /// (docs/performance.md#reply-header-names).
    static let jsonContentTypeLiteral: StaticString = "application/json; charset=utf-8"

    /// The binary's own bytes of the default Content-Type and of `Connection: close`'s
    /// value, for the reply's header lines (no String in between).
    static var jsonContentTypeBytes: UnsafeRawBufferPointer { bytes(of: jsonContentTypeLiteral) }
    static var closeBytes: UnsafeRawBufferPointer { bytes(of: "close") }

    private static func bytes(of literal: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// A JSON reply from bytes a hand-written encoder produced (no copy beyond the array).
    public static func json(_ status: Int, _ bytes: [UInt8]) -> Reply {
        Reply(status: status, headers: [("Content-Type", jsonContentType)], body: bytes)
    }

    public static func json(_ status: Int, _ text: String) -> Reply {
        json(status, Array(text.utf8))
    }

    public static func text(
        _ status: Int, _ text: String,
        contentType: String = "text/plain; charset=utf-8"
    ) -> Reply {
        Reply(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// The API's error shape: `{"error": {"code": ..., "message": ..., "field": ...}}`.
    public static func error(_ status: Int, code: String, message: String, field: String? = nil) -> Reply {
        json(status, ErrorDocument.json(code: code, message: message, field: field))
    }

    /// The first header with this name, compared ASCII case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first(where: { asciiCaseInsensitiveEquals($0.name, name) })?.value
    }

    /// Statuses that never carry a body (RFC 9110 §6.4.1).
    var allowsBody: Bool { status >= 200 && status != 204 && status != 304 }
}
