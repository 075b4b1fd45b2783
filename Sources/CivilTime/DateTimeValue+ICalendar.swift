extension DateTimeValue {
    /// The iCalendar value text (RFC 5545 §3.3.4 DATE, §3.3.5 DATE-TIME):
    /// - an instant in UTC, FORM #2: "20200627T023000Z" (from "2020-06-26T19:30:00-07:00");
    /// - a floating time, FORM #1: "20200626T193000";
    /// - a zoned time, FORM #3's value, its wall clock: "20270304T201500" (the writer adds
    ///   `TZID=` from `zone`);
    /// - a date: "20200626".
    /// RFC 5545 has no fractional seconds: the fraction is dropped (truncated, i.e. rounded
    /// toward the earlier second).
    public var icalendarText: String {
        guard let local = localDateTime else { return date.icalendarText }
        if let utcSecondsSinceEpoch { return Instant(secondsSinceEpoch: Int64(utcSecondsSinceEpoch)).icalendarText }
        return local.icalendarText
    }
}
