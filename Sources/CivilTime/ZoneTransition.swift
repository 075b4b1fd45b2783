/// A moment a zone's clocks change: from `offsetBefore` to `offsetAfter` at `instant`.
public struct ZoneTransition: Sendable, Hashable {
    public var instant: Instant
    public var offsetBefore: UTCOffset
    public var offsetAfter: UTCOffset
    /// Whether the time after the change is daylight-saving (summer) time.
    public var isDaylightSavingAfter: Bool
    /// The abbreviation in use after the change ("CEST", "+0530").
    public var abbreviationAfter: String

    public init(instant: Instant, offsetBefore: UTCOffset, offsetAfter: UTCOffset, isDaylightSavingAfter: Bool, abbreviationAfter: String) {
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
        self.isDaylightSavingAfter = isDaylightSavingAfter
        self.abbreviationAfter = abbreviationAfter
    }

    /// The wall time just before the change, as the old offset shows it (iCalendar's
    /// observance DTSTART, RFC 5545 §3.6.5: "in terms of the offset in effect prior").
    public var localTimeBefore: LocalDateTime { instant.localDateTime(at: offsetBefore) }
}

/// One local time type of a zone (RFC 8536 §3.2 `ttinfo`).
public struct LocalTimeType: Sendable, Hashable {
    public var offset: UTCOffset
    public var isDaylightSaving: Bool
    public var abbreviation: String

    public init(offset: UTCOffset, isDaylightSaving: Bool, abbreviation: String) {
        self.offset = offset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }
}
