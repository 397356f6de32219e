import Testing
import LayoutService

/// Errors quote at most 64 bytes of what a client sent (a 5 MB key used to come back twice).
@Suite("Client text in errors")
struct ClientTextTests {
    @Test func shortTextIsQuotedWhole() {
        #expect(ClientText.quoted("itemSise") == "'itemSise'")
        #expect(ClientText.fieldName("itemSise") == "itemSise")
        let exactly64 = String(repeating: "k", count: 64)
        #expect(ClientText.quoted(exactly64) == "'\(exactly64)'")
        #expect(ClientText.fieldName(exactly64) == exactly64)
    }

    @Test func longTextIsCutAndMarked() {
        let long = String(repeating: "a", count: 5_242_880)
        let sixtyFour = String(repeating: "a", count: 64)
        #expect(ClientText.quoted(long) == "'\(sixtyFour)…' (cut; 5242880 bytes)")
        #expect(ClientText.fieldName(long) == "\(sixtyFour)…")
    }

    /// 63 ASCII bytes then "é" (2 bytes): byte 64 is the middle of "é", so the cut is
    /// before it, at 63. With "€" (3 bytes) after 62 bytes, bytes 63 and 64 are inside it.
    @Test func aCharacterIsNeverSplit() {
        let e = String(repeating: "x", count: 63) + "é" + String(repeating: "y", count: 10)
        #expect(ClientText.quoted(e) == "'\(String(repeating: "x", count: 63))…' (cut; 75 bytes)")
        let euro = String(repeating: "x", count: 62) + "€€"
        #expect(ClientText.fieldName(euro) == String(repeating: "x", count: 62) + "…")
        // A character that ends exactly at byte 64 is kept: 61 + 3.
        let fits = String(repeating: "x", count: 61) + "€" + "z"
        #expect(ClientText.fieldName(fits) == String(repeating: "x", count: 61) + "€…")
    }

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
