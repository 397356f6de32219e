import EventHTTP
import Glibc
import TesseraSupport

/// UTC wall-clock time in RFC 3339 with milliseconds: `2026-11-23T19:45:01.123Z`.
///
/// The calendar date comes from the day number (`CivilDate`), not from gmtime_r: glibc's
/// gmtime_r takes the process-wide time-zone lock on every call, which every loop thread
/// writing access lines would contend for (and it costs more instructions than this).
enum Timestamp {
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return format(seconds: spec.tv_sec, milliseconds: Int(spec.tv_nsec / 1_000_000))
    }

    static func format(seconds: Int, milliseconds: Int) -> String {
        OutputBuffer.string(capacity: length) { write(seconds: seconds, milliseconds: milliseconds, to: &$0) }
    }

    /// The current time's `length` bytes, lent to `body`: no String is made.
    static func withNow(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        OutputBuffer.withTemporary(capacity: length) { out in
            write(seconds: spec.tv_sec, milliseconds: Int(spec.tv_nsec / 1_000_000), to: &out)
            out.withWrittenBytes(body)
        }
    }

    static let length = 24

    /// Writes the `length` bytes of the time through `out` (which must have room for them:
    /// its every store is checked).
    static func write(seconds: Int, milliseconds: Int, to out: inout OutputWriter) {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = CivilDate.of(daysSinceEpoch: days)  // shared with the replies' Date field
        // Two digits at a time from a table, not a divide-and-modulo loop per digit
        // (docs/performance.md#timestamp-arithmetic).
        func pair(_ value: Int, _ separator: Unicode.Scalar) {
            out.fixedDigits(UInt64(truncatingIfNeeded: value), count: 2)
            out.byte(UInt8(ascii: separator))
        }
        let shownYear = min(max(year, 0), 9_999)  // four digits, whatever the clock says
        out.fixedDigits(UInt64(shownYear), count: 4)
        out.byte(UInt8(ascii: "-"))
        pair(month, "-")
        pair(day, "T")
        pair(secondOfDay / 3_600, ":")
        pair(secondOfDay / 60 % 60, ":")
        pair(secondOfDay % 60, ".")
        out.fixedDigits(UInt64(truncatingIfNeeded: milliseconds), count: 3)
        out.byte(UInt8(ascii: "Z"))
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
