import JSON
import SchemaMarkup

/// How a reservation reads in the CLI's text and JSON output.
enum ReservationText {
    static func summary(_ reservation: Reservation) -> String {
        var pieces = [reservation.kind.rawValue]
        if let status = reservation.status { pieces.append(status.rawValue) }
        if let id = reservation.reservationID { pieces.append("#\(id)") }
        if let number = reservation.tripNumber { pieces.append(number) }
        if let name = reservation.name { pieces.append("\"\(name)\"") }
        if let from = reservation.place?.code ?? reservation.place?.name,
           let to = reservation.destination?.code ?? reservation.destination?.name {
            pieces.append("\(from) → \(to)")
        }
        if let start = reservation.start { pieces.append("from \(start)") }
        if let end = reservation.end { pieces.append("to \(end)") }
        if let size = reservation.partySize { pieces.append("for \(size)") }
        pieces.append("[item \(reservation.itemReference.isEmpty ? "(all parts)" : reservation.itemReference)]")
        return pieces.joined(separator: " ")
    }

    static func json(_ reservation: Reservation) -> JSONValue {
        let place = reservation.place
        return .object([
            ("type", .string(reservation.kind.rawValue)),
            ("reservationId", .optional(reservation.reservationID)),
            ("status", .optional(reservation.status?.rawValue)),
            ("name", .optional(reservation.name)),
            ("start", .optional(reservation.start?.description)),
            ("end", .optional(reservation.end?.description)),
            ("partySize", .optional(reservation.partySize)),
            ("url", .optional(reservation.url)),
            ("underName", .optional(reservation.underName)),
            ("address", .optional(place?.address?.formatted)),
            ("telephone", .optional(place?.telephone)),
            ("item", .string(reservation.itemReference)),
        ])
    }
}
