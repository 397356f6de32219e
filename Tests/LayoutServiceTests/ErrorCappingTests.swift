import Testing
@testable import LayoutService

/// The service's errors quote and cap client text through `ClientText` (TesseraJSON).
@Suite("Client text in the service's errors")
struct ErrorCappingTests {
    /// Whatever a call site builds, the written error carries at most 4 KiB of message and
    /// of field, plus the mark.
    @Test func theErrorBodyIsCapped() throws {
        let huge = String(repeating: "m", count: 100_000)
        let body = APIError.invalidRequest(huge, huge).body
        #expect(body.count < 2 * 4096 + 200)
        #expect(String(decoding: body, as: UTF8.self).contains("… (cut; 100000 bytes)"))
    }

    /// Through the decoder: an unknown key of 5 MB is named by its first 64 bytes.
    @Test func anUnknownKeyIsQuotedCut() throws {
        let key = String(repeating: "q", count: 5_242_880)
        let r = makeService().createSession(body: body(#"{"layout":{"type":"flow"},"\#(key)":1}"#))
        #expect(r.status == 400)
        #expect(r.body.count < 1024)
        let e = try errorOf(r)
        let prefix = String(repeating: "q", count: 64)
        #expect(e.field == "\(prefix)…")
        #expect(e.message.hasPrefix("unknown field '\(prefix)…' (cut; 5242880 bytes); expected one of: "))
    }
}
