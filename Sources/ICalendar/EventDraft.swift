import CivilTime
import SchemaMarkup

/// What a reservation part becomes in a calendar, before identity and bookkeeping: the
/// fields a person reads.
public struct EventDraft: Sendable, Hashable {
    public var summary: String
    public var start: DateTimeValue
    public var end: DateTimeValue?
    public var location: String?
    public var description: String
    public var url: String?
    /// Minutes before the start for a reminder, when reminders are asked for.
    public var alarmMinutesBefore: Int?
}

/// The choices made in mapping reservations to events. Lodging and car rentals become one
/// event from check-in (pick-up) to check-out (drop-off): a calendar shows the stay or the
/// rental as one block, and one UID per part keeps update and cancel simple.
public struct EventMappingOptions: Sendable, Hashable {
    /// Add a VALARM with each type's default lead time.
    public var alarms: Bool
    /// The zone rules zoned times are put on the time line with (and VTIMEZONEs built from):
    /// one cache per run, made by whoever makes the options.
    public var zones: ZoneRulesCache

    public init(alarms: Bool = false, zones: ZoneRulesCache = ZoneRulesCache()) {
        self.alarms = alarms
        self.zones = zones
    }
}

public enum EventMapping {
    /// Default lengths when the markup gives no end, in seconds.
    static func defaultDuration(_ kind: ReservationKind) -> Int {
        switch kind {
        case .foodEstablishment: 2 * 3600 // a table: two hours
        case .event: 2 * 3600
        case .flight: 2 * 3600
        case .train, .bus, .boat: 3600
        case .lodging, .rentalCar: 24 * 3600
        case .taxi: 30 * 60
        }
    }

    /// Default reminder lead times (minutes), used with `--alarm`.
    static func defaultAlarm(_ kind: ReservationKind) -> Int {
        switch kind {
        case .flight: 180 // leave for the airport
        case .train, .bus, .boat: 60
        case .foodEstablishment, .event: 60
        case .lodging, .rentalCar: 120
        case .taxi: 15
        }
    }

    /// The draft for a reservation part, or nil when it has no start time.
    public static func draft(for reservation: Reservation, options: EventMappingOptions = .init()) -> EventDraft? {
        let rules: (ZoneIdentifier) -> ZoneRules? = options.zones.rulesIfKnown
        // A zone without rules here cannot get its VTIMEZONE (RFC 5545 §3.2.19 requires one):
        // such a time is written floating, as before zones existed.
        func usable(_ value: DateTimeValue) -> DateTimeValue {
            guard let zone = value.zone, rules(zone) == nil else { return value }
            return value.withoutZone
        }
        guard let start = reservation.start.map(usable) else { return nil }
        var end = reservation.end.map(usable)
        // RFC 5545 §3.8.2.2: DTEND has DTSTART's value type and comes after it. A date start
        // with a timed end (a hotel's check-out at 11:00) keeps the end's date; anything else
        // that does not fit (floating against an instant, an end not after the start) gets the
        // default length. Zoned times and times with offsets are all instants here, compared
        // on the time line (a flight's arrival in another zone); DTEND may name another zone.
        if let given = end, start.isDateOnly, !given.isDateOnly {
            end = DateTimeValue(date: given.date)
        }
        if let given = end, given.isDateOnly != start.isDateOnly || isOnTimeLine(given) != isOnTimeLine(start)
            || given.compare(start, rules: rules) != .orderedDescending {
            end = nil
        }
        if end == nil {
            let seconds = defaultDuration(reservation.kind)
            end = start.isDateOnly
                ? start.adding(seconds: max(seconds, 86_400) / 86_400 * 86_400)
                : start.adding(seconds: seconds, rules: start.zone.flatMap(rules))
        }
        return EventDraft(
            summary: summary(reservation), start: writable(start, rules: rules), end: end.map { writable($0, rules: rules) }, location: location(reservation),
            description: description(reservation), url: reservation.url,
            alarmMinutesBefore: options.alarms ? defaultAlarm(reservation.kind) : nil)
    }

    /// A summary a person would write.
    public static func summary(_ reservation: Reservation) -> String {
        // Airports go by their IATA codes ("SFO → JFK"); stations, stops and terminals by name.
        let byCode = reservation.kind == .flight
        let from = byCode ? reservation.place?.code ?? reservation.place?.name : reservation.place?.name ?? reservation.place?.code
        let to = byCode ? reservation.destination?.code ?? reservation.destination?.name
            : reservation.destination?.name ?? reservation.destination?.code
        let route = [from, to].compactMap { $0 }.joined(separator: " → ")
        func joined(_ pieces: String?...) -> String {
            pieces.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        switch reservation.kind {
        case .foodEstablishment:
            let table = reservation.partySize.map { "table for \($0)" } ?? "table"
            return "\(reservation.name ?? "Restaurant") — \(table)"
        case .flight:
            return joined(reservation.tripNumber ?? reservation.provider ?? "Flight", route)
        case .lodging:
            var text = reservation.name ?? "Hotel"
            if let start = reservation.start, let end = reservation.end, let nights = nightsBetween(start, end), nights > 0 {
                text += ", \(nights) night\(nights == 1 ? "" : "s")"
            }
            return text
        case .event:
            return reservation.name ?? "Event"
        case .train:
            return joined(reservation.tripNumber ?? reservation.provider ?? "Train", route)
        case .bus:
            let number = reservation.tripNumber.map { "Bus \($0)" } ?? reservation.provider ?? "Bus"
            return joined(number, route)
        case .boat:
            return joined("Ferry", reservation.tripNumber ?? reservation.provider, route)
        case .rentalCar:
            let company = reservation.provider.map { " \($0)" } ?? ""
            let place = reservation.place?.name.map { " at \($0)" } ?? ""
            return "Car rental pick-up\(company)\(place)"
        case .taxi:
            return "Taxi pick-up" + (reservation.place?.name.map { " at \($0)" } ?? "")
        }
    }

    static func location(_ reservation: Reservation) -> String? {
        guard let place = reservation.place else { return nil }
        let pieces = [place.name, place.address?.formatted].compactMap { $0 }.filter { !$0.isEmpty }
        return pieces.isEmpty ? nil : pieces.joined(separator: ", ")
    }

    static func description(_ reservation: Reservation) -> String {
        var lines: [String] = []
        if let id = reservation.reservationID { lines.append("Confirmation number: \(id)") }
        if let name = reservation.underName { lines.append("Reserved for: \(name)") }
        if let size = reservation.partySize { lines.append("Party size: \(size)") }
        if let provider = reservation.provider, reservation.kind != .foodEstablishment { lines.append("Operated by: \(provider)") }
        if reservation.kind == .rentalCar, let car = reservation.name { lines.append("Car: \(car)") }
        if let destination = reservation.destination {
            let text = [destination.name, destination.address?.formatted].compactMap { $0 }.joined(separator: ", ")
            if !text.isEmpty { lines.append((reservation.kind == .rentalCar ? "Drop-off: " : "Arrival: ") + text) }
        }
        if let phone = reservation.place?.telephone { lines.append("Phone: \(phone)") }
        if let broker = reservation.broker { lines.append("Booked through: \(broker)") }
        if let seat = reservation.seat { lines.append("Seat: \(seat)") }
        if let ticket = reservation.ticketNumber { lines.append("Ticket: \(ticket)") }
        return lines.joined(separator: "\n")
    }

    /// A zoned time as it is best written. `TZID=` with a VTIMEZONE for a wall time that occurs
    /// once; UTC for one that occurs twice or never in its zone.
    /// QUIRK: RFC 5545 §3.3.5 says a repeated wall time is the first occurrence and a skipped
    /// one moves forward; Python icalendar, libical and khal all read the repeated one as the
    /// second, and libical moves the skipped one back (checked by ZonedReaderTests). The
    /// instant decided by `ZoneRules.instant(for:)` is written so that no reader can differ.
    static func writable(_ value: DateTimeValue, rules: (ZoneIdentifier) -> ZoneRules?) -> DateTimeValue {
        guard let zone = value.zone, let zoneRules = rules(zone), let local = value.localDateTime,
              zoneRules.kind(of: local) != .unique, let instant = value.instant(rules: zoneRules)
        else { return value }
        return DateTimeValue(instant: instant)
    }

    /// A time with an offset or a zone: a point on the time line.
    static func isOnTimeLine(_ value: DateTimeValue) -> Bool { value.hasOffset || value.zone != nil }

    /// Calendar days between two dates (check-in to check-out), by their local dates (the
    /// lodging's wall calendar, whatever the zone).
    static func nightsBetween(_ start: DateTimeValue, _ end: DateTimeValue) -> Int? {
        let nights = end.date.daysSinceEpoch - start.date.daysSinceEpoch
        return nights < 0 ? 0 : min(nights, 366)
    }
}
