/// A wall-clock date and time with no zone or offset: what a clock on the wall shows.
/// Which instant it names depends on the zone (`ZoneRules.instant(for:)`).
public struct LocalDateTime: Sendable, Hashable, Comparable {
    public private(set) var date: CivilDate
    public private(set) var time: TimeOfDay

    public init(date: CivilDate, time: TimeOfDay) {
        self.date = date
        self.time = time
    }

    /// The wall time `seconds` seconds after 1970-01-01T00:00:00 (no zone rules apply).
    public init(secondsSinceEpoch seconds: Int64, nanosecond: Int = 0) {
        let (days, secondOfDay) = CivilCalendar.floorDivide(Int(seconds), by: CivilCalendar.secondsPerDay)
        self.init(date: CivilDate(daysSinceEpoch: days), time: TimeOfDay(secondsSinceMidnight: secondOfDay, nanosecond: nanosecond))
    }

    /// Whole seconds of the wall-clock fields since 1970-01-01T00:00:00, as if they were UTC.
    public var secondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * Int64(CivilCalendar.secondsPerDay) + Int64(time.secondsSinceMidnight)
    }

    /// The instant this wall time names at a fixed `offset`.
    public func instant(at offset: UTCOffset) -> Instant {
        Instant(secondsSinceEpoch: secondsSinceEpoch - Int64(offset.seconds))
    }

    /// The wall time `seconds` later (earlier when negative), no zone rules applied.
    public func adding(seconds: Int64) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds, nanosecond: time.nanosecond)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    /// ISO 8601 extended, "2027-03-04T20:15:00".
    public var iso8601Text: String { date.iso8601Text + "T" + time.iso8601Text }

    /// iCalendar DATE-TIME FORM #1/#3 text (RFC 5545 §3.3.5), "20270304T201500".
    public var icalendarText: String { date.icalendarText + "T" + time.icalendarText }
}
