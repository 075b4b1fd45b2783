import Findings
import PlaceZones

/// One reservation part, as the calendar needs it: one table, one flight leg, one hotel
/// stay, one train leg, one ticketed event, one car rental.
///
/// Several parts may share a reservation id (a two-leg flight); each has its own
/// `itemReference`, which with the signing domain and the id names its calendar event.
public struct Reservation: Sendable, Hashable {
    public var kind: ReservationKind
    /// `reservationNumber` or `reservationId`.
    public var reservationID: String?
    public var status: ReservationStatus?
    /// The part's own key within the reservation: flight number and date, leg, ticket, stay.
    public var itemReference: String

    /// What is reserved: the restaurant, hotel or event name; for trips the operator's name.
    public var name: String?
    public var start: DateTimeValue?
    public var end: DateTimeValue?
    /// Where it happens, or where a trip or rental starts.
    public var place: Place?
    /// Where a trip or rental ends.
    public var destination: Place?
    /// Flight "UA 123", train "ICE 1234", bus "42": the carrier's designator and number.
    public var tripNumber: String?
    /// The airline, railway, bus or ferry company, the car rental company.
    public var provider: String?
    public var underName: String?
    public var broker: String?
    public var partySize: Int?
    public var url: String?
    public var seat: String?
    public var ticketNumber: String?
    /// The zone given to a `start` without an offset, and why (nil: an offset, a date, or nothing known).
    public var startZone: ZoneMatch?
    /// The zone given to an `end` without an offset, and why.
    public var endZone: ZoneMatch?
    /// `modifiedTime`: which of two messages about the reservation is newer.
    public var modifiedTime: DateTimeValue?
    /// Where the reservation's markup starts in its HTML part.
    public var location: SourceLocation?

    public init(kind: ReservationKind, itemReference: String) {
        self.kind = kind
        self.itemReference = itemReference
    }

    /// A cancellation may carry only id and status (Apple and Google both allow it).
    public var isMinimalCancellation: Bool { status == .cancelled && start == nil && name == nil }
}
