/// Proleptic Gregorian calendar arithmetic on plain integers.
///
/// Deliberately not `Calendar`/`DateFormatter`: those depend on the locale, the time-zone
/// database and (in ICU) a Julian cutover in 1582; this is pure, deterministic and fast.
/// Algorithms: Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms"
/// (days_from_civil / civil_from_days), valid for every Int year the arithmetic does not overflow.
public enum CivilCalendar {
    public static let secondsPerDay = 86_400

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` (1...12) of `year`; 0 for a month out of range.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    public static func isValidDate(year: Int, month: Int, day: Int) -> Bool {
        day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// Days since 1970-01-01 (negative before it).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400                                        // [0, 399]
        let shiftedMonth = month > 2 ? month - 3 : month + 9                 // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1               // [0, 365]
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // [0, 146096]
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` days after 1970-01-01.
    public static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097                                     // [0, 146096]
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153                         // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Floor division and its non-negative remainder (Swift's `/` and `%` truncate toward zero).
    public static func floorDivide(_ value: Int, by divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
