import CivilTime

/// The Date field as an instant (RFC 5322 §3.3, with the obsolete forms of §4.3 that real
/// mail still carries: 2-digit years, zone names, comments); the parsing is CivilTime's
/// `RFC5322DateTime`.
public struct MessageDate: Sendable, Hashable {
    /// Seconds since 1970 UTC.
    public let secondsSince1970: Int64
    /// The zone the sender wrote, in seconds east of UTC.
    public let utcOffsetSeconds: Int

    /// nil when the text is not a date-time RFC 5322 (or its obsolete syntax) allows.
    public init?(parsing text: String) {
        guard let parsed = RFC5322DateTime(parsing: text) else { return nil }
        secondsSince1970 = parsed.instant.secondsSinceEpoch
        utcOffsetSeconds = parsed.offset.seconds
    }
}

extension MailMessage {
    /// The Date field as an instant, when it parses.
    public var dateValue: MessageDate? { date.flatMap(MessageDate.init(parsing:)) }
}
