/// A cancellation the store remembers where there is no event to carry it: a cancellation
/// that names only the reservation id (every part, including parts whose confirmation has
/// not arrived yet), or one that names a part too briefly to make an event of it.
///
/// A confirmation older than a tombstone brings nothing back (it can only add details to a
/// cancelled event); a newer one, a re-booking under the same id, confirms again.
public struct Tombstone: Sendable, Hashable {
    /// ``PartIdentity/reservationKey``: which reservation (hashed, no booking code in it).
    public var reservationKey: String
    /// nil: the whole reservation; else ``PartIdentity/part``.
    public var part: String?
    /// The version of the newest cancellation seen.
    public var version: EventVersion
    public var messageID: String?

    public init(reservationKey: String, part: String?, version: EventVersion, messageID: String?) {
        self.reservationKey = reservationKey
        self.part = part
        self.version = version
        self.messageID = messageID
    }

    static let componentName = "X-EVENTSUGGEST-CANCELLATION"
    static let partProperty = "X-EVENTSUGGEST-PART"

    /// As iCalendar text (a VCALENDAR holding one X-component, RFC 5545 §3.6): escaped by the
    /// same writer as events, and readable by the same reader.
    var text: String {
        var record = ICSComponent(name: Self.componentName)
        record.properties.append(.raw(EventComponent.Provenance.reservationKey, reservationKey))
        if let part { record.properties.append(.text(Self.partProperty, part)) }
        record.properties.append(.raw(EventComponent.Provenance.version, version.description))
        if let messageID { record.properties.append(.text(EventComponent.Provenance.messageID, messageID)) }
        let calendar = ICSComponent(name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", EventComponent.productID)],
                                    components: [record])
        do {
            return try ICSWriter.serialize(calendar)
        } catch {
            preconditionFailure("the store built an invalid tombstone: \(error)")
        }
    }

    /// A record read back; nil when the text is not one (edited by hand, say).
    init?(text: String) {
        guard let calendar = try? ICSReader.parse(text),
              let record = calendar.components.first(where: { $0.name == Self.componentName }),
              let key = record.property(EventComponent.Provenance.reservationKey)?.rawValue,
              let versionText = record.property(EventComponent.Provenance.version)?.rawValue,
              let version = EventVersion(text: versionText) else { return nil }
        self.init(reservationKey: key, part: record.property(Self.partProperty)?.textValue, version: version,
                  messageID: record.property(EventComponent.Provenance.messageID)?.textValue)
    }
}
