import Findings

/// Maps every variant of reservation markup real mail uses onto `Reservation` parts.
///
/// Old and new names, subtypes, IRIs, `reservationFor` arrays, `checkinDate` for
/// `checkinTime`, `airline` or `provider`, `busCompany`/`trainCompany` for `provider`,
/// `bookingAgent` for `broker`. Problems are findings; nothing is thrown.
struct ReservationNormalizer {
    let limits: MarkupLimits

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

    private func fill(_ part: inout Reservation, from view: ItemView, target: ItemView, location: SourceLocation,
                      findings: inout [Finding]) {
        func time(_ keys: [String], in source: ItemView) -> DateTimeValue? {
            self.time(source, keys, location: location, findings: &findings)
        }
        switch part.kind {
        case .foodEstablishment:
            part.name = target.text("name")
            part.place = place(target)
            part.start = time(["startTime"], in: view) ?? time(["startDate", "startTime"], in: target)
            part.end = time(["endTime"], in: view) ?? time(["endDate", "endTime"], in: target)
        case .lodging:
            part.name = target.text("name")
            part.place = place(target)
            part.start = time(["checkinTime", "checkinDate"], in: view)
            part.end = time(["checkoutTime", "checkoutDate"], in: view)
        case .event:
            part.name = target.text("name")
            part.place = target.item("location").map(place) ?? (target.text("location").map { Place(name: $0) })
            part.start = time(["startDate", "startTime"], in: target) ?? time(["startTime"], in: view)
            part.end = time(["endDate", "endTime"], in: target) ?? time(["endTime"], in: view)
        case .flight:
            let airline = target.item(["airline", "provider"]) ?? view.item("provider")
            part.provider = airline?.text("name") ?? target.text("airline") ?? part.provider
            let code = airline?.text("iataCode")
            if let number = target.text("flightNumber") {
                part.tripNumber = code.map { number.uppercased().hasPrefix($0.uppercased()) ? number : "\($0) \(number)" } ?? number
            }
            part.name = part.provider
            part.place = target.item("departureAirport").map(place)
            part.destination = target.item("arrivalAirport").map(place)
            part.start = time(["departureTime"], in: target)
            part.end = time(["arrivalTime"], in: target)
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
            part.start = time(["departureTime"], in: target)
            part.end = time(["arrivalTime"], in: target)
        case .rentalCar:
            part.name = [target.item("brand")?.text("name") ?? target.text("brand"), target.text("model") ?? target.text("name")]
                .compactMap { $0 }.joined(separator: " ").nilIfEmpty
            part.provider = target.name("rentalCompany") ?? part.provider
            part.place = view.item("pickupLocation").map(place)
            part.destination = view.item("dropoffLocation").map(place)
            part.start = time(["pickupTime"], in: view)
            part.end = time(["dropoffTime"], in: view)
        case .taxi:
            part.name = target.text("name")
            part.place = view.item("pickupLocation").map(place)
            part.start = time(["pickupTime"], in: view)
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
        if let start = part.start, let end = part.end, let order = start.compare(end), order == .orderedDescending {
            findings.append(Finding(
                code: .endBeforeStart,
                message: "\(part.kind.rawValue) ends (\(end)) before it starts (\(start))", location: location))
        }
    }

    private func time(_ view: ItemView, _ keys: [String], location: SourceLocation, findings: inout [Finding]) -> DateTimeValue? {
        for key in keys {
            guard let text = view.text(key) else { continue }
            guard let value = DateTimeValue(parsing: text) else {
                findings.append(Finding(
                    code: .invalidDateTime,
                    message: "\(key) \"\(text)\" is not an ISO 8601 date or date-time",
                    location: view.location(ofProperty: key) ?? location))
                return nil
            }
            if !value.isDateOnly && !value.hasOffset {
                findings.append(Finding(
                    code: .noTimeZone,
                    message: "\(key) \"\(text)\" has no UTC offset; it is taken as local time wherever the calendar is "
                        + "(add Z or ±hh:mm)", location: view.location(ofProperty: key) ?? location))
            }
            return value
        }
        return nil
    }

    private func place(_ view: ItemView) -> Place {
        var place = Place(name: view.text("name"), code: view.text(["iataCode", "stationCode"]),
                          telephone: view.text("telephone"))
        if let address = view.item("address") {
            place.address = PostalAddress(
                street: address.text("streetAddress"), locality: address.text("addressLocality"),
                region: address.text("addressRegion"), postalCode: address.text("postalCode"),
                country: address.name("addressCountry"))
        } else if let text = view.text("address") {
            place.address = PostalAddress(text: text)
        }
        return place
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
