/// An ISO 8601 calendar date, optionally with a time of day and a UTC offset, as schema.org
/// reservations carry it (`startTime`, `checkinTime`, `departureTime`, …).
///
/// Four shapes, kept apart because the calendar writer treats them differently
/// (DESIGN.md, "Reservation semantics"):
/// - an *instant*: a time with an offset (`2020-06-26T19:30:00-07:00`), written to iCalendar as UTC;
/// - a *zoned* time: a time without an offset to which a zone was given from the place it
///   belongs to (`inZone(_:)`), written with its `TZID`; its instant needs `ZoneRules`;
/// - a *floating* time: a time without an offset or zone (`2020-06-26T19:30:00`), written floating and flagged;
/// - a *date*: no time (`2020-06-26`), an all-day value.
///
/// Equality is field-wise: `19:30-07:00` and `02:30Z` the next day are the same instant but
/// different values; `compare(_:)` orders them as the same.
///
/// Invariants (checked by `init` and kept because the fields are read-only): a real proleptic
/// Gregorian date, a valid `TimeOfDay`, an offset of whole minutes within ±18:00, no offset
/// and no zone on a date-only value, never both an offset and a zone.
public struct DateTimeValue: Sendable, Hashable {
    public private(set) var year: Int
    public private(set) var month: Int
    public private(set) var day: Int
    /// nil for a date-only value ("2020-06-26").
    public private(set) var time: TimeOfDay?
    /// Seconds east of UTC; nil when no offset was given (a floating or zoned time); 0 for `Z`.
    public private(set) var utcOffsetSeconds: Int?
    /// The zone a floating time was placed in (`inZone(_:)`); nil otherwise.
    public private(set) var zone: ZoneIdentifier?

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
        self.zone = nil
    }

    /// A date-only value.
    public init(date: CivilDate) {
        self.init(year: date.year, month: date.month, day: date.day, time: nil, utcOffsetSeconds: nil)
    }

    /// The instant in UTC ("…Z"), to the second.
    public init(instant: Instant) {
        let local = instant.localDateTime(at: .utc)
        self.init(
            year: local.date.year, month: local.date.month, day: local.date.day, time: local.time, utcOffsetSeconds: 0)
    }

    /// A floating time, or a zoned one when `zone` is given.
    public init(local: LocalDateTime, zone: ZoneIdentifier? = nil) {
        self.init(
            year: local.date.year, month: local.date.month, day: local.date.day, time: local.time, utcOffsetSeconds: nil)
        self.zone = zone
    }

    /// This value placed in `zone` — only a floating timed value takes one: an explicit
    /// offset is kept as written (the sender's word beats any place's zone) and a date-only
    /// value has no instant for a zone to decide. A zoned value moves to the new zone with
    /// its wall-clock fields unchanged.
    public func inZone(_ zone: ZoneIdentifier) -> DateTimeValue {
        guard time != nil, utcOffsetSeconds == nil else { return self }
        var zoned = self
        zoned.zone = zone
        return zoned
    }

    /// The same wall-clock fields without a zone.
    public var withoutZone: DateTimeValue {
        var floating = self
        floating.zone = nil
        return floating
    }

    public var isDateOnly: Bool { time == nil }

    public var hasOffset: Bool { utcOffsetSeconds != nil }

    /// A time without an offset or zone.
    public var isFloating: Bool { time != nil && utcOffsetSeconds == nil && zone == nil }

    /// A time with an offset: a point on the UTC time line without zone rules.
    public var isInstant: Bool { time != nil && utcOffsetSeconds != nil }

    /// The calendar date of the wall-clock fields.
    public var date: CivilDate {
        CivilDate(daysSinceEpoch: CivilCalendar.daysSinceEpoch(year: year, month: month, day: day))
    }

    /// The wall-clock date and time; nil for a date-only value.
    public var localDateTime: LocalDateTime? {
        time.map { LocalDateTime(date: date, time: $0) }
    }

    /// The value's offset as a `UTCOffset`; nil when none was written.
    public var utcOffset: UTCOffset? { utcOffsetSeconds.map(UTCOffset.init(checked:)) }
}
