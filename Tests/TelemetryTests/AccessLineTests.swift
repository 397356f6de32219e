import EventHTTP
import Foundation
import Logging
import TesseraJSON
import Testing
import TesseraSupport
@testable import Telemetry

/// The JSON access line written straight from the exchange says byte for byte what the
/// swift-log handler writes for the same exchange (bar the time, read at each write).
@Suite struct AccessLineTests {
    static let exchanges: [HTTPExchange] = [
        HTTPExchange(
            method: "GET", route: "/v1/sessions/{id}/elements", pathParameters: ["id": "3f2a"], status: 200,
            responseBodyBytes: 53_024, durationNanoseconds: 12_345, requestID: "0123456789abcdef0123456789abcdef"),
        HTTPExchange(
            method: "POST", route: "/v1/sessions", status: 201, requestBodyBytes: 118, responseBodyBytes: 0,
            durationNanoseconds: 2_000_000, requestID: "client-id:7",
            responseHeaders: [(name: "Location", value: "/v1/sessions/abc123")]),
        HTTPExchange(
            method: "OTHER", route: HTTPExchange.rejectedRoute, status: 413, durationNanoseconds: 999,
            requestID: "r=1"),
        HTTPExchange(
            method: "GET", route: "/healthz", status: 200, responseBodyBytes: 15,
            durationNanoseconds: 1_234_500_000_000, requestID: "")
    ]

    @Test(arguments: exchanges.indices)
    func theDirectLineEqualsTheHandlersLine(_ index: Int) throws {
        let exchange = Self.exchanges[index]
        let direct = try #require(AccessLine.json(exchange))
        let viaSwiftLog = try logLines(format: .json) { logger, _ in
            logger.info("request", metadata: AccessLog.fields(exchange))
        }
        #expect(try #require(viaSwiftLog.first).withoutTime == String(decoding: direct, as: UTF8.self).withoutTime)
    }

    @Test func accessLogWritesTheDirectLineOnlyAtInfo() throws {
        let exchange = Self.exchanges[0]
        let written = try logLines(format: .json) { logger, sink in
            AccessLog(logger: logger, sink: sink).record(exchange)
        }
        #expect(written.count == 1)
        #expect(written.first?.withoutTime == String(decoding: AccessLine.json(exchange) ?? [], as: UTF8.self).withoutTime)
        let quiet = try logLines(format: .json, level: .warning) { logger, sink in
            AccessLog(logger: logger, sink: sink).record(exchange)
        }
        #expect(quiet.isEmpty)
    }

    /// A session id that needs an escape goes the swift-log way, which escapes it.
    @Test func aValueNeedingAnEscapeIsLoggedThroughSwiftLog() throws {
        let exchange = HTTPExchange(
            method: "GET", route: "/v1/sessions/{id}", pathParameters: ["id": "a\"b\\c\n"],
            status: 404, requestID: "r1")
        #expect(AccessLine.json(exchange) == nil)
        let written = try logLines(format: .json) { logger, sink in
            AccessLog(logger: logger, sink: sink).record(exchange)
        }
        let line = try #require(written.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["session_id"] as? String == "a\"b\\c\n")
        #expect(object["status"] as? Int == 404)
    }

    /// The hand-written milliseconds print as `JSONWriter.number` prints the Double the
    /// swift-log path logs: whole values without a fraction, others in Swift's shortest form.
    /// The word-at-a-time escape test against the byte rule it replaces: every byte value
    /// at every position of strings of 0…24 bytes (both loops, every lane), among filler
    /// bytes next to the boundaries (a borrow out of a neighbour must not fake a match).
    @Test func wordAtATimeEscapeTestAgreesWithTheByteRule() {
        func byteRule(_ bytes: [UInt8]) -> Bool {
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        func wordRule(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { AccessLine.needsEscape($0) }
        }
        let fillers: [UInt8] = [0x7F, 0x20, 0x21, 0x23, 0x5D, 0x80, 0xFF]
        for length in 0...24 {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    for filler in fillers {
                        var bytes = [UInt8](repeating: filler, count: length)
                        bytes[position] = value
                        if wordRule(bytes) != byteRule(bytes) {
                            Issue.record("byte \(value) at \(position) of \(length) among \(filler)")
                        }
                    }
                }
            }
        }
    }

    @Test func millisecondsPrintAsTheDoubleDoes() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt64] = [
            0, 999, 1_000, 1_001, 10_000, 100_000, 999_999, 1_000_000, 1_010_000, 1_100_000,
            123_456_789, 86_400_000_000_000, 9_000_000_000_000_000
        ]
        let random = (0..<20_000).map { _ in UInt64.random(in: 0...100_000_000_000_000, using: &generator) }
        for nanoseconds in edges + random {
            var expected = JSONWriter()
            expected.number(AccessLog.milliseconds(nanoseconds))
            var written = OutputBuffer()
            written.withReserved(64) { $0.putMilliseconds(nanoseconds) }
            #expect(written.bytes == expected.bytes, "\(nanoseconds) ns")
        }
    }

    /// The calendar under the timestamps is TesseraSupport's (`TimeTests.civilDatesAgreeWithGmtime`);
    /// here, the edges the log lines show it at.
    @Test func timestampsAtTheEpochsEdgeAndALeapDay() {
        #expect(Timestamp.format(seconds: -1, milliseconds: 0) == "1969-12-31T23:59:59.000Z")
        #expect(Timestamp.format(seconds: 951_782_400, milliseconds: 1) == "2000-02-29T00:00:00.001Z")
    }

    /// Whole timestamps (written two digits at a time) read as strftime's, over years 0001…9999.
    @Test func timestampsAgreeWithStrftime() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var seconds = Int.random(in: -62_135_596_800...253_402_300_799, using: &generator)
            let milliseconds = Int.random(in: 0...999, using: &generator)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            var buffer = [CChar](repeating: 0, count: 64)
            let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
            var expected = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // glibc writes years below 1000 without leading zeros; RFC 3339 has four digits.
            if parts.tm_year + 1900 < 1000 {
                expected = String(repeating: "0", count: 4 - String(parts.tm_year + 1900).count) + expected
            }
            expected += "." + String(String(1000 + milliseconds).dropFirst()) + "Z"
            #expect(Timestamp.format(seconds: seconds, milliseconds: milliseconds) == expected, "\(seconds)")
        }
    }
}

/// `AccessLineCache`: a loop's lines written from its cache are the lines written afresh.
@Suite struct AccessLineCacheTests {
    private func line(_ exchange: HTTPExchange, cache: AccessLineCache?) -> String? {
        var text: String?
        _ = AccessLine.withJSON(exchange, cache: cache) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    @Test func cachedLinesEqualFreshLines() throws {
        let cache = AccessLineCache()
        // Twice over: the first pass fills the cache, the second reads from it.
        for _ in 0..<2 {
            for exchange in AccessLineTests.exchanges {
                let fresh = try #require(line(exchange, cache: nil))
                let cached = try #require(line(exchange, cache: cache))
                #expect(cached.withoutTime == fresh.withoutTime)
                #expect(cached.utf8.count == fresh.utf8.count)
            }
        }
    }

    /// The cached time prefix is the second's, and the milliseconds are the line's own: the
    /// time written from the cache is never earlier than a clock read before it, nor later
    /// than one after it. Runs across a change of second (at most about one second).
    @Test func theCachedTimeIsTheCurrentTime() throws {
        let cache = AccessLineCache()
        let exchange = AccessLineTests.exchanges[0]
        let firstSecond = Timestamp.now().prefix(19)
        var afterTheChange = 0
        while afterTheChange < 200 {
            let before = Timestamp.now()
            if before.prefix(19) != firstSecond { afterTheChange += 1 }
            let text = try #require(line(exchange, cache: cache))
            let after = Timestamp.now()
            let time = String(text.dropFirst(#"{"time":""#.count).prefix(Timestamp.length))
            #expect(time.utf8.count == Timestamp.length && time.hasSuffix("Z"))
            // RFC 3339 with fixed widths sorts as text.
            #expect(before <= time && time <= after, "\(before) \(time) \(after)")
        }
    }

    /// Label sets differ by status as well as by route; more label sets than the cache keeps
    /// are still written right.
    @Test func labelSetsAreToldApartAndEvicted() throws {
        let cache = AccessLineCache()
        var exchanges: [HTTPExchange] = []
        for index in 0..<(AccessLineCache.maxLabelSets + 8) {
            for status in [200, 404] {
                exchanges.append(
                    HTTPExchange(
                        method: index % 2 == 0 ? "GET" : "POST", route: "/v1/route\(index)",
                        status: status, requestID: "r\(index)"))
            }
        }
        for exchange in exchanges + exchanges.reversed() + exchanges {
            let fresh = try #require(line(exchange, cache: nil))
            #expect(try #require(line(exchange, cache: cache)).withoutTime == fresh.withoutTime)
        }
    }

    /// The labels' scratch space holds the longest status there is (20 digits).
    @Test func theLongestStatusFitsTheLabelsScratch() throws {
        let cache = AccessLineCache()
        let exchange = HTTPExchange(method: "GET", route: "/", status: Int.max, requestID: "r")
        let fresh = try #require(line(exchange, cache: nil))
        #expect(try #require(line(exchange, cache: cache)).withoutTime == fresh.withoutTime)
        #expect(fresh.contains(#""status":9223372036854775807,"#))
    }

    /// A method or route that needs an escape is not cached: the line goes the swift-log way.
    @Test func labelsNeedingAnEscapeAreNotCached() {
        let cache = AccessLineCache()
        let exchange = HTTPExchange(method: "GET", route: "/odd\"route", status: 200, requestID: "r")
        #expect(line(exchange, cache: cache) == nil)
        #expect(line(exchange, cache: cache) == nil)
    }
}

private extension String {
    /// The line with its `"time":"…"` value blanked.
    var withoutTime: String {
        replacing(#/"time":"[^"]*"/#, with: #""time":"""#)
    }
}
