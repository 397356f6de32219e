import TesseraSupport

/// UTC wall-clock time in RFC 3339 with milliseconds: `2026-11-23T19:45:01.123Z`. The date
/// and time of day come from `CivilTime` (TesseraSupport), as the replies' Date field does.
enum Timestamp {
    static let length = 24
    /// The bytes up to the milliseconds (`2026-11-23T19:45:01.`): the same for a whole second.
    static let secondPrefixLength = 20

    static func now() -> String {
        let (seconds, nanoseconds) = WallClock.now()
        return format(seconds: seconds, milliseconds: nanoseconds / 1_000_000)
    }

    static func format(seconds: Int, milliseconds: Int) -> String {
        OutputBuffer.string(capacity: length) { write(seconds: seconds, milliseconds: milliseconds, to: &$0) }
    }

    /// The current time's `length` bytes, lent to `body`: no String is made.
    static func withNow(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let (seconds, nanoseconds) = WallClock.now()
        OutputBuffer.withTemporary(capacity: length) { out in
            write(seconds: seconds, milliseconds: nanoseconds / 1_000_000, to: &out)
            out.withWrittenBytes(body)
        }
    }

    /// Writes the `length` bytes of the time through `out` (which must have room for them:
    /// its every store is checked).
    static func write(seconds: Int, milliseconds: Int, to out: inout OutputWriter) {
        writeSecondPrefix(seconds: seconds, to: &out)
        out.fixedDigits(UInt64(truncatingIfNeeded: milliseconds), count: 3)
        out.byte(UInt8(ascii: "Z"))
    }

    /// Writes the `secondPrefixLength` bytes that end with the point before the milliseconds.
    static func writeSecondPrefix(seconds: Int, to out: inout OutputWriter) {
        let time = CivilTime(secondsSinceEpoch: seconds)
        // Two digits at a time from a table (`fixedDigits`), not a divide-and-modulo loop per
        // digit (docs/performance.md#timestamp-arithmetic).
        func pair(_ value: Int, _ separator: Unicode.Scalar) {
            out.fixedDigits(UInt64(truncatingIfNeeded: value), count: 2)
            out.byte(UInt8(ascii: separator))
        }
        let shownYear = min(max(time.year, 0), 9_999) // four digits, whatever the clock says
        out.fixedDigits(UInt64(shownYear), count: 4)
        out.byte(UInt8(ascii: "-"))
        pair(time.month, "-")
        pair(time.day, "T")
        pair(time.hour, ":")
        pair(time.minute, ":")
        pair(time.second, ".")
    }
}
