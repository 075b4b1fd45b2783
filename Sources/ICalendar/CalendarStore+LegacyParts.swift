import SchemaMarkup

extension CalendarStore {
    /// How many days a leg may have moved and still be found under the name an earlier
    /// version gave it (trip number and departure date): a delay past midnight, an earlier
    /// flight the evening before, a rebooking a day or two later.
    static let legacyDaysMoved = 2

    /// An event written before issue 15 for the same leg as `reservation` whose departure
    /// date has since moved: such events were named by trip number (else route) and date,
    /// so today's date no longer finds them, and a delay past midnight would put a second
    /// event beside the old one. Tries the names of the nearby dates, each one file look-up
    /// (no listing of the calendar); only old events (no part property) count.
    func legacyEventOfMovedLeg(_ reservation: Reservation, reservationID: String, from source: ReservationSource,
                               excluding touched: Set<String>) throws(CalendarStoreError) -> StoredEvent? {
        guard [.flight, .train, .bus, .boat].contains(reservation.kind), let start = reservation.start,
              let at = reservation.itemReference.lastIndex(of: "@") else { return nil }
        let trip = reservation.itemReference[..<at]
        let day = CivilCalendar.daysSinceEpoch(year: start.year, month: start.month, day: start.day)
        let domains = Set([source.domain.lowercased(), source.organizationalDomain]).sorted()
        for offset in (1...Self.legacyDaysMoved).flatMap({ [$0, -$0] }) {
            let (year, month, date) = CivilCalendar.date(daysSinceEpoch: day + offset)
            let reference = "\(trip)@" + DateTimeValue(year: year, month: month, day: date, time: nil, utcOffsetSeconds: nil).description.prefix(10)
            for domain in domains {
                let name = EventUID(domain: domain, reservationID: reservationID, itemReference: reference).fileName
                guard !touched.contains(name), let stored = try collection.event(named: name),
                      stored.event.property(EventComponent.Provenance.part) == nil else { continue }
                return stored
            }
        }
        return nil
    }
}
