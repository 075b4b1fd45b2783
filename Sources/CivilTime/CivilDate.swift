/// A proleptic Gregorian calendar date without a time or a zone ("2027-03-04").
///
/// The fields cannot be set past the check in `init`: every value names a real day.
public struct CivilDate: Sendable, Hashable, Comparable {
    public private(set) var year: Int
    public private(set) var month: Int
    public private(set) var day: Int

    /// nil when the day does not exist (31 April, 29 February 2027, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilCalendar.isValidDate(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch days: Int) {
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int { CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 0 = Sunday … 6 = Saturday (the numbering of POSIX `tm_wday` and TZ rules' `Mm.w.d`).
    public var weekday: Int { CivilCalendar.floorDivide(daysSinceEpoch + 4, by: 7).remainder }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601 extended form, "2027-03-04".
    public var iso8601Text: String {
        DigitText.padded(year, width: 4) + "-" + DigitText.padded(month, width: 2) + "-" + DigitText.padded(day, width: 2)
    }

    /// iCalendar DATE (RFC 5545 §3.3.4), "20270304".
    public var icalendarText: String {
        DigitText.padded(year, width: 4) + DigitText.padded(month, width: 2) + DigitText.padded(day, width: 2)
    }
}
