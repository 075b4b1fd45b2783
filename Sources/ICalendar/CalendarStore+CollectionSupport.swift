import CryptoOpenSSL

/// What a ``CalendarCollection`` outside this module (CalDAV) needs to keep events and
/// tombstones the way the vdir does: the same record text, the same hashed names, the same
/// property to find a reservation's events by.
extension Tombstone {
    /// The record as iCalendar text (a VCALENDAR with one X-component), as the vdir stores it.
    public var calendarText: String { text }

    /// A record read back; nil when the text is not one.
    public init?(calendarText: String) { self.init(text: calendarText) }

    /// 32 hex digits from the key and part, never from message text: the tombstone's name
    /// without the vdir's dot and suffix.
    public static func hashedName(reservationKey: String, part: String?) -> String {
        String(SHA256.hash(Array((reservationKey + "\n" + (part ?? "")).utf8)).hexString.prefix(32))
    }
}

extension StoredEvent {
    /// The property every event of a reservation carries its ``PartIdentity/reservationKey`` in.
    public static let reservationKeyProperty = EventComponent.Provenance.reservationKey
}
