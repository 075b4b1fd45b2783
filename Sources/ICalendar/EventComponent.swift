import SchemaMarkup

/// Builds the VCALENDAR a vdir holds for one event, and reads back the bookkeeping of one.
enum EventComponent {
    static let productID = "-//eventsuggest//eventsuggest 0.1//EN"

    /// X- properties carrying where the event came from (RFC 5545 §3.8.8.2).
    enum Provenance {
        static let reservationID = "X-EVENTSUGGEST-RESERVATION-ID"
        static let reservationKey = "X-EVENTSUGGEST-RESERVATION"
        static let item = "X-EVENTSUGGEST-ITEM"
        static let domain = "X-EVENTSUGGEST-DOMAIN"
        static let messageID = "X-EVENTSUGGEST-MESSAGE-ID"
        static let messageDate = "X-EVENTSUGGEST-MESSAGE-DATE"
        static let version = "X-EVENTSUGGEST-VERSION"
    }

    /// Properties that say what the event is, as opposed to bookkeeping: two versions
    /// with the same content are the same event (re-reading a message changes nothing).
    static let bookkeeping: Set<String> = [
        "DTSTAMP", "LAST-MODIFIED", "CREATED", "SEQUENCE", Provenance.messageID, Provenance.messageDate, Provenance.version,
    ]

    static func event(uid: EventUID, draft: EventDraft, status: String, reservation: Reservation, source: ReservationSource,
                      version: Int64?, sequence: Int, created: String, now: String) -> ICSComponent {
        var event = ICSComponent(name: "VEVENT")
        event.properties.append(.raw("UID", uid.value))
        event.properties.append(.raw("DTSTAMP", now))
        event.properties.append(time("DTSTART", draft.start))
        if let end = draft.end { event.properties.append(time("DTEND", end)) }
        event.properties.append(.integer("SEQUENCE", sequence))
        event.properties.append(.raw("STATUS", status))
        event.properties.append(.text("SUMMARY", draft.summary))
        if let location = draft.location { event.properties.append(.text("LOCATION", location)) }
        if !draft.description.isEmpty { event.properties.append(.text("DESCRIPTION", draft.description)) }
        if let url = draft.url, url.lowercased().hasPrefix("http") { event.properties.append(.raw("URL", url)) }
        event.properties.append(.raw("CREATED", created))
        event.properties.append(.raw("LAST-MODIFIED", now))
        if let id = reservation.reservationID {
            event.properties.append(.text(Provenance.reservationID, id))
            event.properties.append(.raw(Provenance.reservationKey, EventUID.reservationKey(domain: source.domain, reservationID: id)))
        }
        event.properties.append(.text(Provenance.item, reservation.itemReference))
        event.properties.append(.text(Provenance.domain, source.domain))
        if let messageID = source.messageID { event.properties.append(.text(Provenance.messageID, messageID)) }
        if let date = source.messageDate { event.properties.append(.raw(Provenance.messageDate, utcText(date))) }
        if let version { event.properties.append(.raw(Provenance.version, utcText(version))) }
        if let minutes = draft.alarmMinutesBefore {
            event.components.append(ICSComponent(name: "VALARM", properties: [
                .raw("ACTION", "DISPLAY"), .text("DESCRIPTION", draft.summary), .raw("TRIGGER", "-PT\(minutes)M"),
            ]))
        }
        return event
    }

    static func calendar(_ event: ICSComponent) -> ICSComponent {
        ICSComponent(name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", productID)], components: [event])
    }

    /// DTSTART/DTEND: UTC for a time with an offset, floating without one, VALUE=DATE for a date.
    static func time(_ name: String, _ value: DateTimeValue) -> ICSProperty {
        value.isDateOnly
            ? .raw(name, value.icalendarText, parameters: [ICSParameter(name: "VALUE", value: "DATE")])
            : .raw(name, value.icalendarText)
    }

    /// A UTC DATE-TIME for seconds since 1970 ("20200626T170000Z").
    static func utcText(_ seconds: Int64) -> String {
        let days = Int(floorDivide(seconds, 86_400))
        let secondsOfDay = Int(seconds - Int64(days) * 86_400)
        let date = DateTimeValue(year: 1970, month: 1, day: 1, time: nil, utcOffsetSeconds: nil).adding(seconds: days * 86_400)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return String(date.icalendarText) + "T" + two(secondsOfDay / 3600) + two(secondsOfDay / 60 % 60) + two(secondsOfDay % 60) + "Z"
    }

    /// Seconds since 1970 from a UTC DATE-TIME this tool wrote.
    static func seconds(fromUTC text: String) -> Int64? {
        guard text.hasSuffix("Z"), let value = DateTimeValue(parsing: text), let instant = value.instant else { return nil }
        return Int64(instant.rounded(.down))
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The content that matters, for "did anything change?".
    static func content(_ event: ICSComponent) -> [ICSProperty] {
        event.properties.filter { !bookkeeping.contains($0.name) } + event.components.flatMap(\.properties)
    }
}
