import Testing
@testable import EventHTTP

/// `ReplyHead` on its own: the status line, which fields it takes, and the bytes it writes.
@Suite struct ReplyHeadTests {
    private func text(_ head: ReplyHead) -> String {
        head.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func statusLineFieldsAndBlankLineInOrder() {
        var head = ReplyHead()
        head.begin(status: 200)
        var accepted = head.add("Date", "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(accepted)
        accepted = head.add("ETag", "\"1\"")
        #expect(accepted)
        accepted = head.add("X-Empty", "")
        #expect(accepted)
        head.finish()
        #expect(text(head) == "HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nETag: \"1\"\r\nX-Empty: \r\n\r\n")
        head.begin(status: 404)
        head.finish()
        #expect(text(head) == "HTTP/1.1 404 Not Found\r\n\r\n")
    }

    @Test(arguments: [
        (307, "Temporary Redirect"), (413, "Content Too Large"), (431, "Request Header Fields Too Large"),
        (503, "Service Unavailable"), (505, "HTTP Version Not Supported")
    ])
    func reasonPhrasesComeFromRFC9110(_ status: Int, _ phrase: String) {
        var head = ReplyHead()
        head.begin(status: status)
        #expect(text(head) == "HTTP/1.1 \(status) \(phrase)\r\n")
    }

    @Test(arguments: ["", "Bad Name", "Bad:Name", "Na\u{e9}me", "X\r\nY", "X\0"])
    func aNameThatIsNotATokenIsLeftOut(_ name: String) {
        var head = ReplyHead()
        head.begin(status: 200)
        let accepted = head.add(name, "value")
        #expect(!accepted)
        #expect(text(head) == "HTTP/1.1 200 OK\r\n")
    }

    @Test(arguments: ["a\r\nSet-Cookie: x=1", "a\rb", "a\nb", "a\0b", "a\u{1}b", "a\u{7f}b", "0123456789abcdef\r\n"])
    func aValueWithAControlByteIsLeftOut(_ value: String) {
        var head = ReplyHead()
        head.begin(status: 200)
        let accepted = head.add("X-Value", value)
        #expect(!accepted)
        #expect(text(head) == "HTTP/1.1 200 OK\r\n")
    }

    @Test func tabsAndBytesAboveASCIIAreKept() {
        var head = ReplyHead()
        head.begin(status: 200)
        var accepted = head.add("X-Tab", "a\tb")
        #expect(accepted)
        accepted = head.add("X-Text", "caf\u{e9}")
        #expect(accepted)
        #expect(text(head) == "HTTP/1.1 200 OK\r\nX-Tab: a\tb\r\nX-Text: caf\u{e9}\r\n")
    }

    @Test func theBufferGrowsForLongFields() {
        var head = ReplyHead()
        head.begin(status: 200)
        let long = String(repeating: "v", count: 5_000)
        var accepted = head.add("X-Long", long)
        #expect(accepted)
        accepted = head.add("X-After", "1")
        #expect(accepted)
        #expect(text(head) == "HTTP/1.1 200 OK\r\nX-Long: \(long)\r\nX-After: 1\r\n")
    }

    @Test func contentLengthIsWrittenInDecimal() {
        for value in [0, 7, 9, 10, 99, 100, 9_808, 1 << 20, 999_999_999_999, Int.max] {
            var head = ReplyHead()
            head.begin(status: 200)
            head.addContentLength(value)
            #expect(text(head) == "HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\n")
        }
    }
}
