import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// Every reservation type, from a fixture in each syntax (Gmail's published examples where
/// Gmail has one): both syntaxes must give the same items and the same reservation.
@Suite("reservation types in JSON-LD and Microdata")
struct ReservationTypeTests {
    struct TypeCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var expected: Reservation
        /// Finding codes the fixture must produce (and no others).
        var codes: [String] = []
        var testDescription: String { fixture }
    }

    static let date = MarkupFixture.date

    static let cases: [TypeCase] = [
        {
            var r = Reservation(kind: .foodEstablishment, itemReference: "FoodEstablishmentReservation Wagamama")
            r.reservationID = "OT12345"
            r.status = .confirmed
            r.name = "Wagamama"
            r.place = Place(name: "Wagamama", address: PostalAddress(
                street: "1 Tavistock Street", locality: "London", region: "Greater London", postalCode: "WC2E 7PG",
                country: "United Kingdom"))
            r.start = date("2027-04-10T08:00:00+00:00")
            r.underName = "John Smith"
            r.partySize = 2
            return TypeCase(fixture: "restaurant", expected: r)
        }(),
        {
            var r = Reservation(kind: .flight, itemReference: "UA 110@2027-03-04")
            r.reservationID = "RXJ34P"
            r.status = .confirmed
            r.name = "United"
            r.provider = "United"
            r.tripNumber = "UA 110"
            r.place = Place(name: "San Francisco Airport", code: "SFO")
            r.destination = Place(name: "John F. Kennedy International Airport", code: "JFK")
            r.start = date("2027-03-04T20:15:00-08:00")
            r.end = date("2027-03-05T06:30:00-05:00")
            r.underName = "Eva Green"
            return TypeCase(fixture: "flight", expected: r)
        }(),
        {
            var r = Reservation(kind: .lodging, itemReference: "LodgingReservation Hilton San Francisco Union Square")
            r.reservationID = "abc456"
            r.status = .confirmed
            r.name = "Hilton San Francisco Union Square"
            r.place = Place(
                name: "Hilton San Francisco Union Square",
                address: PostalAddress(street: "333 O'Farrell St", locality: "San Francisco", region: "CA",
                                       postalCode: "94102", country: "US"),
                telephone: "415-771-1400")
            r.start = date("2027-04-11T16:00:00-08:00")
            r.end = date("2027-04-13T11:00:00-08:00")
            r.underName = "John Smith"
            return TypeCase(fixture: "hotel", expected: r)
        }(),
        {
            var r = Reservation(kind: .event, itemReference: "EventReservation Foo Fighters Concert")
            r.reservationID = "E123456789"
            r.status = .confirmed
            r.name = "Foo Fighters Concert"
            r.place = Place(name: "AT&T Park", address: PostalAddress(
                street: "24 Willie Mays Plaza", locality: "San Francisco", region: "CA", postalCode: "94107",
                country: "US"))
            r.start = date("2027-03-06T19:30:00-08:00")
            r.underName = "John Smith"
            return TypeCase(fixture: "event", expected: r)
        }(),
        {
            var r = Reservation(kind: .train, itemReference: "Munich Central-Paris Gare De Lyon@2017-01-04")
            r.reservationID = "AB3XY2"
            r.status = .confirmed
            r.place = Place(name: "Munich Central")
            r.destination = Place(name: "Paris Gare De Lyon")
            r.start = date("2017-01-04T10:30:00+01:00")
            r.end = date("2017-01-04T03:10:00+01:00")
            // As published, the train arrives before it leaves.
            return TypeCase(fixture: "train", expected: r, codes: [FindingCode.endBeforeStart.id])
        }(),
        {
            var r = Reservation(kind: .bus, itemReference: "Port Authority, NYC-Boston South Station@2017-01-04")
            r.reservationID = "123456"
            r.status = .confirmed
            r.name = "Bolt NYC"
            r.provider = "Bolt NYC"
            r.place = Place(name: "Port Authority, NYC")
            r.destination = Place(name: "Boston South Station")
            r.start = date("2017-01-04T12:30:00-05:00")
            r.end = date("2017-01-04T17:10:00-05:00")
            r.underName = "John Smith"
            return TypeCase(fixture: "bus", expected: r)
        }(),
        {
            var r = Reservation(kind: .boat, itemReference: "Southampton Terminal 1-East Cowes@2027-07-01")
            r.reservationID = "RF-7781"
            r.status = .confirmed
            r.name = "Red Funnel"
            r.provider = "Red Funnel"
            r.place = Place(name: "Southampton Terminal 1")
            r.destination = Place(name: "East Cowes")
            r.start = date("2027-07-01T09:00:00+01:00")
            r.end = date("2027-07-01T10:00:00+01:00")
            r.underName = "Jane Doe"
            return TypeCase(fixture: "boat", expected: r)
        }(),
        {
            var r = Reservation(kind: .rentalCar, itemReference: "RentalCarReservation")
            r.reservationID = "546323"
            r.status = .confirmed
            r.name = "Honda Civic"
            r.provider = "Hertz"
            r.place = Place(name: "Hertz San Diego Airport", address: PostalAddress(
                street: "1500 Orange Avenue", locality: "San Diego", region: "CA", postalCode: "94043", country: "US"))
            r.destination = Place(name: "Hertz LAX", address: PostalAddress(
                street: "1234 First Street", locality: "Los Angeles", region: "CA", postalCode: "94043", country: "US"))
            r.start = date("2027-08-05T16:00:00-07:00")
            r.end = date("2027-08-06T20:00:00-07:00")
            r.underName = "John Smith"
            return TypeCase(fixture: "rental-car", expected: r)
        }(),
        {
            var r = Reservation(kind: .taxi, itemReference: "TaxiReservation")
            r.reservationID = "TX-4471"
            r.status = .confirmed
            r.name = "Airport transfer"
            r.provider = "Checker Cab"
            r.place = Place(name: "Hotel Dunmore", address: PostalAddress(
                street: "450 Main Street", locality: "Dunmore", region: "PA", postalCode: "18512", country: "US"))
            r.start = date("2027-11-16T09:15:00-05:00")
            r.underName = "Jane Doe"
            r.partySize = 2
            return TypeCase(fixture: "taxi", expected: r)
        }(),
    ]

    @Test("every type the design names has a fixture")
    func everyKindCovered() {
        #expect(Set(Self.cases.map(\.expected.kind)) == Set(ReservationKind.allCases))
    }

    @Test("JSON-LD fixture gives the expected reservation", arguments: cases)
    func jsonLD(_ typeCase: TypeCase) throws {
        let html = try MarkupFixture.text("reservations/\(typeCase.fixture).jsonld.html")
        let result = MarkupExtractor().extract(html: html)
        #expect(result.items.count == 1)
        #expect(result.items.first?.syntax == .jsonLD)
        #expect(result.placeless == [typeCase.expected])
        #expect(result.codes == typeCase.codes)
        // The item and its reservation start at the object's `{`, on the line after the script tag.
        let line = try #require(MarkupFixture.line(of: "<script type=\"application/ld+json\">", in: html))
        #expect(html.components(separatedBy: "\n")[line] == "{")
        let expectedLocation = SourceLocation(.document, line: line + 1, column: 1)
        #expect(result.items.first?.location == expectedLocation)
        #expect(result.reservations.first?.location == expectedLocation)
    }

    @Test("Microdata fixture gives the expected reservation", arguments: cases)
    func microdata(_ typeCase: TypeCase) throws {
        let html = try MarkupFixture.text("reservations/\(typeCase.fixture).microdata.html")
        let result = MarkupExtractor().extract(html: html)
        #expect(result.items.count == 1)
        #expect(result.items.first?.syntax == .microdata)
        #expect(result.placeless == [typeCase.expected])
        #expect(result.codes == typeCase.codes)
        let line = try #require(MarkupFixture.line(of: "<div itemscope", in: html))
        // The element with the itemscope, at its `<` (the fixtures start it in column 1).
        #expect(result.items.first?.location == SourceLocation(.document, line: line, column: 1))
    }

    @Test("JSON-LD and Microdata give the same items, key order aside", arguments: cases)
    func sameItems(_ typeCase: TypeCase) throws {
        let fromJSONLD = MarkupExtractor().items(fromHTML: try MarkupFixture.text(
            "reservations/\(typeCase.fixture).jsonld.html"))
        let fromMicrodata = MarkupExtractor().items(fromHTML: try MarkupFixture.text(
            "reservations/\(typeCase.fixture).microdata.html"))
        #expect(fromJSONLD.items.map(\.value.canonical) == fromMicrodata.items.map(\.value.canonical))
        #expect(fromJSONLD.findings.isEmpty)
        #expect(fromMicrodata.findings.isEmpty)
    }

    @Test("the same reservation in both syntaxes in one part gives one reservation")
    func bothSyntaxesInOnePart() throws {
        let jsonLD = try MarkupFixture.text("reservations/flight.jsonld.html")
        let microdata = try MarkupFixture.text("reservations/flight.microdata.html")
        let body = { (html: String) in
            String(html[html.range(of: "<body>")!.upperBound..<html.range(of: "</body>")!.lowerBound])
        }
        let result = MarkupExtractor().extract(html: "<html><body>" + body(jsonLD) + body(microdata) + "</body></html>")
        #expect(result.items.map(\.syntax) == [.jsonLD, .microdata])
        #expect(result.reservations.count == 1)
        #expect(result.placeless == [Self.cases[1].expected])
    }
}
