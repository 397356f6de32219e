import CLibevent
import Testing
@testable import EventHTTP

/// `ReplyHeaderLines` on its own: which fields it takes, the lines it writes, and the
/// entries it hands evhttp (read back from a real evhttp header list).
@Suite struct ReplyHeaderLinesTests {
    private func text(_ lines: borrowing ReplyHeaderLines) -> String {
        lines.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The list's entries as (key, value), freed afterwards with evhttp's own function.
    private func entries(_ lines: borrowing ReplyHeaderLines, as formatting: ReplyHeaderFormatting)
        -> [(key: String, value: String)] {
        let list = UnsafeMutablePointer<evkeyvalq>.allocate(capacity: 1)
        defer { list.deallocate() }
        list.pointee.tqh_first = nil
        list.pointee.tqh_last = UnsafeMutableRawPointer(list).assumingMemoryBound(to: UnsafeMutablePointer<evkeyval>?.self)
        lines.install(into: list, as: formatting)
        var found: [(key: String, value: String)] = []
        var entry = list.pointee.tqh_first
        while let current = entry {
            found.append((String(cString: current.pointee.key), String(cString: current.pointee.value)))
            entry = current.pointee.next.tqe_next
        }
        evhttp_clear_headers(list)
        return found
    }

    @Test func fieldsBecomeLinesInOrder() {
        var lines = ReplyHeaderLines()
        var accepted = lines.add("Date", "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(accepted)
        accepted = lines.add("ETag", "\"1\"")
        #expect(accepted)
        accepted = lines.add("X-Empty", "")
        #expect(accepted)
        #expect(text(lines) == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nETag: \"1\"\r\nX-Empty: \r\n")
        lines.removeAll()
        #expect(text(lines) == "")
    }

    @Test(arguments: ["", "Bad Name", "Bad:Name", "Na\u{e9}me", "X\r\nY", "X\0"])
    func aNameThatIsNotATokenIsLeftOut(_ name: String) {
        var lines = ReplyHeaderLines()
        let accepted = lines.add(name, "value")
        #expect(!accepted)
        #expect(text(lines) == "")
    }

    @Test(arguments: ["a\r\nSet-Cookie: x=1", "a\rb", "a\nb", "a\0b", "a\u{1}b", "a\u{7f}b", "0123456789abcdef\r\n"])
    func aValueWithAControlByteIsLeftOut(_ value: String) {
        var lines = ReplyHeaderLines()
        let accepted = lines.add("X-Value", value)
        #expect(!accepted)
        #expect(text(lines) == "")
    }

    @Test func tabsAndBytesAboveASCIIAreKept() {
        var lines = ReplyHeaderLines()
        var accepted = lines.add("X-Tab", "a\tb")
        #expect(accepted)
        accepted = lines.add("X-Text", "caf\u{e9}")
        #expect(accepted)
        #expect(text(lines) == "X-Tab: a\tb\r\nX-Text: caf\u{e9}\r\n")
    }

    @Test func theBufferGrowsForLongFields() {
        var lines = ReplyHeaderLines(capacity: 16)
        let long = String(repeating: "v", count: 5_000)
        var accepted = lines.add("X-Long", long)
        #expect(accepted)
        accepted = lines.add("X-After", "1")
        #expect(accepted)
        #expect(text(lines) == "X-Long: \(long)\r\nX-After: 1\r\n")
    }

    /// Date keys the first entry; the fields after it ride in its value until a name evhttp
    /// looks up (Content-Length, Connection) starts the next entry.
    @Test func aBlockStartsAtEveryNameEvhttpLooksUp() {
        var lines = ReplyHeaderLines()
        lines.add("Date", "Sun, 06 Nov 1994 08:49:37 GMT")
        lines.add("ETag", "\"7\"")
        lines.add("Content-Type", "text/plain")
        lines.add("Content-Length", "5")
        lines.add("Connection", "close")
        let block = entries(lines, as: .block)
        #expect(block.map(\.key) == ["Date", "Content-Length", "Connection"])
        #expect(block.map(\.value) == ["Sun, 06 Nov 1994 08:49:37 GMT\r\nETag: \"7\"\r\nContent-Type: text/plain", "5", "close"])
        let perField = entries(lines, as: .perField)
        #expect(perField.map(\.key) == ["Date", "ETag", "Content-Type", "Content-Length", "Connection"])
        #expect(perField.map(\.value) == ["Sun, 06 Nov 1994 08:49:37 GMT", "\"7\"", "text/plain", "5", "close"])
    }

    @Test func theFirstFieldKeysAnEntryWhateverItsName() {
        var lines = ReplyHeaderLines()
        lines.add("ETag", "\"7\"")
        lines.add("X-Other", "1")
        lines.add("transfer-encoding", "chunked")
        #expect(entries(lines, as: .block).map(\.key) == ["ETag", "transfer-encoding"])
        #expect(entries(lines, as: .block).first?.value == "\"7\"\r\nX-Other: 1")
    }

    @Test func namesEvhttpLooksUpAreToldApartCaseInsensitively() {
        for name in ["Date", "DATE", "connection", "Content-Length", "Proxy-Connection", "Transfer-Encoding"] {
            #expect(Array(name.utf8).withUnsafeBytes(ReplyHeaderLines.evhttpLooksUp), "\(name)")
        }
        for name in ["Dates", "ETag", "Content-Type", "Content-Lengths", "X-Request-ID", "Keep-Alive"] {
            #expect(!Array(name.utf8).withUnsafeBytes(ReplyHeaderLines.evhttpLooksUp), "\(name)")
        }
    }

    @Test func decimalDigitsMatchStringDescribing() {
        for value in [0, 7, 9, 10, 99, 100, 9_808, 1 << 20, 999_999_999_999, Int.max] {
            #expect(DecimalDigits(value).withBytes { String(decoding: $0, as: UTF8.self) } == String(value))
        }
    }
}
