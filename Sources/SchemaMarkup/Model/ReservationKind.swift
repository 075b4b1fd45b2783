/// The reservation types of Siri Event Suggestions and Gmail markup.
public enum ReservationKind: String, Sendable, Hashable, CaseIterable, Codable {
    case foodEstablishment = "FoodEstablishmentReservation"
    case flight = "FlightReservation"
    case lodging = "LodgingReservation"
    case event = "EventReservation"
    case train = "TrainReservation"
    case bus = "BusReservation"
    case boat = "BoatReservation"
    case rentalCar = "RentalCarReservation"
    case taxi = "TaxiReservation"

    /// The kind for a (short) schema.org type name, subtypes included.
    public init?(schemaType: String) {
        if let kind = ReservationKind(rawValue: schemaType) {
            self = kind
            return
        }
        switch schemaType {
        // Subtypes of FoodEstablishmentReservation and LodgingReservation are not in schema.org,
        // but senders invent them; a plain "Reservation" says nothing and is not accepted.
        case "RestaurantReservation": self = .foodEstablishment
        case "HotelReservation": self = .lodging
        default: return nil
        }
    }
}

/// `reservationStatus`, old and new names (schema.org renamed `Confirmed` to `ReservationConfirmed`).
public enum ReservationStatus: String, Sendable, Hashable, Codable {
    case confirmed = "ReservationConfirmed"
    case cancelled = "ReservationCancelled"
    case pending = "ReservationPending"
    case hold = "ReservationHold"

    public init?(schemaValue: String) {
        switch SchemaType.shortName(schemaValue).lowercased() {
        case "reservationconfirmed", "confirmed": self = .confirmed
        case "reservationcancelled", "cancelled", "canceled", "reservationcanceled": self = .cancelled
        case "reservationpending", "pending": self = .pending
        case "reservationhold", "hold": self = .hold
        default: return nil
        }
    }
}
