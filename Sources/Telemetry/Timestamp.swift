import EventHTTP
import Glibc

/// UTC wall-clock time in RFC 3339 with milliseconds: `2026-11-23T19:45:01.123Z`.
///
/// The calendar date is computed here from the day number, not by gmtime_r: glibc's
/// gmtime_r takes the process-wide time-zone lock on every call, which every loop thread
/// writing access lines would contend for (and it costs more instructions than this).
enum Timestamp {
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return format(seconds: spec.tv_sec, milliseconds: Int(spec.tv_nsec / 1_000_000))
    }

    static func format(seconds: Int, milliseconds: Int) -> String {
        String(unsafeUninitializedCapacity: length) { write(seconds: seconds, milliseconds: milliseconds, into: $0) }
    }

    /// The current time's `length` bytes, lent to `body`: no String is made.
    static func withNow(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            let count = write(seconds: spec.tv_sec, milliseconds: Int(spec.tv_nsec / 1_000_000), into: buffer)
            body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    static let length = 24

    /// Writes the `length` bytes of the time into `out`; returns how many it wrote.
    private static func write(seconds: Int, milliseconds: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var i = 0
        func put(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                out[i] = UInt8(ascii: "0") + UInt8((value / divisor) % 10)
                i += 1
                divisor /= 10
            }
        }
        func put(_ character: Unicode.Scalar) {
            out[i] = UInt8(ascii: character)
            i += 1
        }
        put(year, digits: 4); put("-")
        put(month, digits: 2); put("-")
        put(day, digits: 2); put("T")
        put(secondOfDay / 3_600, digits: 2); put(":")
        put(secondOfDay / 60 % 60, digits: 2); put(":")
        put(secondOfDay % 60, digits: 2); put(".")
        put(milliseconds, digits: 3); put("Z")
        return i
    }

    /// The calendar date of a day counted from 1970-01-01 (EventHTTP's `CivilDate`, shared
    /// with the replies' Date field).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        CivilDate.of(daysSinceEpoch: days)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
