import EventHTTP
import Glibc

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
    static func write(seconds: Int, milliseconds: Int, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = CivilDate.of(daysSinceEpoch: days)  // shared with the replies' Date field
        var i = 0
        // Two digits at a time from a table: a divide-and-modulo loop per digit cost ~250
        // instructions per access line (callgrind, cached rect query).
        func putPair(_ value: Int) {
            let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
            out[i] = pairs.utf8Start[2 * value]
            out[i + 1] = pairs.utf8Start[2 * value + 1]
            i += 2
        }
        func put(_ character: Unicode.Scalar) {
            out[i] = UInt8(ascii: character)
            i += 1
        }
        let shownYear = min(max(year, 0), 9_999)  // four digits, whatever the clock says
        putPair(shownYear / 100); putPair(shownYear % 100); put("-")
        putPair(month); put("-")
        putPair(day); put("T")
        putPair(secondOfDay / 3_600); put(":")
        putPair(secondOfDay / 60 % 60); put(":")
        putPair(secondOfDay % 60); put(".")
        out[i] = UInt8(ascii: "0") + UInt8(milliseconds / 100)
        i += 1
        putPair(milliseconds % 100); put("Z")
        return i
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
