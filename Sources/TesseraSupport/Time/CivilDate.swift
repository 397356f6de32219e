/// Dates of the proleptic Gregorian calendar, computed from the day number: glibc's
/// gmtime_r takes the process-wide time-zone lock on every call, which every loop thread
/// would contend for (and it costs more instructions than this). What the replies' Date
/// field and the log lines' timestamps are made of.
package enum CivilDate {
    /// The proleptic Gregorian date of a day counted from 1970-01-01 (day 0). Works in
    /// 400-year eras of 146,097 days whose years start on March 1st, so the leap day is the
    /// last day of a year and each month's first day follows from (153 × month + 2) / 5.
    package static func of(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097) // 0000-03-01 is day -719,468
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1
        let month = marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9
        let year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The quotient rounded down and a remainder that is never negative (times before 1970).
    package static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}

/// A second of UTC split into its calendar date, time of day and weekday: the one
/// computation both text forms of a time start from.
package struct CivilTime: Equatable {
    package var year: Int
    package var month: Int // 1…12
    package var day: Int // 1…31
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// 0 for Sunday … 6 for Saturday.
    package var weekday: Int

    /// The UTC time `seconds` after 1970-01-01T00:00:00Z (before it when negative).
    package init(secondsSinceEpoch seconds: Int) {
        let (days, secondOfDay) = CivilDate.floorDivision(seconds, 86_400)
        (year, month, day) = CivilDate.of(daysSinceEpoch: days)
        hour = secondOfDay / 3_600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        weekday = CivilDate.floorDivision(days + 4, 7).remainder // 1970-01-01 was a Thursday
    }
}
