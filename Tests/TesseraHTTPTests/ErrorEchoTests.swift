import Foundation
import LoopbackHTTP
import Testing

/// An error names what was wrong with at most 64 bytes of the client's text: a 5 MB unknown
/// key used to come back twice (in `message` and in `field`), a 10 MB answer.
@Suite("errors do not echo their input")
struct ErrorEchoTests {
    /// 5 MiB is well within the default --max-body-bytes (64 MiB): the body is read, parsed
    /// and refused by the decoder, not by the HTTP layer.
    @Test func aFiveMegabyteUnknownKeyIsNamedShortly() throws {
        let key = String(repeating: "k", count: 5 * 1024 * 1024)
        let reply = try TesseraServer.shared.client().request(
            "POST", "/v1/sessions", json: #"{"layout":{"type":"flow"},"\#(key)":1}"#)
        #expect(reply.status == 400)
        #expect(reply.body.count < 2048, "a \(reply.body.count)-byte error")
        let (code, field) = try errorField(reply)
        #expect(code == "invalid_request")
        let prefix = String(repeating: "k", count: 64)
        #expect(field == "\(prefix)…")
        let message = try #require((try json(reply)["error"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("unknown field '\(prefix)…' (cut; 5242880 bytes); expected one of: "))
    }

    /// A session id from the path (4,000 bytes, within the request-line limit) and a query
    /// parameter's name are quoted cut too.
    @Test func pathAndQueryTextIsQuotedCut() throws {
        let c = try TesseraServer.shared.client()
        let id = String(repeating: "d", count: 4000)
        let missing = try c.request("GET", "/v1/sessions/\(id)")
        #expect(missing.status == 404)
        #expect(missing.body.count < 1024)
        #expect(missing.text.contains("no session '\(String(repeating: "d", count: 64))…' (cut; 4000 bytes)"))
        let created = try c.request(
            "POST", "/v1/sessions",
            json: #"{"layout":{"type":"flow","itemSize":[10,10]},"dataSource":{"sections":[{"itemCount":3}]},"view":{"bounds":[100,100]}}"#)
        let session = try #require(try json(created)["id"] as? String)
        defer { _ = try? c.request("DELETE", "/v1/sessions/\(session)") }
        let name = String(repeating: "p", count: 4000)
        let unknown = try c.request("GET", "/v1/sessions/\(session)/elements?\(name)=1")
        #expect(unknown.status == 400)
        #expect(unknown.body.count < 1024)
        #expect(try errorField(unknown).field == String(repeating: "p", count: 64) + "…")
    }
}
