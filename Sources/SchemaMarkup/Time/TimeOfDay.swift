/// A wall-clock time of day, 00:00:00 to 23:59:59.999999999.
///
/// `24:00` and leap seconds (`:60`) exist only in text; the parser maps them into this range.
public struct TimeOfDay: Sendable, Hashable {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int

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
    init(secondsSinceMidnight: Int, nanosecond: Int) {
        self.init(
            hour: secondsSinceMidnight / 3600, minute: secondsSinceMidnight / 60 % 60,
            second: secondsSinceMidnight % 60, nanosecond: nanosecond)
    }

    /// Whole seconds since midnight.
    var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }
}
