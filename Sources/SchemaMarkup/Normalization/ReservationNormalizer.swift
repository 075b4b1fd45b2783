import Findings
import CivilTime
import PlaceZones

/// Maps every variant of reservation markup real mail uses onto `Reservation` parts.
///
/// Old and new names, subtypes, IRIs, `reservationFor` arrays, `checkinDate` for
/// `checkinTime`, `airline` or `provider`, `busCompany`/`trainCompany` for `provider`,
/// `bookingAgent` for `broker`. Problems are findings; nothing is thrown.
struct ReservationNormalizer {
    let limits: MarkupLimits
    /// Where the zones of times without an offset come from; nil: they stay floating.
    var zones: PlaceZoneDirectory? = nil

    func normalize(_ items: [ExtractedItem]) -> (reservations: [Reservation], findings: [Finding]) {
        let graph = ItemGraph(items: items.map(\.value), locations: items.map(\.locations))
        var reservations: [Reservation] = []
        var findings: [Finding] = []
        var seen: [String: Reservation] = [:] // by "id|itemReference": the parts made so far
        for item in items {
            let view = ItemView(value: item.value, graph: graph, locations: item.locations)
            let types = view.types
            guard let kind = types.lazy.compactMap(ReservationKind.init(schemaType:)).first else {
                if let unknown = types.first(where: { $0.hasSuffix("Reservation") }) {
                    findings.append(Finding(
                        code: .unknownType,
                        message: "\(unknown) is not a reservation type this tool knows (FoodEstablishment, Flight, "
                            + "Lodging, Event, Train, Bus, Boat, RentalCar or Taxi reservations); ignored",
                        location: item.location))
                }
                continue
            }
            for var reservation in parts(of: view, kind: kind, location: item.location, findings: &findings) {
                let key = (reservation.reservationID ?? "") + "|" + reservation.itemReference
                if let first = seen[key] {
                    // The same part twice (JSON-LD and Microdata of one booking, say) is one part.
                    var same = reservation
                    same.location = first.location
                    if same == first { continue }
                    findings.append(Finding(
                        code: .duplicateItemReference,
                        message: "two different parts of reservation \(reservation.reservationID ?? "(no id)") are both "
                            + "\"\(reservation.itemReference)\" (first at \(first.location.map(Self.lineAndColumn) ?? "?")); the second is "
                            + "ignored rather than overwriting the first",
                        location: item.location))
                    continue
                }
                guard reservations.count < limits.maxReservations else {
                    findings.append(Finding(
                        code: .tooManyReservations,
                        message: "more than \(limits.maxReservations) reservation parts in one message (limit events); "
                            + "the rest are ignored", location: item.location))
                    return (reservations, findings)
                }
                reservation.location = item.location
                seen[key] = reservation
                reservations.append(reservation)
            }
        }
        return (reservations, findings)
    }

    /// One reservation item becomes one part per `reservationFor` entry (none: a minimal cancellation).
    private func parts(of view: ItemView, kind: ReservationKind, location: SourceLocation,
                       findings: inout [Finding]) -> [Reservation] {
        var common = Reservation(kind: kind, itemReference: "")
        common.reservationID = view.text(["reservationNumber", "reservationId"])
        if let statusText = view.text("reservationStatus") {
            common.status = ReservationStatus(schemaValue: statusText)
            if common.status == nil {
                findings.append(Finding(
                    code: .unknownStatus,
                    message: "reservationStatus \"\(statusText)\" is none of ReservationConfirmed, ReservationCancelled, "
                        + "ReservationPending, ReservationHold",
                    location: view.location(ofProperty: "reservationStatus") ?? location))
            }
        }
        common.underName = view.name("underName")
        common.broker = view.name("broker") ?? view.name("bookingAgent")
        common.url = view.text(["url", "modifyReservationUrl"])
        common.partySize = view.text("partySize").flatMap { Int($0) ?? Double($0).map { Int($0) } }
        common.modifiedTime = time(view, ["modifiedTime"], location: location, findings: &findings)
        common.ticketNumber = view.item("reservedTicket")?.text("ticketNumber")
        common.seat = seat(view)
        common.provider = view.name("provider")

        let targets = view.items("reservationFor")
        if targets.isEmpty {
            // QUIRK: a cancellation may carry only id and status: it names every part (the
            // empty item reference). Anything else without reservationFor is one part.
            if common.status != .cancelled {
                common.itemReference = kind.rawValue
                fill(&common, from: view, target: ItemView(value: .object([]), graph: view.graph), location: location,
                     findings: &findings)
            }
            return [common]
        }
        return targets.enumerated().map { index, target in
            var part = common
            fill(&part, from: view, target: target, location: location, findings: &findings)
            part.itemReference = itemReference(part, target: target, index: index, count: targets.count)
            check(part, location: Self.endLocation(view: view, target: target) ?? location, findings: &findings)
            return part
        }
    }

    /// A time as read: the value, and the key and text it came from (for findings).
    struct ReadTime {
        var value: DateTimeValue
        var key: String
        var text: String
        /// The value's own place in the source (the property's value), for the findings about it.
        var location: SourceLocation
    }

    /// Where a part's start and end were read from, and the properties naming their places.
    struct TimeSources {
        var start: ReadTime?
        var end: ReadTime?
        var startPlaceKey = "place"
        var endPlaceKey = "place"
    }

    private func fill(_ part: inout Reservation, from view: ItemView, target: ItemView, location: SourceLocation,
                      findings: inout [Finding]) {
        func time(_ keys: [String], in source: ItemView) -> ReadTime? {
            self.read(source, keys, location: location, findings: &findings)
        }
        var sources = TimeSources()
        switch part.kind {
        case .foodEstablishment:
            part.name = target.text("name")
            part.place = place(target)
            sources.start = time(["startTime"], in: view) ?? time(["startDate", "startTime"], in: target)
            sources.end = time(["endTime"], in: view) ?? time(["endDate", "endTime"], in: target)
            sources.startPlaceKey = "restaurant (reservationFor)"
            sources.endPlaceKey = sources.startPlaceKey
        case .lodging:
            part.name = target.text("name")
            part.place = place(target)
            sources.start = time(["checkinTime", "checkinDate"], in: view)
            sources.end = time(["checkoutTime", "checkoutDate"], in: view)
            sources.startPlaceKey = "lodging (reservationFor)"
            sources.endPlaceKey = sources.startPlaceKey
        case .event:
            part.name = target.text("name")
            part.place = target.item("location").map(place) ?? (target.text("location").map { Place(name: $0) })
            sources.start = time(["startDate", "startTime"], in: target) ?? time(["startTime"], in: view)
            sources.end = time(["endDate", "endTime"], in: target) ?? time(["endTime"], in: view)
            sources.startPlaceKey = "event location"
            sources.endPlaceKey = sources.startPlaceKey
        case .flight:
            let airline = target.item(["airline", "provider"]) ?? view.item("provider")
            part.provider = airline?.text("name") ?? target.text("airline") ?? part.provider
            let code = airline?.text("iataCode")
            if let number = target.text("flightNumber") {
                part.tripNumber = code.map { number.uppercased().hasPrefix($0.uppercased()) ? number : "\($0) \(number)" } ?? number
            }
            part.name = part.provider
            part.place = airport(target, "departureAirport")
            part.destination = airport(target, "arrivalAirport")
            sources.start = time(["departureTime"], in: target)
            sources.end = time(["arrivalTime"], in: target)
            (sources.startPlaceKey, sources.endPlaceKey) = ("departureAirport", "arrivalAirport")
            part.seat = part.seat ?? view.text("airplaneSeat")
        case .train, .bus, .boat:
            let companyKey = part.kind == .train ? "trainCompany" : part.kind == .bus ? "busCompany" : "provider"
            part.provider = target.name(companyKey) ?? target.name("provider") ?? part.provider
            let numberKeys = part.kind == .train ? ["trainNumber", "trainName"] : part.kind == .bus ? ["busNumber", "busName"] : []
            part.tripNumber = target.text(numberKeys)
            part.name = part.kind == .train ? target.text("trainName") ?? part.provider
                : part.kind == .bus ? target.text("busName") ?? part.provider : target.text("name") ?? part.provider
            let (from, to) = part.kind == .train ? ("departureStation", "arrivalStation")
                : part.kind == .bus ? ("departureBusStop", "arrivalBusStop") : ("departureBoatTerminal", "arrivalBoatTerminal")
            part.place = target.item(from).map(place)
            part.destination = target.item(to).map(place)
            sources.start = time(["departureTime"], in: target)
            sources.end = time(["arrivalTime"], in: target)
            (sources.startPlaceKey, sources.endPlaceKey) = (from, to)
        case .rentalCar:
            part.name = [target.item("brand")?.text("name") ?? target.text("brand"), target.text("model") ?? target.text("name")]
                .compactMap { $0 }.joined(separator: " ").nilIfEmpty
            part.provider = target.name("rentalCompany") ?? part.provider
            part.place = view.item("pickupLocation").map(place)
            part.destination = view.item("dropoffLocation").map(place)
            sources.start = time(["pickupTime"], in: view)
            sources.end = time(["dropoffTime"], in: view)
            (sources.startPlaceKey, sources.endPlaceKey) = ("pickupLocation", "dropoffLocation")
        case .taxi:
            part.name = target.text("name")
            part.place = view.item("pickupLocation").map(place)
            sources.start = time(["pickupTime"], in: view)
            sources.startPlaceKey = "pickupLocation"
        }
        part.start = sources.start?.value
        part.end = sources.end?.value
        placeInZones(&part, sources: sources, location: location, findings: &findings)
        moveOvernightArrival(&part, sources: sources, location: location, findings: &findings)
    }

    /// Repair (issue 17): an overnight trip whose arrival was written with the departure's
    /// date (`departureTime 22:15` in San Francisco, `arrivalTime 06:45` the same day in New
    /// York) arrives the next day — when the zones say so: both times are on the time line, at
    /// least one through the zone of its place (two explicit offsets are instants the sender
    /// wrote, kept as written), the arrival as written is before the departure, and the next day's is
    /// after it (so less than a day's travel). Floating times, or an arrival a day or more
    /// early, are left for `end-before-start`.
    private func moveOvernightArrival(_ part: inout Reservation, sources: TimeSources, location: SourceLocation,
                                      findings: inout [Finding]) {
        guard [.flight, .train, .bus, .boat].contains(part.kind), let departure = part.start, let arrival = part.end,
              let read = sources.end, !departure.isDateOnly, !arrival.isDateOnly,
              departure.zone != nil || arrival.zone != nil, // two explicit offsets are the sender's word: kept
              (departure.year, departure.month, departure.day) == (arrival.year, arrival.month, arrival.day),
              let rules = zones?.rules,
              let leaves = departure.instant(rules: departure.zone.flatMap(rules.rulesIfKnown(for:))),
              let arrives = arrival.instant(rules: arrival.zone.flatMap(rules.rulesIfKnown(for:))),
              arrives < leaves else { return }
        let nextDay = arrival.adding(seconds: 86_400) // the wall clock's next day, same time of day
        guard let arrivesNextDay = nextDay.instant(rules: nextDay.zone.flatMap(rules.rulesIfKnown(for:))),
              arrivesNextDay > leaves else { return }
        part.end = nextDay
        let minutes = Int(arrivesNextDay.secondsSinceEpoch - leaves.secondsSinceEpoch) / 60
        findings.append(Finding(
            code: .arrivalMovedToNextDay,
            message: "\(read.key) \"\(read.text)\" is before the departure on the same date; taken as the next day, "
                + "\(nextDay.withoutZone)\(nextDay.zone.map { " (\($0))" } ?? ""), \(minutes / 60) h \(minutes % 60) min after the departure "
                + "(write the arrival's own date)", location: read.location))
    }

    /// Gives each time without an offset the zone of its place (`ZoneResolver`), and says in
    /// `no-time-zone` which zone that is and why, or what was missing.
    private func placeInZones(_ part: inout Reservation, sources: TimeSources, location: SourceLocation,
                              findings: inout [Finding]) {
        let resolver = zones.map(ZoneResolver.init(directory:))
        let ends: [(read: ReadTime?, place: Place?, placeKey: String, otherEnd: Place?, isStart: Bool)] = [
            (sources.start, part.place, sources.startPlaceKey, part.destination, true),
            (sources.end, part.destination ?? part.place, part.destination == nil ? sources.startPlaceKey : sources.endPlaceKey,
             part.destination == nil ? nil : part.place, false),
        ]
        if let read = sources.start, read.key == "departureTime", read.value.isDateOnly {
            // Repair (issue 17): a trip's date without its time is still the day it happens.
            findings.append(Finding(
                code: .dateOnlyDepartureTime,
                message: "departureTime \"\(read.text)\" is a date without a time of day; the event is an all-day event "
                    + "on \(read.value) (give the time, with its UTC offset)", location: read.location))
        }
        for end in ends {
            guard let read = end.read, !read.value.isDateOnly, !read.value.hasOffset else { continue }
            let prefix = "\(read.key) \"\(read.text)\" has no UTC offset"
            let outcome = resolver?.zone(for: end.place, named: end.placeKey, kind: part.kind, otherEnd: end.otherEnd)
            let message: String
            switch outcome {
            case .zone(let match)?:
                if end.isStart {
                    part.startZone = match
                    part.start = read.value.inZone(match.zone)
                } else {
                    part.endZone = match
                    part.end = read.value.inZone(match.zone)
                }
                message = "\(prefix); eventsuggest uses \(match.zone) from \(match.evidence) (add Z or ±hh:mm to say so)"
            case .missing(let reason)?:
                message = "\(prefix), and no zone is known for it (\(reason)); it is taken as local time wherever the "
                    + "calendar is (add Z or ±hh:mm)"
            case nil:
                message = "\(prefix); it is taken as local time wherever the calendar is (add Z or ±hh:mm)"
            }
            findings.append(Finding(code: .noTimeZone, message: message, location: read.location))
        }
    }

    /// The part's own key, stable when the reservation changes time: legs of a trip by
    /// number and departure date, tickets by number; a single part by its kind.
    private func itemReference(_ part: Reservation, target: ItemView, index: Int, count: Int) -> String {
        let day = part.start.map { String($0.description.prefix(10)) } ?? ""
        switch part.kind {
        case .flight, .train, .bus, .boat:
            let route = part.tripNumber ?? [part.place?.code ?? part.place?.name, part.destination?.code ?? part.destination?.name]
                .compactMap { $0 }.joined(separator: "-")
            return "\(route)@\(day)"
        case .event where part.ticketNumber != nil:
            return "ticket \(part.ticketNumber!)"
        case .foodEstablishment, .lodging, .event:
            // By what is reserved, which a modification keeps while it moves the time: two
            // hotels or two shows under one booking number stay two parts.
            if let name = part.name ?? part.place?.name { return "\(part.kind.rawValue) \(name)" }
            return count == 1 ? part.kind.rawValue : "\(part.kind.rawValue) \(index + 1)"
        case .rentalCar, .taxi:
            return count == 1 ? part.kind.rawValue : "\(part.kind.rawValue) \(index + 1)"
        }
    }

    private func check(_ part: Reservation, location: SourceLocation, findings: inout [Finding]) {
        let rules = zones?.rules
        if let start = part.start, let end = part.end,
           let order = start.compare(end, rules: { rules?.rulesIfKnown(for: $0) }), order == .orderedDescending {
            findings.append(Finding(
                code: .endBeforeStart,
                message: "\(part.kind.rawValue) ends (\(end)) before it starts (\(start))", location: location))
        }
    }

    /// `modifiedTime`: no place, so a time without an offset stays floating.
    private func time(_ view: ItemView, _ keys: [String], location: SourceLocation, findings: inout [Finding]) -> DateTimeValue? {
        guard let read = read(view, keys, location: location, findings: &findings) else { return nil }
        if !read.value.isDateOnly && !read.value.hasOffset {
            findings.append(Finding(
                code: .noTimeZone,
                message: "\(read.key) \"\(read.text)\" has no UTC offset; it is taken as local time wherever the calendar is "
                    + "(add Z or ±hh:mm)", location: read.location))
        }
        return read.value
    }

    /// The first of `keys` that has text, parsed; a text that is no ISO 8601 date is an error and left out.
    private func read(_ view: ItemView, _ keys: [String], location: SourceLocation, findings: inout [Finding]) -> ReadTime? {
        for key in keys {
            guard let text = view.text(key) else { continue }
            guard let value = DateTimeValue(parsing: text) else {
                findings.append(Finding(
                    code: .invalidDateTime,
                    message: "\(key) \"\(text)\" is not an ISO 8601 date or date-time",
                    location: view.location(ofProperty: key) ?? location))
                return nil
            }
            return ReadTime(value: value, key: key, text: text, location: view.location(ofProperty: key) ?? location)
        }
        return nil
    }

    /// An airport as an object, or — as real mail writes it — a bare IATA code string ("SFO").
    private func airport(_ target: ItemView, _ key: String) -> Place? {
        if let object = target.item(key) { return place(object) }
        guard let text = target.text(key) else { return nil }
        let isCode = text.utf8.count == 3 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return isCode ? Place(code: text.uppercased()) : Place(name: text)
    }

    private func place(_ view: ItemView) -> Place {
        var place = Place(name: view.text("name"), code: view.text(["iataCode", "stationCode"]),
                          telephone: view.text("telephone"), geo: geo(view))
        if let address = view.item("address") {
            // A Country object names itself by name, else by its code (`identifier`, `alternateName`).
            let country = address.item("addressCountry").flatMap { $0.text(["name", "identifier", "alternateName"]) }
                ?? address.text("addressCountry")
            place.address = PostalAddress(
                street: address.text("streetAddress"), locality: address.text("addressLocality"),
                region: address.item("addressRegion")?.text("name") ?? address.text("addressRegion"),
                postalCode: address.text("postalCode"), country: country)
        } else if let text = view.text("address") {
            place.address = PostalAddress(text: text)
        }
        return place
    }

    /// `geo` (GeoCoordinates, numbers or strings) or the place's own `latitude`/`longitude`.
    private func geo(_ view: ItemView) -> GeoCoordinates? {
        let source = view.item("geo") ?? view
        guard let latitude = source.text("latitude").flatMap(Double.init),
              let longitude = source.text("longitude").flatMap(Double.init) else { return nil }
        return GeoCoordinates(latitude: latitude, longitude: longitude)
    }

    private func seat(_ view: ItemView) -> String? {
        guard let ticket = view.item("reservedTicket"), let seat = ticket.item("ticketedSeat") else { return nil }
        return [seat.text("seatSection"), seat.text("seatRow"), seat.text("seatNumber")].compactMap { $0 }
            .joined(separator: " ").nilIfEmpty
    }
}

extension ReservationNormalizer {
    /// Where the end time of a part is written: the value an end-before-start points at.
    static func endLocation(view: ItemView, target: ItemView) -> SourceLocation? {
        let keys = ["endTime", "endDate", "arrivalTime", "checkoutTime", "checkoutDate", "dropoffTime"]
        return (keys.lazy.compactMap { target.location(ofProperty: $0) } + keys.lazy.compactMap { view.location(ofProperty: $0) }).first
    }

    /// `12:5` (or `12`) for "first at …" in a message: the place in the same text.
    static func lineAndColumn(_ location: SourceLocation) -> String {
        location.column.map { "\(location.line):\($0)" } ?? "\(location.line)"
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
