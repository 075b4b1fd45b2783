/// A point on the UTC time line: whole seconds since 1970-01-01T00:00:00Z (POSIX time, no
/// leap seconds), negative before it.
public struct Instant: Sendable, Hashable, Comparable {
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }

    public func adding(seconds: Int64) -> Instant { Instant(secondsSinceEpoch: secondsSinceEpoch + seconds) }

    /// The wall time this instant shows at `offset`.
    public func localDateTime(at offset: UTCOffset) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + Int64(offset.seconds))
    }

    /// RFC 3339 in UTC, "2027-03-04T19:15:00Z".
    public var iso8601Text: String { localDateTime(at: .utc).iso8601Text + "Z" }

    /// iCalendar DATE-TIME FORM #2 (RFC 5545 §3.3.5), "20270304T191500Z".
    public var icalendarText: String { localDateTime(at: .utc).icalendarText + "Z" }
}
