/// Client text (a key, a query value, a session id) as an error quotes it: whole when short,
/// else its first `maxBytes` bytes, marked as cut. An error used to echo its input whole, so a
/// 5 MB unknown key answered 10 MB (in `message` and in `field`). Every error site that
/// quotes what a client sent goes through here; `APIError.body` caps what slips past.
public enum ClientText {
    /// Bytes of client text an error quotes at most: enough to recognise a typo.
    public static let maxBytes = 64

    /// `'text'`, or `'first 64 bytes…' (cut; 5242880 bytes)`.
    public static func quoted(_ text: String) -> String {
        guard let cut = prefix(text) else { return "'\(text)'" }
        return "'\(cut)…' (cut; \(text.utf8.count) bytes)"
    }

    /// A key as a `field` path names it: whole when short, else its prefix and `…`.
    public static func fieldName(_ key: String) -> String {
        guard let cut = prefix(key) else { return key }
        return cut + "…"
    }

    /// The first `limit` bytes or fewer, never ending inside a UTF-8 sequence (the quote must
    /// stay valid UTF-8); nil when the text fits whole.
    public static func prefix(_ text: String, limit: Int = maxBytes) -> String? {
        let utf8 = text.utf8
        guard utf8.count > limit else { return nil }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        // A UTF-8 continuation byte (10xxxxxx) is inside a character: back up to its start.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(decoding: utf8[..<end], as: UTF8.self)
    }

    /// The last resort where an error is written: a message or field of more than `limit`
    /// bytes, whatever call site built it, is cut and marked.
    public static func capped(_ text: String, limit: Int = 4096) -> String {
        guard let cut = prefix(text, limit: limit) else { return text }
        return cut + "… (cut; \(text.utf8.count) bytes)"
    }
}
