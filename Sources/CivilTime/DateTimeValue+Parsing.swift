extension DateTimeValue {
    /// A parsed value and what the parser had to change to make it one.
    public struct ParseResult: Sendable, Hashable {
        public var value: DateTimeValue
        /// Empty for ordinary input; in the order they were applied otherwise.
        public var adjustments: [Adjustment]
    }

    /// A liberty the parser took with valid ISO 8601 text that `DateTimeValue` cannot hold
    /// as written; callers may report it.
    public enum Adjustment: Sendable, Hashable {
        /// A leap second `:60` became `:59` (the fraction kept): `TimeOfDay` has no 61st
        /// second, and neither RFC 5545 nor most calendars do.
        case leapSecondClamped
        /// `24:00` (ISO 8601 end of day) became `00:00` of the next day.
        case endOfDayRolledOver
    }

    /// Parses the ISO 8601 forms real markup uses; nil when `text` is not one of them or
    /// names no real date or time. See `ISO8601DateTimeParser` for the grammar.
    /// With `zoneSuffix`, a floating time may end in RFC 9557's `[Zone/Name]` (as
    /// `description` writes a zoned value); markup never gets one: a zone comes from a place.
    public init?(parsing text: String, zoneSuffix: Bool = false) {
        guard let result = Self.parse(text, zoneSuffix: zoneSuffix) else { return nil }
        self = result.value
    }

    /// Like `init?(parsing:)`, also saying which adjustments (leap second, `24:00`) were made.
    public static func parse(_ text: String, zoneSuffix: Bool = false) -> ParseResult? {
        ISO8601DateTimeParser.parse(text, zoneSuffix: zoneSuffix)
    }
}
