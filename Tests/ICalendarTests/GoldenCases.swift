import Testing
import SchemaMarkup
@testable import ICalendar

/// One reservation part per type (and the variants that write differently), with what a
/// person expects to see: the summary and the DTSTART/DTEND values as iCalendar text.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    var name: String
    var reservation: Reservation
    var alarms = false
    var summary: String
    var start: String
    var end: String
    var testDescription: String { name }
}

extension GoldenCase {
    static let all: [GoldenCase] = [
        GoldenCase(
            name: "food-establishment",
            reservation: .make(.foodEstablishment, id: "OT-12345") {
                $0.name = "EPIC Steak"
                $0.start = time("2027-03-10T19:30:00-08:00") // no end: a table is two hours
                $0.partySize = 2
                $0.underName = "John Smith"
                $0.broker = "OpenTable"
                $0.url = "https://www.opentable.com/r/epic-steak?rid=123&lang=en-US"
                $0.place = Place(
                    name: "EPIC Steak",
                    address: PostalAddress(street: "369 The Embarcadero", locality: "San Francisco", region: "CA",
                                           postalCode: "94105", country: "US"),
                    telephone: "+1 415-369-9955")
            },
            summary: "EPIC Steak — table for 2", start: "20270311T033000Z", end: "20270311T053000Z"),
        GoldenCase(
            name: "food-establishment-alarm",
            reservation: .make(.foodEstablishment, id: "OT-67890") {
                $0.name = "Noma"
                $0.start = time("2027-03-12T18:00:00+01:00")
                $0.end = time("2027-03-12T21:30:00+01:00")
                $0.partySize = 4
                $0.underName = "Mette Jensen"
                $0.place = Place(name: "Noma", address: PostalAddress(text: "Refshalevej 96, 1432 København K, Denmark"))
            },
            alarms: true,
            summary: "Noma — table for 4", start: "20270312T170000Z", end: "20270312T203000Z"),
        GoldenCase(
            name: "flight",
            reservation: .make(.flight, id: "RXJ34P", item: "UA 123@2027-03-10") {
                $0.name = "United Airlines"
                $0.provider = "United Airlines"
                $0.tripNumber = "UA 123"
                $0.start = time("2027-03-10T08:00:00-08:00")
                $0.end = time("2027-03-10T16:35:00-05:00")
                $0.underName = "Jane Doe"
                $0.seat = "14C"
                $0.ticketNumber = "0162345678901"
                $0.url = "https://www.united.com/manageres?cn=RXJ34P"
                $0.place = Place(name: "San Francisco International Airport", code: "SFO")
                $0.destination = Place(name: "John F. Kennedy International Airport", code: "JFK")
            },
            summary: "UA 123 SFO → JFK", start: "20270310T160000Z", end: "20270310T213500Z"),
        GoldenCase(
            name: "lodging-dates",
            reservation: .make(.lodging, id: "HX-778899") {
                $0.name = "Hotel Example"
                $0.start = time("2027-03-10")
                $0.end = time("2027-03-12")
                $0.underName = "Jane Doe"
                $0.partySize = 2
                $0.broker = "Booking.com"
                $0.place = Place(
                    name: "Hotel Example",
                    address: PostalAddress(street: "1 Main Street", locality: "Springfield", region: "IL",
                                           postalCode: "62701", country: "US"),
                    telephone: "+1 217-555-0100")
            },
            summary: "Hotel Example, 2 nights", start: "20270310", end: "20270312"),
        GoldenCase(
            name: "lodging-times",
            reservation: .make(.lodging, id: "ADL-2027-0042") {
                $0.name = "Hotel Adlon Kempinski"
                $0.start = time("2027-03-10T15:00:00+01:00")
                $0.end = time("2027-03-13T11:00:00+01:00")
                $0.underName = "Max Mustermann"
                $0.url = "https://www.kempinski.com/reservations/ADL-2027-0042"
                $0.place = Place(
                    name: "Hotel Adlon Kempinski",
                    address: PostalAddress(street: "Unter den Linden 77", locality: "Berlin", postalCode: "10117",
                                           country: "DE"),
                    telephone: "+49 30 22610")
            },
            summary: "Hotel Adlon Kempinski, 3 nights", start: "20270310T140000Z", end: "20270313T100000Z"),
        GoldenCase(
            name: "event",
            reservation: .make(.event, id: "EVB-5512", item: "ticket TCK-998877") {
                $0.name = "Berliner Philharmoniker: Mahler 9"
                $0.start = time("2027-03-12T20:00:00+01:00")
                $0.ticketNumber = "TCK-998877"
                $0.seat = "Block A, Reihe 5, Platz 12"
                $0.underName = "Erika Mustermann"
                $0.url = "https://www.berliner-philharmoniker.de/tickets/EVB-5512"
                $0.place = Place(
                    name: "Philharmonie Berlin",
                    address: PostalAddress(street: "Herbert-von-Karajan-Straße 1", locality: "Berlin",
                                           postalCode: "10785", country: "DE"))
            },
            summary: "Berliner Philharmoniker: Mahler 9", start: "20270312T190000Z", end: "20270312T210000Z"),
        GoldenCase(
            name: "train",
            reservation: .make(.train, id: "DB-4F7K2M", item: "ICE 1234@2027-03-11") {
                $0.name = "Deutsche Bahn"
                $0.provider = "Deutsche Bahn"
                $0.tripNumber = "ICE 1234"
                $0.start = time("2027-03-11T08:29:00+01:00")
                $0.end = time("2027-03-11T12:33:00+01:00")
                $0.seat = "Wagen 7, Platz 45"
                $0.underName = "Max Mustermann"
                $0.place = Place(name: "Berlin Hbf", address: PostalAddress(locality: "Berlin", country: "DE"))
                $0.destination = Place(name: "München Hbf", address: PostalAddress(locality: "München", country: "DE"))
            },
            summary: "ICE 1234 Berlin Hbf → München Hbf", start: "20270311T072900Z", end: "20270311T113300Z"),
        GoldenCase(
            name: "bus",
            reservation: .make(.bus, id: "FLX-3141592", item: "N 704@2027-03-14") {
                $0.name = "FlixBus"
                $0.provider = "FlixBus"
                $0.tripNumber = "N 704"
                $0.start = time("2027-03-14T07:15:00+01:00")
                $0.end = time("2027-03-14T10:35:00+01:00")
                $0.underName = "Erika Mustermann"
                $0.place = Place(name: "Berlin ZOB", address: PostalAddress(street: "Masurenallee 4-6",
                                                                           locality: "Berlin", country: "DE"))
                $0.destination = Place(name: "Hamburg ZOB")
            },
            summary: "Bus N 704 Berlin ZOB → Hamburg ZOB", start: "20270314T061500Z", end: "20270314T093500Z"),
        GoldenCase(
            // No offset in the markup: written floating (the pipeline flags `no-time-zone`).
            name: "boat-floating",
            reservation: .make(.boat, id: "SL-90210", item: "Kiel-Göteborg@2027-03-13") {
                $0.name = "Stena Line"
                $0.provider = "Stena Line"
                $0.start = time("2027-03-13T18:45:00")
                $0.end = time("2027-03-14T09:15:00")
                $0.underName = "Lars Svensson"
                $0.partySize = 2
                $0.place = Place(name: "Kiel", address: PostalAddress(street: "Schwedenkai 1", locality: "Kiel",
                                                                     country: "DE"))
                $0.destination = Place(name: "Göteborg")
            },
            summary: "Ferry Stena Line Kiel → Göteborg", start: "20270313T184500", end: "20270314T091500"),
        GoldenCase(
            name: "rental-car",
            reservation: .make(.rentalCar, id: "HZ-K9M2Q7") {
                $0.name = "Toyota Corolla"
                $0.provider = "Hertz"
                $0.start = time("2027-03-10T10:00:00-08:00")
                $0.end = time("2027-03-15T10:00:00-07:00")
                $0.underName = "Jane Doe"
                $0.url = "https://www.hertz.com/rentacar/reservation/retrieve?cn=HZ-K9M2Q7"
                $0.place = Place(name: "San Francisco International Airport", code: "SFO",
                                 address: PostalAddress(street: "780 N McDonnell Rd", locality: "San Francisco",
                                                        region: "CA", postalCode: "94128", country: "US"),
                                 telephone: "+1 650-624-6600")
                $0.destination = Place(name: "Los Angeles International Airport", code: "LAX")
            },
            summary: "Car rental pick-up Hertz at San Francisco International Airport",
            start: "20270310T180000Z", end: "20270315T170000Z"),
        GoldenCase(
            name: "taxi",
            reservation: .make(.taxi, id: "TX-20270312-77") {
                $0.provider = "Taxi Berlin"
                $0.start = time("2027-03-12T06:00:00+01:00") // no end: half an hour
                $0.underName = "Max Mustermann"
                $0.place = Place(name: "Hotel Adlon Kempinski",
                                 address: PostalAddress(street: "Unter den Linden 77", locality: "Berlin",
                                                        postalCode: "10117", country: "DE"))
            },
            summary: "Taxi pick-up at Hotel Adlon Kempinski", start: "20270312T050000Z", end: "20270312T053000Z"),
    ]
}
