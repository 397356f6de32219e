import EventHTTP
import TesseraSupport

/// The JSON access line written without swift-log's `Logger.Metadata`: the same bytes as
/// `LineLogHandler` writes for `AccessLog.fields` (keys in the same order, numbers as
/// numbers), made straight from the exchange into one buffer of the right size.
///
/// Why it exists (docs/performance.md#direct-access-line): through swift-log the line cost
/// more than the rest of a cached rect query (the metadata dictionary with its hashing and
/// boxing, a dynamic cast per value, the key ordering, the JSON); written through a pointer
/// into memory sized beforehand it costs a small fraction of that (now a bounds-checked
/// `OutputWriter` over the same stack memory, docs/memory-safety.md). Levels, the
/// handler, start-up and shutdown lines and the text format still go through swift-log.
enum AccessLine {
    /// The line without its newline, or nil when a value would need a JSON escape (only a
    /// session id from the path can: method, route template and request id are tokens,
    /// templates and sanitised ids); the caller then logs through swift-log, which escapes.
    static func json(_ exchange: HTTPExchange) -> [UInt8]? {
        var line: [UInt8]?
        _ = withJSON(exchange) { line = Array($0) }
        return line
    }

    /// Lends the line (without its newline) to `body`, from memory on the stack: no array is
    /// allocated and freed per request (docs/performance.md#direct-access-line). False, and
    /// `body` not called, when a value would need an escape (see `json`).
    /// - Parameter cache: the answering loop's (see `AccessLineCache`); the same bytes with
    ///   or without it.
    static func withJSON(
        _ exchange: HTTPExchange, cache: AccessLineCache? = nil,
        _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        let session = AccessLog.sessionID(exchange)
        // Everything but the four strings fits in 256 bytes (keys, time, 4 numbers ≤ 20 digits).
        let capacity =
            256 + exchange.method.utf8.count + exchange.route.utf8.count
            + (session?.utf8.count ?? 0) + exchange.requestID.utf8.count
        return OutputBuffer.withTemporary(capacity: capacity) { out in
            out.bytes(#"{"time":""#)
            if let cache {
                cache.putTime(into: &out)
                guard cache.putLabels(exchange, into: &out) else { return false }
            } else {
                Timestamp.withNow { out.bytes($0) }
                guard putLabels(exchange, into: &out) else { return false }
            }
            out.decimal(UInt64(clamping: exchange.requestBodyBytes))
            out.bytes(#","bytes_out":"#)
            out.decimal(UInt64(clamping: exchange.responseBodyBytes))
            out.bytes(#","duration_ms":"#)
            out.putMilliseconds(exchange.durationNanoseconds)
            var plain = true
            if let session {
                out.bytes(#","session_id":"#)
                plain = out.putString(session)
            }
            out.bytes(#","request_id":"#)
            plain = plain && out.putString(exchange.requestID)
            out.byte(UInt8(ascii: "}"))
            guard plain else { return false }
            out.withWrittenBytes(body)
            return true
        }
    }

    /// From the time's closing quote to the value of `bytes_in`: the part of the line that
    /// depends only on the method, route template and status. False when a value would need
    /// an escape (nothing useful written then).
    static func putLabels(_ exchange: HTTPExchange, into out: inout OutputWriter) -> Bool {
        out.bytes(#"","level":"info","message":"request","method":"#)
        guard out.putString(exchange.method) else { return false }
        out.bytes(#","route":"#)
        guard out.putString(exchange.route) else { return false }
        out.bytes(#","status":"#)
        out.decimal(UInt64(clamping: exchange.status))
        out.bytes(#","bytes_in":"#)
        return true
    }

    /// The most `putLabels` writes beyond the method and route themselves: the keys and
    /// punctuation (46 + 2 + 9 + 2 + 10 + 12 bytes) and a status of up to 20 digits.
    static let labelsOverhead = 101

    /// Whether any byte is a control byte, `"` or a backslash, eight bytes at a time, where a
    /// byte loop cost several instructions a byte (docs/performance.md#class-observers, the
    /// same step). The word tests are the exact "has a byte below n" and "has a zero byte"
    /// identities (a borrow can only mark bytes above one that truly matches, so the answer
    /// is exact).
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= bytes.count {
            let word = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let control = (word &- ones &* 0x20) & ~word
            let found = control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & highs != 0 { return true }
            i += 8
        }
        while i < bytes.count {
            let byte = start[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            i += 1
        }
        return false
    }
}

/// The access line's pieces, written through the bounds-checked writer of a reservation
/// sized beforehand (`AccessLine.withJSON`, `AccessLineCache`).
extension OutputWriter {
    /// A quoted JSON string; false (nothing written) when it would need an escape.
    /// Reads the string's bytes in place (`withContiguousStorageIfAvailable` does not copy
    /// the String as `withUTF8` on a `var` copy did; docs/performance.md#timestamp-arithmetic,
    /// the same step).
    mutating func putString(_ value: String) -> Bool {
        if let written = value.utf8.withContiguousStorageIfAvailable({ putQuoted($0) }) { return written }
        var copy = value
        return copy.withUTF8 { putQuoted($0) }
    }

    private mutating func putQuoted(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if AccessLine.needsEscape(utf8) { return false }
        byte(UInt8(ascii: "\""))
        bytes(utf8)
        byte(UInt8(ascii: "\""))
        return true
    }

    /// `AccessLog.milliseconds` as `JSONWriter.number` prints that Double: the whole
    /// milliseconds, then up to 3 decimals without trailing zeros (`12`, `0.5`, `1.234`).
    /// The 3-decimal form is the shortest that reads back as that Double, which is what
    /// Swift prints (a test compares the two over many values).
    mutating func putMilliseconds(_ nanoseconds: UInt64) {
        let microseconds = nanoseconds / 1_000
        decimal(microseconds / 1_000)
        var fraction = microseconds % 1_000
        guard fraction > 0 else { return }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        byte(UInt8(ascii: "."))
        fixedDigits(fraction, count: digits)
    }
}
