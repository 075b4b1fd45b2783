extension DateTimeValue {
    /// The iCalendar value text (RFC 5545 §3.3.4 DATE, §3.3.5 DATE-TIME):
    /// - an instant in UTC, FORM #2: "20200627T023000Z" (from "2020-06-26T19:30:00-07:00");
    /// - a floating time, FORM #1: "20200626T193000";
    /// - a date: "20200626".
    /// RFC 5545 has no fractional seconds: the fraction is dropped (truncated, i.e. rounded
    /// toward the earlier second).
    public var icalendarText: String {
        guard let time else { return Self.basicDate(year, month, day) }
        if let utc = inUTC, let utcTime = utc.time {
            return Self.basicDate(utc.year, utc.month, utc.day) + "T" + Self.basicTime(utcTime) + "Z"
        }
        return Self.basicDate(year, month, day) + "T" + Self.basicTime(time)
    }

    private static func basicDate(_ year: Int, _ month: Int, _ day: Int) -> String {
        DigitText.padded(year, width: 4) + DigitText.padded(month, width: 2) + DigitText.padded(day, width: 2)
    }

    private static func basicTime(_ time: TimeOfDay) -> String {
        DigitText.padded(time.hour, width: 2) + DigitText.padded(time.minute, width: 2)
            + DigitText.padded(time.second, width: 2)
    }
}
