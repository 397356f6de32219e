import TesseraSupport

/// The reply's `Date` field (RFC 9110 §5.6.7 IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`),
/// formatted once per second per loop (`PerSecondText`): formatting it per reply with
/// time(), gmtime_r and strftime is what evhttp did for every reply; the cached text costs
/// a clock read and a comparison (docs/performance.md#cached-date).
struct HTTPDate {
    /// Characters of "Sun, 06 Nov 1994 08:49:37 GMT".
    static let length = 29
    private var text = PerSecondText()

    /// The current second's date as bytes (no NUL), valid during `body`. The coarse clock (a
    /// vDSO read of the last tick) is plenty for a whole second.
    mutating func withCurrentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        text.withText(for: WallClock.coarseSeconds(), format: { Self.write(seconds: $0, to: &$1) }, body)
    }

    /// Writes the IMF-fixdate of `seconds` since the epoch (`length` bytes) through `out`.
    static func write(seconds: Int, to out: inout OutputWriter) {
        let time = CivilTime(secondsSinceEpoch: seconds)
        let weekdays: StaticString = "SunMonTueWedThuFriSat"
        let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
        out.bytes(UnsafeBufferPointer(start: weekdays.utf8Start + 3 * time.weekday, count: 3))
        out.bytes(", ")
        out.fixedDigits(UInt64(time.day), count: 2)
        out.byte(UInt8(ascii: " "))
        out.bytes(UnsafeBufferPointer(start: months.utf8Start + 3 * (time.month - 1), count: 3))
        out.byte(UInt8(ascii: " "))
        out.fixedDigits(UInt64(truncatingIfNeeded: time.year), count: 4)
        out.byte(UInt8(ascii: " "))
        out.fixedDigits(UInt64(time.hour), count: 2)
        out.byte(UInt8(ascii: ":"))
        out.fixedDigits(UInt64(time.minute), count: 2)
        out.byte(UInt8(ascii: ":"))
        out.fixedDigits(UInt64(time.second), count: 2)
        out.bytes(" GMT")
    }
}
