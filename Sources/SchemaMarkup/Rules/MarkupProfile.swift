/// Whose rules a sender's markup is checked against. Usable together.
public enum MarkupProfile: String, Sendable, Hashable, CaseIterable {
    /// Siri Event Suggestions (Apple Mail).
    case apple
    /// Gmail's e-mail markup.
    case google

    var displayName: String { self == .apple ? "Siri Event Suggestions" : "Gmail" }

    /// Paths that must have a value, per reservation kind. A segment may list alternatives
    /// with `|` (`checkinTime|checkinDate`), a whole path with `||` (`startTime||reservationFor.startDate`:
    /// Apple's own sample puts the time inside reservationFor). A cancellation needs only id and status.
    func requiredPaths(for kind: ReservationKind) -> [String] {
        let id = self == .apple ? "reservationId" : "reservationNumber"
        let common = [id, "reservationStatus", "underName.name||underName", "reservationFor"]
        let address = self == .google
            ? ["address.streetAddress", "address.addressLocality", "address.addressRegion", "address.postalCode",
               "address.addressCountry"]
            : ["address"]
        func inFor(_ paths: [String]) -> [String] { paths.map { "reservationFor." + $0 } }
        switch kind {
        case .foodEstablishment:
            return common + inFor(["name"] + address) + ["startTime||reservationFor.startDate||reservationFor.startTime"]
                + (self == .google ? ["partySize"] : [])
        case .lodging:
            return common + inFor(["name", "telephone"] + address) + ["checkinTime|checkinDate", "checkoutTime|checkoutDate"]
        case .event:
            return common + inFor(["name", "startDate", "location.name"] + address.map { "location." + $0 })
        case .flight:
            return common + [
                "reservationFor.airline|provider.name||provider.name", "reservationFor.airline|provider.iataCode||provider.iataCode",
            ] + inFor([
                "flightNumber",
                "departureAirport.name", "departureAirport.iataCode", "departureTime",
                "arrivalAirport.name", "arrivalAirport.iataCode",
            ] + (self == .apple ? ["arrivalTime"] : []))
        case .train:
            return common + inFor(["departureStation.name", "departureTime", "arrivalStation.name"]
                + (self == .apple ? ["arrivalTime", "trainNumber", "departureStation.address", "arrivalStation.address"] : []))
        case .bus:
            return common + inFor(["departureBusStop.name", "departureTime", "arrivalBusStop.name"]
                + (self == .apple ? ["arrivalTime", "busNumber", "departureBusStop.address", "arrivalBusStop.address"] : []))
        case .boat:
            return common + inFor(["departureBoatTerminal.name", "departureTime", "arrivalBoatTerminal.name"]
                + (self == .apple ? ["arrivalTime"] : []))
        case .rentalCar:
            return common + inFor(["name", "rentalCompany.name"]) + ["pickupLocation.name", "pickupTime",
                "dropoffLocation.name", "dropoffTime"] + (self == .google ? address.map { "pickupLocation." + $0 } : [])
        case .taxi:
            return common + ["pickupLocation.name", "pickupTime"]
        }
    }
}
