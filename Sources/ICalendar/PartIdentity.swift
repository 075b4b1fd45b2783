import SchemaMarkup

/// What names one reservation part's event, across every message about the booking.
///
/// The reservation is named by the signer's organizational domain (the Public Suffix List,
/// as alignment uses it: `d=mail.sender.example` and `d=sender.example` are one sender) and
/// the reservation id. A part is named by facts a change of booking does not change:
///
/// - a flight, train, bus or boat leg by its route (from → to, by code, else by name) and,
///   when a route comes more than once (out, back, out again), by which of them it is; never
///   by its date, time or number: a delay past midnight or a new flight for the same leg
///   updates the leg, and a mail that lists only one leg (its change or cancellation) still
///   names it;
/// - a table, stay, event, car rental or taxi by its position among the parts of its kind
///   alone: the first (usually the only) part is the kind itself, so a renamed venue, a
///   moved table or a changed stay updates the event.
///
/// Two parts of one message never share an identity: their routes or positions differ.
public struct PartIdentity: Sendable, Hashable {
    /// The signer's organizational domain, lowercased.
    public let organization: String
    public let reservationID: String
    /// The part within the reservation ("FlightReservation leg 2 JFK-BOS", "LodgingReservation").
    public let part: String

    public init(organization: String, reservationID: String, part: String) {
        self.organization = organization.lowercased()
        self.reservationID = reservationID
        self.part = part
    }

    public var uid: EventUID { EventUID(domain: organization, reservationID: reservationID, itemReference: part) }

    /// The key every part of the reservation carries, for cancellations that name only the id.
    public var reservationKey: String { EventUID.reservationKey(domain: organization, reservationID: reservationID) }

    /// The part name of `reservation`, the `position`-th (from 1) part of its kind in its
    /// reservation (for legs: the `position`-th leg on its route).
    public static func part(of reservation: Reservation, position: Int) -> String {
        switch reservation.kind {
        case .flight, .train, .bus, .boat:
            let name = "\(reservation.kind.rawValue) leg \(route(of: reservation))"
            return position == 1 ? name : "\(name) \(position)"
        case .foodEstablishment, .lodging, .event, .rentalCar, .taxi:
            return position == 1 ? reservation.kind.rawValue : "\(reservation.kind.rawValue) \(position)"
        }
    }

    /// "sfo-jfk": where a leg starts and ends, by code, else by name, lowercased.
    static func route(of reservation: Reservation) -> String {
        func end(_ place: Place?) -> String { (place?.code ?? place?.name ?? "").lowercased() }
        return end(reservation.place) + "-" + end(reservation.destination)
    }

    /// The position of each part in one message, in markup order: among the parts of its
    /// kind and reservation, for legs among those on its route; nil for a cancellation that
    /// names no part.
    public static func positions(_ reservations: [Reservation]) -> [Int?] {
        var counts: [String: Int] = [:]
        return reservations.map { reservation in
            guard !reservation.itemReference.isEmpty else { return nil }
            var key = reservation.kind.rawValue + "\n" + (reservation.reservationID ?? "")
            switch reservation.kind {
            case .flight, .train, .bus, .boat: key += "\n" + route(of: reservation)
            case .foodEstablishment, .lodging, .event, .rentalCar, .taxi: break
            }
            counts[key, default: 0] += 1
            return counts[key]
        }
    }
}
