import LoopbackHTTP

struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension LoopbackHTTPClient {
    /// A request whose head and body go out in two sends, so a 16 MB body is not copied
    /// into one buffer with its head first.
    func send(_ method: String, _ target: String, body: [UInt8]) throws -> Response {
        let head =
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        try send(Array(head.utf8))
        try send(body)
        return try readResponse()
    }

    /// POST /v1/sessions; the new session's id.
    func createSession(_ body: [UInt8]) throws -> (id: String, response: Response) {
        let r = try send("POST", "/v1/sessions", body: body)
        guard r.status == 201, let id = JSONPeek.string(r.body, key: "id") else {
            throw BenchError("POST /v1/sessions answered \(r.status): \(r.text.prefix(300))")
        }
        return (id, r)
    }

    func deleteSession(_ id: String) throws {
        let r = try request("DELETE", "/v1/sessions/\(id)")
        guard r.status == 204 else { throw BenchError("DELETE answered \(r.status)") }
    }

    func get(_ target: String) throws -> Response {
        let r = try request("GET", target)
        guard r.status == 200 else { throw BenchError("GET \(target) answered \(r.status): \(r.text.prefix(300))") }
        return r
    }
}

/// Reads single values out of a JSON reply without parsing it (the bench only needs ids,
/// content heights and frame origins, from replies it knows the shape of).
enum JSONPeek {
    /// The first `"key":"value"` string.
    static func string(_ body: [UInt8], key: String) -> String? {
        guard let start = valueStart(body, key: key), start < body.count, body[start] == UInt8(ascii: "\"") else { return nil }
        guard let end = body[(start + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: body[(start + 1)..<end], as: UTF8.self)
    }

    /// The first `"key":number`, searching from the first occurrence of `after` if given.
    static func number(_ body: [UInt8], key: String, after: String? = nil) -> Double? {
        var from = 0
        if let after {
            guard let i = find(body, Array(after.utf8), from: 0) else { return nil }
            from = i
        }
        guard let start = valueStart(body, key: key, from: from) else { return nil }
        var end = start
        while end < body.count, "-+.eE0123456789".utf8.contains(body[end]) { end += 1 }
        return Double(String(decoding: body[start..<end], as: UTF8.self))
    }

    /// How many times `"key":` occurs (e.g. elements, counted by their "category").
    static func count(_ body: [UInt8], key: String) -> Int {
        let needle = Array("\"\(key)\":".utf8)
        var n = 0, from = 0
        while let i = find(body, needle, from: from) {
            n += 1
            from = i + needle.count
        }
        return n
    }

    private static func valueStart(_ body: [UInt8], key: String, from: Int = 0) -> Int? {
        let needle = Array("\"\(key)\":".utf8)
        guard let i = find(body, needle, from: from) else { return nil }
        var j = i + needle.count
        while j < body.count, body[j] == UInt8(ascii: " ") { j += 1 }
        return j
    }

    private static func find(_ body: [UInt8], _ needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, body.count >= needle.count else { return nil }
        var i = from
        let last = body.count - needle.count
        while i <= last {
            if body[i] == needle[0] {
                var k = 1
                while k < needle.count, body[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
