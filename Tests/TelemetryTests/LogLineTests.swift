import Foundation
import Logging
import Testing
import Telemetry

/// The log handler's two formats, read back from a pipe.
@Suite struct LogLineTests {
    @Test func timestampsAreRFC3339UTCWithMilliseconds() {
        #expect(LineLogHandler._timestamp(seconds: 0, milliseconds: 5) == "1970-01-01T00:00:00.005Z")
        // 1 700 000 000 s = 19 675 days + 80 000 s; day 19 675 is 2023-11-14, 80 000 s is 22:13:20.
        #expect(LineLogHandler._timestamp(seconds: 1_700_000_000, milliseconds: 999) == "2023-11-14T22:13:20.999Z")
    }

    @Test func aJSONLineHasTimeLevelMessageThenTheAccessFieldsInOrder() throws {
        let line = try logOneLine(format: .json) { logger in
            logger.info(
                "request",
                metadata: [
                    "request_id": "r1", "zeta": "last", "status": .stringConvertible(404), "route": "/v1/sessions/{id}",
                    "duration_ms": .stringConvertible(0.125), "method": "GET", "alpha": "before zeta"
                ])
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "info")
        #expect(object["message"] as? String == "request")
        #expect(object["status"] as? Int == 404)
        #expect(object["duration_ms"] as? Double == 0.125)
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        let keys = ["time", "level", "message", "method", "route", "status", "duration_ms", "request_id", "alpha", "zeta"]
        let positions = keys.map { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func jsonEscapesWhatCouldBreakTheLine() throws {
        let line = try logOneLine(format: .json) { $0.warning("a \"quoted\"\nmessage", metadata: ["path": "x\ty"]) }
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "a \"quoted\"\nmessage")
        #expect(object["path"] as? String == "x\ty")
        #expect(object["level"] as? String == "warning")
    }

    @Test func aTextLineQuotesValuesThatWouldSplit() throws {
        let line = try logOneLine(format: .text) { logger in
            logger.info(
                "request",
                metadata: [
                    "route": "/healthz", "status": .stringConvertible(200), "note": "two words",
                    "session_id": ""
                ])
        }
        let parts = line.split(separator: " ", maxSplits: 3)
        #expect(parts[1] == "info")
        #expect(parts[2] == "request")
        #expect(String(parts[3]) == #"route=/healthz status=200 session_id="" note="two words""#)
    }

    /// A client's text (a session id from the path) in a text line cannot carry a control
    /// byte to the terminal: C0, DEL and C1 (U+009B is CSI, as ESC [ is) are escaped in the
    /// message, keys and values, and a value with any of them is quoted.
    @Test func aTextLineEscapesEveryControlCharacter() throws {
        let nasty = "a\u{1B}[2Jb\rc\nd\u{7F}e\u{9B}31mf\tg"
        let line = try logOneLine(format: .text) { logger in
            logger.info("\(nasty)", metadata: ["session_id": "\(nasty)", "k\u{1B}y": "plain"])
        }
        let bytes = Array(line.utf8)
        #expect(!bytes.contains { $0 < 0x20 || $0 == 0x7F })
        // C1 U+0080–U+009F is 0xC2 followed by 0x80–0x9F in UTF-8.
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        let escaped = #"a\u001b[2Jb\rc\nd\u007fe\u009b31mf\tg"#
        #expect(line.contains(" info \(escaped) "))
        #expect(line.contains(#"session_id="\#(escaped)""#))
        #expect(line.contains(#"k\u001by=plain"#))
    }

    /// Quoting keeps a value's backslashes and quotes readable back.
    @Test func aQuotedTextValueEscapesBackslashesAndQuotes() {
        #expect(LineLogHandler._quotedIfNeeded(#"a\u001b"#) == #""a\\u001b""#)
        #expect(LineLogHandler._quotedIfNeeded(#"say "hi""#) == #""say \"hi\"""#)
        #expect(LineLogHandler._quotedIfNeeded("plain") == "plain")
    }

    @Test func levelsBelowTheThresholdWriteNothing() throws {
        let line = try logOneLine(format: .text, level: .warning) { logger in
            logger.info("hidden")
            logger.error("shown")
        }
        #expect(line.contains("error shown"))
        #expect(!line.contains("hidden"))
    }

    /// Logs through a handler writing to a pipe and returns the one line written.
    private func logOneLine(
        format: LogFormat, level: Logger.Level = .info,
        _ body: (Logger) -> Void
    ) throws -> String {
        let lines = try logLines(format: format, level: level) { logger, _ in body(logger) }
        #expect(lines.count == 1)
        return lines.first ?? ""
    }
}

/// The sink's writer thread: lines from many threads arrive whole, each once, and `flush`
/// returns only when all are written.
@Suite struct LogSinkTests {
    @Test func linesFromManyThreadsArriveWholeAndFlushWaitsForThem() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        // A reader drains the pipe meanwhile: 8 × 2,000 lines exceed its buffer.
        let collected = Collected()
        let readEnd = fds[0]
        let reader = Thread { collected.readAll(readEnd) }
        reader.start()
        let sink = LogSink(format: .text, descriptor: fds[1])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let logger = Logger(label: "t\(thread)") { LineLogHandler(label: $0, sink: sink, level: .info) }
            for i in 0..<2_000 { logger.info("line", metadata: ["thread": "\(thread)", "i": "\(i)"]) }
        }
        sink.flush()
        close(fds[1])
        let lines = collected.waitForEnd().split(separator: "\n")
        #expect(lines.count == 16_000)
        let keys = Set(
            lines.map { line in
                line.split(separator: " ").filter { $0.hasPrefix("i=") || $0.hasPrefix("thread=") }.joined(separator: " ")
            })
        #expect(keys.count == 16_000) // every (thread, i) once, none torn
    }
}

private final class Collected: @unchecked Sendable {
    private let lock = NSCondition()
    private var bytes: [UInt8] = []
    private var ended = false

    func readAll(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            lock.withLock { bytes += buffer[..<n] }
        }
        lock.withLock {
            ended = true
            lock.broadcast()
        }
    }

    func waitForEnd() -> String {
        lock.withLock {
            while !ended { lock.wait() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
