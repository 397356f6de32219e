/// Dates of the proleptic Gregorian calendar, computed from the day number: glibc's
/// gmtime_r takes the process-wide time-zone lock on every call, which every loop thread
/// would contend for (and it costs more instructions than this).
public enum CivilDate {
    /// The proleptic Gregorian date of a day counted from 1970-01-01 (day 0). Works in
    /// 400-year eras of 146,097 days whose years start on March 1st, so the leap day is the
    /// last day of a year and each month's first day follows from (153 × month + 2) / 5.
    public static func of(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = Self.floorDivision(days + 719_468, 146_097)  // 0000-03-01 is day -719,468
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1
        let month = marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9
        let year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
