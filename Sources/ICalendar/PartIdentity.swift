import SchemaMarkup

/// What names one reservation part's event, across every message about the booking.
///
/// The reservation is named by the signer's organizational domain (the Public Suffix List,
/// as alignment uses it: `d=mail.sender.example` and `d=sender.example` are one sender) and
/// the reservation id. A part is named by facts a change of booking does not change:
///
/// - a flight, train, bus or boat leg by its position among the legs of its kind and its
///   route (from → to, by code, else by name), never by its date or time: a delay past
///   midnight or a new flight number for the same leg updates the leg;
/// - a table, stay, event, car rental or taxi by its position among the parts of its kind
///   alone: the first (usually the only) part is the kind itself, so a renamed venue, a
///   moved table or a changed stay updates the event.
///
/// Two parts of one message never share an identity: their positions differ.
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

    /// The part name of `reservation`, the `position`-th (from 1) part of its kind in its reservation.
    public static func part(of reservation: Reservation, position: Int) -> String {
        switch reservation.kind {
        case .flight, .train, .bus, .boat:
            func end(_ place: Place?) -> String { (place?.code ?? place?.name ?? "").lowercased() }
            let route = [end(reservation.place), end(reservation.destination)].joined(separator: "-")
            return "\(reservation.kind.rawValue) leg \(position) \(route)"
        case .foodEstablishment, .lodging, .event, .rentalCar, .taxi:
            return position == 1 ? reservation.kind.rawValue : "\(reservation.kind.rawValue) \(position)"
        }
    }

    /// The position of each part among the parts of its kind and reservation in one
    /// message, in markup order; nil for a cancellation that names no part.
    public static func positions(_ reservations: [Reservation]) -> [Int?] {
        var counts: [String: Int] = [:]
        return reservations.map { reservation in
            guard !reservation.itemReference.isEmpty else { return nil }
            let key = reservation.kind.rawValue + "\n" + (reservation.reservationID ?? "")
            counts[key, default: 0] += 1
            return counts[key]
        }
    }
}
