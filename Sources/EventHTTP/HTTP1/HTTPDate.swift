import Glibc

/// The reply's `Date` field (RFC 9110 §5.6.7 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`),
/// formatted once per second per loop.
///
/// Why: formatting it per reply with time(), gmtime_r (which takes glibc's process-wide
/// time-zone lock) and strftime is what evhttp did for every reply; a cached string costs a
/// clock read and a comparison (docs/performance.md#cached-date). nginx caches its Date the
/// same way.
struct HTTPDate {
    /// Characters of "Sun, 06 Nov 1994 08:49:37 GMT" (a NUL follows them).
    static let length = 29
    private var second = Int.min
    private var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The current second's date as a C string, valid during `body`.
    mutating func withCurrent<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        var spec = timespec()
        // The coarse clock (a vDSO read of the last tick) is plenty for a whole second.
        clock_gettime(CLOCK_REALTIME_COARSE, &spec)
        if spec.tv_sec != second {
            second = spec.tv_sec
            withUnsafeMutableBytes(of: &text) { Self.format(seconds: spec.tv_sec, into: $0) }
        }
        return withUnsafeBytes(of: &text) { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }

    /// The current second's date as bytes (no NUL), valid during `body`.
    mutating func withCurrentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withCurrent { body(UnsafeRawBufferPointer(start: $0, count: Self.length)) }
    }

    /// Writes the IMF-fixdate of `seconds` since the epoch and a NUL into `out` (≥ 30 bytes).
    static func format(seconds: Int, into out: UnsafeMutableRawBufferPointer) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.of(daysSinceEpoch: days)
        let weekdays: StaticString = "ThuFriSatSunMonTueWed"  // 1970-01-01 was a Thursday
        let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
        var i = 0
        func put(_ byte: UInt8) {
            out[i] = byte
            i += 1
        }
        func put(_ names: StaticString, _ index: Int) {
            for k in 0..<3 { put(names.utf8Start[3 * index + k]) }
        }
        func put(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        put(weekdays, ((days % 7) + 7) % 7)
        put(UInt8(ascii: ",")); put(UInt8(ascii: " "))
        put(day, digits: 2); put(UInt8(ascii: " "))
        put(months, month - 1); put(UInt8(ascii: " "))
        put(year, digits: 4); put(UInt8(ascii: " "))
        put(secondOfDay / 3_600, digits: 2); put(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, digits: 2); put(UInt8(ascii: ":"))
        put(secondOfDay % 60, digits: 2)
        for byte in " GMT".utf8 { put(byte) }
        put(0)
    }
}
