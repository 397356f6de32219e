import Testing
import TesseraJSON

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
}
