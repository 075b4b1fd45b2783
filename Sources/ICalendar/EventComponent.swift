import CivilTime
import SchemaMarkup

/// Builds the VCALENDAR a vdir holds for one event, and reads back the bookkeeping of one.
enum EventComponent {
    static let productID = "-//eventsuggest//eventsuggest 0.1//EN"

    /// X- properties carrying where the event came from (RFC 5545 §3.8.8.2).
    enum Provenance {
        static let reservationID = "X-EVENTSUGGEST-RESERVATION-ID"
        static let reservationKey = "X-EVENTSUGGEST-RESERVATION"
        static let item = "X-EVENTSUGGEST-ITEM"
        /// ``PartIdentity/part``: which part of the reservation the event is.
        static let part = "X-EVENTSUGGEST-PART"
        /// The signer's organizational domain: with the id, the reservation's name.
        static let domain = "X-EVENTSUGGEST-DOMAIN"
        static let messageID = "X-EVENTSUGGEST-MESSAGE-ID"
        static let messageDate = "X-EVENTSUGGEST-MESSAGE-DATE"
        /// The ``EventVersion`` of the message the event's content comes from.
        static let version = "X-EVENTSUGGEST-VERSION"
        /// The ``EventVersion`` of the message that decided STATUS (a later cancellation, say).
        static let statusVersion = "X-EVENTSUGGEST-STATUS-VERSION"
    }

    /// Properties that say what the event is, as opposed to bookkeeping: two versions
    /// with the same content are the same event (re-reading a message changes nothing).
    static let bookkeeping: Set<String> = [
        "DTSTAMP", "LAST-MODIFIED", "CREATED", "SEQUENCE", Provenance.messageID, Provenance.messageDate, Provenance.version,
        Provenance.statusVersion,
    ]

    /// A new event from a draft. A cancelled one has no alarm: nobody is to be reminded of it.
    static func event(uid: EventUID, identity: PartIdentity, draft: EventDraft, cancelled: Bool, reservation: Reservation,
                      source: ReservationSource, version: EventVersion, statusVersion: EventVersion, sequence: Int,
                      created: String, now: String) -> ICSComponent {
        var event = ICSComponent(name: "VEVENT")
        event.properties.append(.raw("UID", uid.value))
        event.properties.append(.raw("DTSTAMP", now))
        event.properties.append(time("DTSTART", draft.start))
        if let end = draft.end { event.properties.append(time("DTEND", end)) }
        event.properties.append(.integer("SEQUENCE", sequence))
        event.properties.append(.raw("STATUS", cancelled ? "CANCELLED" : "CONFIRMED"))
        event.properties.append(.text("SUMMARY", draft.summary))
        if let location = draft.location { event.properties.append(.text("LOCATION", location)) }
        if !draft.description.isEmpty { event.properties.append(.text("DESCRIPTION", draft.description)) }
        if let url = draft.url, url.lowercased().hasPrefix("http") { event.properties.append(.raw("URL", url)) }
        event.properties.append(.raw("CREATED", created))
        event.properties.append(.raw("LAST-MODIFIED", now))
        event.properties.append(.text(Provenance.reservationID, identity.reservationID))
        event.properties.append(.raw(Provenance.reservationKey, identity.reservationKey))
        event.properties.append(.text(Provenance.item, reservation.itemReference))
        event.properties.append(.text(Provenance.part, identity.part))
        event.properties.append(.text(Provenance.domain, identity.organization))
        if let messageID = source.messageID { event.properties.append(.text(Provenance.messageID, messageID)) }
        if let date = source.messageDate { event.properties.append(.raw(Provenance.messageDate, utcText(date))) }
        event.properties.append(.raw(Provenance.version, version.description))
        event.properties.append(.raw(Provenance.statusVersion, statusVersion.description))
        if let minutes = draft.alarmMinutesBefore, !cancelled {
            event.components.append(ICSComponent(name: "VALARM", properties: [
                .raw("ACTION", "DISPLAY"), .text("DESCRIPTION", draft.summary), .raw("TRIGGER", "-PT\(minutes)M"),
            ]))
        }
        return event
    }

    /// The versions a stored event records: of its content, and of its STATUS.
    static func versions(of event: ICSComponent) -> (content: EventVersion, status: EventVersion) {
        let date = event.property(Provenance.messageDate).flatMap { seconds(fromUTC: $0.rawValue) }
        let text = event.property(Provenance.version)?.rawValue
        let content = text.flatMap(EventVersion.init(text:))
            ?? EventVersion.legacy(version: text.flatMap(seconds(fromUTC:)), messageDate: date)
        let status = event.property(Provenance.statusVersion).flatMap { EventVersion(text: $0.rawValue) } ?? content
        return (content, max(content, status))
    }

    static func isCancelled(_ event: ICSComponent) -> Bool { event.property("STATUS")?.rawValue == "CANCELLED" }

    /// The VCALENDAR of one event, with a VTIMEZONE (first, as readers expect) for each TZID
    /// the event's times name (RFC 5545 §3.6.5: one per TZID used).
    static func calendar(_ event: ICSComponent, zones: ZoneRulesCache) -> ICSComponent {
        ICSComponent(
            name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", productID)],
            components: TimeZoneComponent.components(for: event, zones: zones) + [event])
    }

    /// DTSTART/DTEND: UTC for a time with an offset, the wall time with TZID for a zoned time
    /// (RFC 5545 §3.3.5 FORM #3), floating without either, VALUE=DATE for a date.
    static func time(_ name: String, _ value: DateTimeValue) -> ICSProperty {
        if value.isDateOnly {
            return .raw(name, value.icalendarText, parameters: [ICSParameter(name: "VALUE", value: "DATE")])
        }
        if let zone = value.zone {
            return .raw(name, value.icalendarText, parameters: [ICSParameter(name: "TZID", value: zone.name)])
        }
        return .raw(name, value.icalendarText)
    }

    /// A UTC DATE-TIME for seconds since 1970 ("20200626T170000Z").
    static func utcText(_ seconds: Int64) -> String {
        Instant(secondsSinceEpoch: seconds).icalendarText
    }

    /// Seconds since 1970 from a UTC DATE-TIME this tool wrote.
    static func seconds(fromUTC text: String) -> Int64? {
        guard text.hasSuffix("Z"), let value = DateTimeValue(parsing: text) else { return nil }
        return value.instant(rules: nil)?.secondsSinceEpoch
    }

    /// The content that matters, for "did anything change?".
    static func content(_ event: ICSComponent) -> [ICSProperty] {
        event.properties.filter { !bookkeeping.contains($0.name) } + event.components.flatMap(\.properties)
    }
}
