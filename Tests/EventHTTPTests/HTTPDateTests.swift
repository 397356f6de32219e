import Glibc
import Testing
@testable import EventHTTP
import TesseraSupport

/// The replies' Date field: the server formats it once a second instead of
/// running gmtime_r and strftime per reply; it must read exactly as strftime's IMF-fixdate.
@Suite struct HTTPDateTests {
    /// strftime's IMF-fixdate of `seconds`, the reference.
    private func reference(_ seconds: Int) -> String {
        var time = time_t(seconds), parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func formatted(_ seconds: Int) -> String {
        // Exactly `length` bytes: a write past them traps (the writer checks every store).
        OutputBuffer.string(capacity: HTTPDate.length) { HTTPDate.write(seconds: seconds, to: &$0) }
    }

    @Test func knownDates() {
        #expect(formatted(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(formatted(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT") // RFC 9110's example
        #expect(formatted(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT") // a leap day of a 400-year
        #expect(formatted(-1) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    /// Random seconds from 1901 to 2200, every one compared with strftime.
    @Test func agreesWithStrftime() {
        var state: UInt64 = 0x5EED_DA7E // xorshift64*: the same seconds on every run
        for _ in 0..<20_000 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let seconds = Int((state &* 0x2545_F491_4F6C_DD1D) % 9_466_848_000) - 2_177_452_800
            #expect(formatted(seconds) == reference(seconds), "\(seconds)")
        }
    }

    @Test func theCachedDateIsNow() {
        var date = HTTPDate()
        let before = time(nil)
        let text = date.withCurrentBytes { String(decoding: $0, as: UTF8.self) }
        let after = time(nil)
        // The coarse clock may trail by a tick at a second's edge.
        #expect([reference(before - 1), reference(before), reference(after)].contains(text))
        #expect(date.withCurrentBytes { $0.count } == HTTPDate.length)
    }

    /// Every reply carries one Date; a handler's own replaces the server's.
    @Test func repliesCarryOneDate() throws {
        try withServer(router: TestRoutes.standard()) { _, port in
            let client = try RawHTTPClient(port: port)
            for target in ["/text", "/nowhere", "/v1/sessions/abc"] {
                let response = try client.request("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
                let dates = response.headers.filter { $0.name.lowercased() == "date" }
                #expect(dates.count == 1, "\(target)")
                let now = time(nil)
                #expect([reference(now - 1), reference(now)].contains(dates.first?.value ?? ""), "\(target)")
            }
            let dated = try client.request("GET /dated HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(dated.headers.filter { $0.name.lowercased() == "date" }.map(\.value) == ["Sun, 06 Nov 1994 08:49:37 GMT"])
        }
    }
}
