import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

@Suite("reservation → .ics, byte for byte")
struct GoldenTests {
    @Test("each reservation type writes its golden file", arguments: GoldenCase.all)
    func golden(_ golden: GoldenCase) throws {
        let directory = try TemporaryDirectory("golden")
        let (outcome, written) = try writeOne(golden.reservation, in: directory, alarms: golden.alarms)
        #expect(outcome.action == .created)
        #expect(outcome.summary == golden.summary)
        let text = try #require(written)
        try Golden.check(text, golden.name + ".ics")
    }

    @Test("the parts a calendar shows: summary, start and end as iCalendar values", arguments: GoldenCase.all)
    func shownFields(_ golden: GoldenCase) throws {
        let directory = try TemporaryDirectory("golden")
        let text = try #require(try writeOne(golden.reservation, in: directory, alarms: golden.alarms).1)
        #expect(contentLineProblems(text) == [])
        #expect(value("SUMMARY", in: text).map(ICSText.unescape) == golden.summary)
        let dateOnly = golden.start.count == 8
        let startLine = unfoldedLines(text).filter { $0.hasPrefix("DTSTART") }
        let endLine = unfoldedLines(text).filter { $0.hasPrefix("DTEND") }
        #expect(startLine == [(dateOnly ? "DTSTART;VALUE=DATE:" : "DTSTART:") + golden.start])
        #expect(endLine == [(dateOnly ? "DTEND;VALUE=DATE:" : "DTEND:") + golden.end])
    }

    @Test("VCALENDAR and VEVENT carry what RFC 5545 and calendars need, once each", arguments: GoldenCase.all)
    func requiredProperties(_ golden: GoldenCase) throws {
        let directory = try TemporaryDirectory("golden")
        let text = try #require(try writeOne(golden.reservation, in: directory, alarms: golden.alarms).1)
        let lines = unfoldedLines(text)
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.last == "END:VCALENDAR")
        #expect(values("VERSION", in: text) == ["2.0"])
        #expect(values("PRODID", in: text).count == 1)
        #expect(values("METHOD", in: text).isEmpty, "a stored calendar object has no METHOD (RFC 4791 §4.1)")
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
        for name in ["UID", "DTSTAMP", "SEQUENCE", "STATUS", "SUMMARY", "LAST-MODIFIED", "X-EVENTSUGGEST-DOMAIN",
                     "X-EVENTSUGGEST-RESERVATION", "X-EVENTSUGGEST-ITEM"] {
            #expect(values(name, in: text).count == 1, "\(name) once")
        }
        #expect(values("DTSTAMP", in: text) == ["20270301T120000Z"])
        #expect(values("LAST-MODIFIED", in: text) == ["20270301T120000Z"])
        #expect(values("SEQUENCE", in: text) == ["0"])
        #expect(values("STATUS", in: text) == ["CONFIRMED"])
        #expect(values("VALARM", in: text).isEmpty)
        #expect(lines.contains("BEGIN:VALARM") == golden.alarms)
        if let id = golden.reservation.reservationID {
            let uid = try #require(value("UID", in: text))
            #expect(!uid.localizedCaseInsensitiveContains(id), "the UID does not reveal the booking code")
        }
    }

    @Test("location is the place name and its full address; description says what the mail said")
    func locationAndDescription() throws {
        let directory = try TemporaryDirectory("golden")
        let food = try #require(GoldenCase.all.first { $0.name == "food-establishment" })
        let text = try #require(try writeOne(food.reservation, in: directory).1)
        #expect(value("LOCATION", in: text).map(ICSText.unescape)
            == "EPIC Steak, 369 The Embarcadero, San Francisco, CA 94105, US")
        #expect(value("DESCRIPTION", in: text).map(ICSText.unescape) == """
            Confirmation number: OT-12345
            Reserved for: John Smith
            Party size: 2
            Phone: +1 415-369-9955
            Booked through: OpenTable
            """)
        #expect(value("URL", in: text) == "https://www.opentable.com/r/epic-steak?rid=123&lang=en-US")

        let flight = try #require(GoldenCase.all.first { $0.name == "flight" })
        let flightText = try #require(try writeOne(flight.reservation, in: try TemporaryDirectory("golden")).1)
        let description = try #require(value("DESCRIPTION", in: flightText).map(ICSText.unescape))
        for line in ["Confirmation number: RXJ34P", "Reserved for: Jane Doe", "Operated by: United Airlines",
                     "Arrival: John F. Kennedy International Airport", "Seat: 14C", "Ticket: 0162345678901"] {
            #expect(description.contains(line), "\(line)")
        }
        #expect(value("LOCATION", in: flightText).map(ICSText.unescape) == "San Francisco International Airport")
    }

    @Test("a lodging stay and a car rental are one event from check-in to check-out (pick-up to drop-off)")
    func oneEventForStaysAndRentals() throws {
        for name in ["lodging-dates", "lodging-times", "rental-car"] {
            let golden = try #require(GoldenCase.all.first { $0.name == name })
            let directory = try TemporaryDirectory("golden")
            let store = CalendarStore(directory: directory.path, now: goldenNow)
            let outcomes = try store.apply([golden.reservation], from: .mail())
            #expect(outcomes.map(\.action) == [.created])
            #expect(try directory.icsFiles().count == 1)
        }
    }

    @Test("default lengths when the markup gives no end", arguments: [
        (ReservationKind.foodEstablishment, "2027-03-10T19:00:00Z", "20270310T210000Z"),
        (.event, "2027-03-10T19:00:00Z", "20270310T210000Z"),
        (.taxi, "2027-03-10T19:00:00Z", "20270310T193000Z"),
        (.lodging, "2027-03-10", "20270311"),
        (.foodEstablishment, "2027-03-10", "20270311"),
    ])
    func defaultEnd(kind: ReservationKind, start: String, end: String) throws {
        let reservation = Reservation.make(kind, id: "X1") {
            $0.name = "Somewhere"
            $0.start = time(start)
        }
        let draft = try #require(EventMapping.draft(for: reservation))
        #expect(draft.end?.icalendarText == end)
    }

    @Test("the end a calendar gets is never before the start (RFC 5545 §3.8.2.2)", arguments: [
        // Floating times across time zones: the arrival's wall clock is earlier than the departure's.
        ("2027-03-10T17:00:00", "2027-03-10T10:00:00"),
        // An all-day start with a timed end, and the reverse: DTEND must have DTSTART's value type.
        ("2027-03-10", "2027-03-12T11:00:00+01:00"),
        ("2027-03-10T15:00:00+01:00", "2027-03-12"),
        // A floating start with a UTC end: "if DTSTART is local time, DTEND MUST also be".
        ("2027-03-10T15:00:00", "2027-03-12T11:00:00Z"),
    ])
    func endAfterStart(start: String, end: String) throws {
        let reservation = Reservation.make(.lodging, id: "L-1") {
            $0.name = "Hotel Example"
            $0.start = time(start)
            $0.end = time(end)
        }
        let directory = try TemporaryDirectory("golden")
        let text = try #require(try writeOne(reservation, in: directory, now: seconds("2027-01-01T00:00:00Z")).1)
        let startLine = try #require(unfoldedLines(text).first { $0.hasPrefix("DTSTART") })
        let endLine = unfoldedLines(text).first { $0.hasPrefix("DTEND") }
        if let endLine {
            let startValue = String(startLine.split(separator: ":").last!)
            let endValue = String(endLine.split(separator: ":").last!)
            #expect(startValue.count == endValue.count && startValue.hasSuffix("Z") == endValue.hasSuffix("Z"),
                    "DTSTART \(startValue) and DTEND \(endValue) have different value types")
            if startValue.count == endValue.count { #expect(endValue > startValue, "DTEND \(endValue) ≤ DTSTART \(startValue)") }
        }
    }
}
