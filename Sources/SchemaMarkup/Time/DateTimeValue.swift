/// An ISO 8601 calendar date, optionally with a time of day and a UTC offset, as schema.org
/// reservations carry it (`startTime`, `checkinTime`, `departureTime`, …).
///
/// Three shapes, kept apart because the calendar writer treats them differently
/// (DESIGN.md, "Reservation semantics"):
/// - an *instant*: a time with an offset (`2020-06-26T19:30:00-07:00`), written to iCalendar as UTC;
/// - a *floating* time: a time without an offset (`2020-06-26T19:30:00`), written floating and flagged;
/// - a *date*: no time (`2020-06-26`), an all-day value.
///
/// Equality is field-wise: `19:30-07:00` and `02:30Z` the next day are the same instant but
/// different values; `compare(_:)` orders them as the same.
///
/// Invariants (checked by `init`): a real proleptic Gregorian date, a valid `TimeOfDay`, an
/// offset of whole minutes within ±18:00, and no offset on a date-only value.
public struct DateTimeValue: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    /// nil for a date-only value ("2020-06-26").
    public var time: TimeOfDay?
    /// Seconds east of UTC; nil when no offset was given (a floating time); 0 for `Z`.
    public var utcOffsetSeconds: Int?

    /// The largest offset ISO 8601 profiles allow (XML Schema, java.time): ±18:00.
    public static let maximumOffsetSeconds = 18 * 3600

    /// A date-only value drops `utcOffsetSeconds`: an offset means nothing without a time.
    public init(year: Int, month: Int, day: Int, time: TimeOfDay?, utcOffsetSeconds: Int?) {
        precondition(
            CivilCalendar.isValidDate(year: year, month: month, day: day),
            "no such date: \(year)-\(month)-\(day)")
        if let utcOffsetSeconds {
            precondition(
                abs(utcOffsetSeconds) <= Self.maximumOffsetSeconds && utcOffsetSeconds % 60 == 0,
                "UTC offset \(utcOffsetSeconds) s is not whole minutes within ±18:00")
        }
        self.year = year
        self.month = month
        self.day = day
        self.time = time
        self.utcOffsetSeconds = time == nil ? nil : utcOffsetSeconds
    }

    public var isDateOnly: Bool { time == nil }

    public var hasOffset: Bool { utcOffsetSeconds != nil }

    /// A time with an offset: a point on the UTC time line.
    var isInstant: Bool { time != nil && utcOffsetSeconds != nil }
}
