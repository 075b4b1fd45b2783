import PlaceZones

/// Chooses the zone of a reservation time written without a UTC offset, from the place the
/// time belongs to, in issue 17's order of evidence:
///
/// 1. an explicit offset in the value: kept as written, no zone (the sender's word wins);
/// 2. a flight's airport by its IATA code — codes only for flights: a station's or stop's
///    code (Amtrak's "NYP", SNCF's "FRPNO") is not an IATA code, and a clash would move it;
/// 3. `geo` coordinates, by the nearest known place within `PlaceZoneDirectory.maximumDistance`;
/// 4. the address: a country with one zone, else its region or locality;
/// 5. the other end of the same trip, only when both ends are the same place (same name or
///    code: a car returned where it was picked up, a round-trip cruise) and never for
///    flights. A departure's country says nothing sound about the arrival's (Eurostar,
///    a ferry from Dover to Calais, a coach from Madrid to Lisbon), so a trip's other end
///    in a different place lends it nothing;
/// 6. else nothing: the time stays floating, and `no-time-zone` says what was missing.
///
/// Departure times take the departure place, arrival times the arrival place; check-in and
/// check-out the lodging; a restaurant's or event's times its location; a car rental's
/// pickup and drop-off their locations.
struct ZoneResolver {
    let directory: PlaceZoneDirectory

    enum Outcome: Equatable {
        case zone(ZoneMatch)
        /// Why no zone was found, as a clause for the `no-time-zone` message.
        case missing(String)
    }

    func zone(for place: Place?, named placeKey: String, kind: ReservationKind, otherEnd: Place?) -> Outcome {
        let own = zone(for: place, named: placeKey, kind: kind)
        guard case .missing = own, kind != .flight, let place, let otherEnd, Self.isSamePlace(place, otherEnd) else { return own }
        if case .zone(let match) = zone(for: otherEnd, named: placeKey, kind: kind) {
            return .zone(ZoneMatch(zone: match.zone, evidence: .otherEnd(match.evidence)))
        }
        return own
    }

    private func zone(for place: Place?, named placeKey: String, kind: ReservationKind) -> Outcome {
        guard let place, !place.isEmpty else { return .missing("the markup names no \(placeKey)") }
        var missing: [String] = []
        if kind == .flight {
            if let code = place.code {
                if let match = directory.zone(airport: code) { return .zone(match) }
                missing.append("airport code \(code) is not one eventsuggest knows")
            } else {
                missing.append("\(placeKey) has no iataCode")
            }
        }
        if let geo = place.geo {
            if let match = directory.zone(latitude: geo.latitude, longitude: geo.longitude) { return .zone(match) }
            missing.append("its geo is more than \(Int(PlaceZoneDirectory.maximumDistance)) km from every place eventsuggest knows")
        }
        if let address = place.address {
            switch directory.zone(country: address.country, region: address.region, locality: address.locality) {
            case .zone(let match):
                return .zone(match)
            case .unknownCountry(nil):
                missing.append(address.text != nil ? "its address is one line of text without addressCountry"
                    : "its address has no addressCountry")
            case .unknownCountry(let text?):
                missing.append("addressCountry \"\(text)\" is no country eventsuggest knows")
            case .severalZones(let country):
                missing.append("\(country) has several time zones and its addressRegion and addressLocality do not say which")
            }
        } else if place.geo == nil {
            missing.append("\(placeKey) has no geo or address")
        }
        return .missing(missing.joined(separator: ", "))
    }

    /// The same place named at both ends: the same code, or the same name.
    static func isSamePlace(_ one: Place, _ other: Place) -> Bool {
        if let code = one.code, let otherCode = other.code { return code.uppercased() == otherCode.uppercased() }
        if let name = one.name, let otherName = other.name { return PlaceNameMatch.same(name, otherName) }
        return false
    }
}

/// Names compared as a person would: case and runs of white space do not count.
enum PlaceNameMatch {
    static func same(_ one: String, _ other: String) -> Bool { folded(one) == folded(other) }

    private static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
