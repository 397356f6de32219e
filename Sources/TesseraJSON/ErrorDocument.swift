/// The API's error document, `{"error": {"code": …, "message": …, "field": …}}`: the one
/// writer of it, for the service's errors (`APIError`) and the HTTP server's own (a refused
/// request, a busy server). A message or field past 4 KiB is cut and marked
/// (`ClientText.capped`), whatever call site built it.
public enum ErrorDocument {
    public static func json(code: String, message: String, field: String? = nil) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.key("error")
        w.beginObject()
        w.key("code")
        w.string(code)
        w.key("message")
        w.string(ClientText.capped(message))
        if let field {
            w.key("field")
            w.string(ClientText.capped(field))
        }
        w.endObject()
        w.endObject()
        return w.bytes
    }
}
