import Glibc
import Testing
import TesseraSupport

/// The calendar both date formats start from, held to glibc's gmtime_r, and the per-second
/// text the loops keep.
@Suite struct TimeTests {
    private func reference(_ seconds: Int) -> tm {
        var time = time_t(seconds), parts = tm()
        gmtime_r(&time, &parts)
        return parts
    }

    /// Year, month, day, hour, minute, second, weekday.
    private func fields(_ seconds: Int) -> [Int] {
        let t = CivilTime(secondsSinceEpoch: seconds)
        return [t.year, t.month, t.day, t.hour, t.minute, t.second, t.weekday]
    }

    @Test func knownTimes() {
        #expect(fields(0) == [1970, 1, 1, 0, 0, 0, 4])
        #expect(fields(-1) == [1969, 12, 31, 23, 59, 59, 3])
        #expect(fields(951_782_400) == [2000, 2, 29, 0, 0, 0, 2]) // the leap day of a 400-year
        #expect(fields(784_111_777) == [1994, 11, 6, 8, 49, 37, 0]) // RFC 9110's example
        #expect(CivilDate.of(daysSinceEpoch: -719_468) == (0, 3, 1))
    }

    /// Seconds from 1901 to 2200 in steps of a prime number of seconds (every time of day and
    /// weekday comes round), every one compared with gmtime_r.
    @Test func agreesWithGmtime() {
        for seconds in stride(from: -2_177_452_800, to: 7_289_395_200, by: 473_311) {
            let p = reference(seconds)
            let expected = [p.tm_year + 1900, p.tm_mon + 1, p.tm_mday, p.tm_hour, p.tm_min, p.tm_sec, p.tm_wday].map(Int.init)
            #expect(fields(seconds) == expected, "\(seconds)")
        }
    }

    /// The calendar arithmetic agrees with the C library's gmtime_r over ±400 years (moved
    /// here from AccessLineTests with `CivilDate`).
    @Test func civilDatesAgreeWithGmtime() {
        var generator = SystemRandomNumberGenerator()
        let days =
            [-719_468, -1, 0, 59, 60, 365, 10_956, 11_016, 11_017, 19_675, 47_482]
            + (0..<5_000).map { _ in Int.random(in: -146_097...146_097, using: &generator) }
        for day in days {
            var seconds = day * 86_400
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let civil = CivilDate.of(daysSinceEpoch: day)
            #expect(
                civil.year == Int(parts.tm_year) + 1900 && civil.month == Int(parts.tm_mon) + 1
                    && civil.day == Int(parts.tm_mday), "day \(day)")
        }
    }

    @Test func wallClockReadsTheRealTime() {
        let before = time(nil)
        let now = WallClock.now(), coarse = WallClock.coarseSeconds(), milliseconds = WallClock.milliseconds()
        let after = time(nil)
        #expect(now.seconds >= before && now.seconds <= after && (0..<1_000_000_000).contains(now.nanoseconds))
        // The coarse clock may trail by a tick at a second's edge.
        #expect(coarse >= before - 1 && coarse <= after)
        #expect(milliseconds / 1000 >= Int64(before) && milliseconds / 1000 <= Int64(after))
    }

    /// Formatted once per second, read as it stands otherwise, a NUL after it.
    @Test func perSecondTextIsMadeOncePerSecond() {
        var text = PerSecondText()
        var made: [Int] = []
        func read(_ second: Int) -> String {
            text.withText(
                for: second,
                format: { second, out in
                    made.append(second)
                    out.bytes("second ")
                    out.decimal(second)
                }
            ) { bytes in
                #expect(UnsafeRawPointer(bytes.baseAddress!).load(fromByteOffset: bytes.count, as: UInt8.self) == 0)
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        #expect(read(7) == "second 7")
        #expect(read(7) == "second 7")
        #expect(read(1_234_567_890_123) == "second 1234567890123")
        #expect(read(-5) == "second -5")
        #expect(made == [7, 1_234_567_890_123, -5])
    }

    /// Every length up to the capacity comes back whole, with the bytes of its eight-byte words.
    @Test func perSecondTextKeepsEveryLength() {
        for length in 0...PerSecondText.capacity {
            var text = PerSecondText()
            let expected = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let read = text.withText(for: length, format: { _, out in out.bytes(expected) }) { Array($0) }
            #expect(read == expected, "\(length)")
        }
    }
}
