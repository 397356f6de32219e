import Testing
@testable import EventHTTP

@Suite struct RequestTargetTests {
    private func parse(_ target: String) -> Result<RequestTarget, RequestTarget.Invalid> {
        RequestTarget.parse(Array(target.utf8))
    }

    @Test func segmentsArePercentDecodedOneByOne() throws {
        let target = try parse("/v1/sessions/caf%C3%A9/a%2Fb?rect=0,0,10,10").get()
        #expect(target.segments == ["v1", "sessions", "café", "a/b"])
        #expect(target.path == "/v1/sessions/café/a/b")
        #expect(target.query == "rect=0,0,10,10")
    }

    @Test func theQueryStaysRawAndTheFragmentIsDropped() throws {
        let target = try parse("/x?a=%20b&c#frag").get()
        #expect(target.query == "a=%20b&c")
        #expect(target.segments == ["x"])
        #expect(try parse("/x?").get().query == "")
        #expect(try parse("/x").get().query == nil)
    }

    @Test func theRootHasNoSegments() throws {
        #expect(try parse("/").get() == RequestTarget(path: "/", segments: [], query: nil))
        #expect(try parse("/?q=1").get().segments == [])
    }

    /// Plain segments take the fast path (no decoding, the path is the raw bytes); the same
    /// target with one letter of each segment percent-encoded takes the decoding path. Both
    /// must give the same segments and path.
    @Test func plainSegmentsAgreeWithTheirPercentEncodedForms() throws {
        let alphabet = Array("abcxyzABC019-._~!$&'()*+,;=:@".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var plain = "", encoded = ""
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            for s in 0..<Int(1 + state % 5) {
                let length = Int(1 + (state >> (8 * s)) % 12)
                var segment: [UInt8] = []
                for k in 0..<length { segment.append(alphabet[Int((state >> (s + k)) % UInt64(alphabet.count))]) }
                plain += "/" + String(decoding: segment, as: UTF8.self)
                let first = String(segment[0], radix: 16, uppercase: true)
                encoded += "/%" + (first.count == 1 ? "0" + first : first) + String(decoding: segment.dropFirst(), as: UTF8.self)
            }
            let fast = try parse(plain + "?q=1").get(), slow = try parse(encoded + "?q=1").get()
            #expect(fast == slow, "\(plain) vs \(encoded)")
            #expect(fast.path == plain)
        }
    }

    @Test func invalidUTF8AndBrokenEscapesAreRefused() {
        #expect(throws: RequestTarget.Invalid.self) { try parse("/x/%FF").get() }
        #expect(throws: RequestTarget.Invalid.self) { try parse("/x/%C3").get() }
        #expect(throws: RequestTarget.Invalid.self) { try parse("/x/%zz").get() }
        #expect(throws: RequestTarget.Invalid.self) { try parse("/x/%4").get() }
    }

    /// The decoding itself is `QueryString`'s (TesseraSupportTests); here, the request's view of it.
    @Test func queryStringsDecodeAsForms() {
        let items = HTTPRequest(method: .GET, path: "/", query: "name=a+b&flag").queryItems
        #expect(items.map(\.name) == ["name", "flag"] && items.map(\.value) == ["a b", ""])
        let request = HTTPRequest(method: .GET, path: "/", query: "progress=0.5&x=1")
        #expect(request.queryValue("progress") == "0.5")
        #expect(request.queryValue("missing") == nil)
    }

    @Test func headerLookupIgnoresCase() {
        let request = HTTPRequest(method: .GET, path: "/", headers: [("Content-Type", "a"), ("content-type", "b")])
        #expect(request.header("CONTENT-TYPE") == "a")
        #expect(request.header("Accept") == nil)
    }
}
