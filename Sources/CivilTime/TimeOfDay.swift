/// A wall-clock time of day, 00:00:00 to 23:59:59.999999999.
///
/// `24:00` and leap seconds (`:60`) exist only in text; the parser maps them into this range.
/// The fields cannot be set past the check in `init`.
public struct TimeOfDay: Sendable, Hashable, Comparable {
    public private(set) var hour: Int
    public private(set) var minute: Int
    public private(set) var second: Int
    public private(set) var nanosecond: Int

    public init(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0) {
        precondition((0...23).contains(hour), "hour \(hour) out of 0...23")
        precondition((0...59).contains(minute), "minute \(minute) out of 0...59")
        precondition((0...59).contains(second), "second \(second) out of 0...59")
        precondition((0..<1_000_000_000).contains(nanosecond), "nanosecond \(nanosecond) out of range")
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The time `secondsSinceMidnight` (0..<86_400) seconds after midnight.
    public init(secondsSinceMidnight: Int, nanosecond: Int = 0) {
        self.init(
            hour: secondsSinceMidnight / 3600, minute: secondsSinceMidnight / 60 % 60,
            second: secondsSinceMidnight % 60, nanosecond: nanosecond)
    }

    /// Whole seconds since midnight.
    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.secondsSinceMidnight, lhs.nanosecond) < (rhs.secondsSinceMidnight, rhs.nanosecond)
    }

    /// "20:15:00", with a fraction without trailing zeros when there is one ("20:15:00.5").
    public var iso8601Text: String {
        DigitText.padded(hour, width: 2) + ":" + DigitText.padded(minute, width: 2) + ":"
            + DigitText.padded(second, width: 2) + DigitText.minimalFraction(nanosecond: nanosecond)
    }

    /// iCalendar TIME without the UTC marker (RFC 5545 §3.3.12), "201500"; the fraction is
    /// dropped (RFC 5545 has none).
    public var icalendarText: String {
        DigitText.padded(hour, width: 2) + DigitText.padded(minute, width: 2) + DigitText.padded(second, width: 2)
    }
}
