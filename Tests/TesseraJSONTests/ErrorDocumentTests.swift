import Testing
import TesseraJSON

/// The API's error document, written once for the service's errors and the server's own.
@Suite("Error documents")
struct ErrorDocumentTests {
    @Test func aHugeMessageOrFieldIsCut() {
        let huge = String(repeating: "é", count: 50_000) // 100,000 bytes
        let body = String(decoding: ErrorDocument.json(code: "x", message: huge, field: huge), as: UTF8.self)
        // 4,096 bytes of "é" are 2,048 whole characters; then the mark.
        let kept = String(repeating: "é", count: 2_048) + "… (cut; 100000 bytes)"
        #expect(body == #"{"error":{"code":"x","message":"\#(kept)","field":"\#(kept)"}}"#)
    }

    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        let body = String(decoding: ErrorDocument.json(code: "invalid_request", message: "bad \"x\"\\\n\u{1}"), as: UTF8.self)
        #expect(body == #"{"error":{"code":"invalid_request","message":"bad \"x\"\\\n\u0001"}}"#)
    }

    @Test func aFieldIsWrittenOnlyWhenGiven() {
        #expect(String(decoding: ErrorDocument.json(code: "c", message: "m"), as: UTF8.self) == #"{"error":{"code":"c","message":"m"}}"#)
        #expect(
            String(decoding: ErrorDocument.json(code: "c", message: "m", field: "a.b[0]"), as: UTF8.self)
                == #"{"error":{"code":"c","message":"m","field":"a.b[0]"}}"#)
    }
}
