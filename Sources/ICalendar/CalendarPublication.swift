/// The events of one message as an iTIP PUBLISH object (RFC 5546 §3.2.1): one VCALENDAR
/// with `METHOD:PUBLISH` and the VEVENTs exactly as the calendar store holds them — same
/// UID, SEQUENCE, DTSTAMP, times and STATUS (`CANCELLED` for a cancellation) — without the
/// store's own bookkeeping (`X-EVENTSUGGEST-*`), which says nothing to a mail reader.
///
/// What `filter --attach-event` puts into the message as its `text/calendar; method=PUBLISH`
/// part, so that the reader's own banner ("This message contains an event", "Add to
/// calendar") offers the event.
public struct CalendarPublication: Sendable, Hashable {
    /// Who publishes the events: the message's author (its From, which the passing
    /// signature covers).
    public struct Organizer: Sendable, Hashable {
        public var address: String
        public var name: String?

        public init(address: String, name: String?) {
            self.address = address
            self.name = name
        }
    }

    /// The VEVENTs as the store wrote or kept them, in the order of the message's parts.
    public var events: [ICSComponent]
    public var organizer: Organizer?

    public init(events: [ICSComponent], organizer: Organizer?) {
        self.events = events
        self.organizer = organizer
    }

    /// The store's bookkeeping properties: they begin with this prefix.
    static let bookkeepingPrefix = "X-EVENTSUGGEST-"

    /// The VCALENDAR: VERSION, PRODID, METHOD:PUBLISH, then the events.
    public var calendar: ICSComponent {
        ICSComponent(name: "VCALENDAR", properties: [
            .raw("VERSION", "2.0"), .raw("PRODID", EventComponent.productID), .raw("METHOD", "PUBLISH"),
        ], components: events.map(published))
    }

    /// The iCalendar text (CRLF, folded at 75 octets), checked by ``ICSWriter``.
    public func serialized() throws(ICSWriter.InvalidCalendar) -> String {
        try ICSWriter.serialize(calendar)
    }

    /// One event as published: the stored VEVENT without the bookkeeping, with an ORGANIZER.
    ///
    /// RFC 5546 §3.2.1: a PUBLISH VEVENT carries exactly one ORGANIZER (and needs DTSTAMP,
    /// DTSTART, SEQUENCE when not 0, SUMMARY, UID — all of which the store writes). The
    /// organizer is the sender whose signature made the message trusted, which is who the
    /// readers name in their banner (Evolution: "… has published the following meeting
    /// information").
    func published(_ event: ICSComponent) -> ICSComponent {
        var event = event
        event.properties.removeAll { $0.name.hasPrefix(Self.bookkeepingPrefix) }
        if let organizer, event.property("ORGANIZER") == nil {
            var parameters: [ICSParameter] = []
            if let name = organizer.name, !name.isEmpty { parameters.append(ICSParameter(name: "CN", value: name)) }
            // RFC 5545 §3.8.4.3: ORGANIZER is a CAL-ADDRESS, a mailto: URI (RFC 6068).
            let property = ICSProperty.raw("ORGANIZER", "mailto:" + organizer.address, parameters: parameters)
            let afterUID = (event.properties.firstIndex { $0.name == "DTSTAMP" } ?? -1) + 1
            event.properties.insert(property, at: afterUID)
        }
        return event
    }
}
