import Testing
import TesseraSupport

/// The one percent-decoder: the router's path segments (strict, `+` kept), the request's
/// query pairs (lenient) and the service's query parameters (strict, `+` a space).
@Suite struct QueryStringTests {
    @Test func queryStringsDecodeAsForms() {
        let items = QueryString.parse("rect=0%2C0%2C390%2C844&name=a+b&flag&&empty=")
        #expect(items.map(\.name) == ["rect", "name", "flag", "empty"])
        #expect(items.map(\.value) == ["0,0,390,844", "a b", "", ""])
        // Undecodable parts are kept as written so a handler can report them.
        #expect(QueryString.parse("bad=%zz").first?.value == "%zz")
    }

    @Test func rawPairsKeepTheirBytes() {
        let pairs = QueryString.rawPairs("a=1&&b&c=x=y&=z")
        #expect(pairs.map { String(Substring($0.name)) } == ["a", "b", "c", ""])
        #expect(pairs.map { $0.value.map { String(Substring($0)) } } == ["1", nil, "x=y", "z"])
    }

    @Test func strictDecodingRefusesBrokenEscapesAndBadUTF8() {
        func decode(_ text: String, plusAsSpace: Bool = false) -> String? {
            QueryString.percentDecode(Substring(text).utf8, plusAsSpace: plusAsSpace)
        }
        #expect(decode("a%20b%2Fc") == "a b/c")
        #expect(decode("%C3%A9") == "é")
        #expect(decode("a+b") == "a+b")
        #expect(decode("a+b", plusAsSpace: true) == "a b")
        for broken in ["%", "%4", "%zz", "%4g", "%FF", "%C3"] { #expect(decode(broken) == nil, "\(broken)") }
        #expect(QueryString.percentDecodedBytes(ArraySlice("%00%7f".utf8), plusAsSpace: false) == [0, 0x7F])
    }
}
