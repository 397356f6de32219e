import Testing
@testable import EventHTTP

/// The HTTP layer's own error bodies cap what they write, as LayoutService's APIError does.
@Suite("Error bodies")
struct ErrorBodyTests {
    @Test func aHugeMessageOrFieldIsCut() {
        let huge = String(repeating: "é", count: 50_000) // 100,000 bytes
        let body = String(decoding: ErrorBody.json(code: "x", message: huge, field: huge), as: UTF8.self)
        // 4,096 bytes of "é" are 2,048 whole characters; then the mark.
        let kept = String(repeating: "é", count: 2_048) + "… (cut; 100000 bytes)"
        #expect(body == #"{"error":{"code":"x","message":"\#(kept)","field":"\#(kept)"}}"#)
    }

    @Test func clientTextIsQuotedByItsFirst64Bytes() {
        #expect(ErrorBody.quoted("br") == "'br'")
        #expect(ErrorBody.quoted(String(repeating: "z", count: 100)) == "'\(String(repeating: "z", count: 64))…' (cut; 100 bytes)")
    }
}
