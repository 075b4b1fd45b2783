import Findings
import Testing
import PlaceZones
@testable import SchemaMarkup

/// Issue 17's order of evidence for the zone of a time without an offset, each kind with its
/// honest case and the attack on it. The instants these zones give are checked against
/// Python's zoneinfo in `ZoneInstantTests`.
@Suite struct ZoneEvidenceTests {
    static let directory = PlaceZoneDirectory()

    static func reservations(_ json: String) -> MarkupExtraction {
        MarkupExtractor(zones: directory).extract(html: MarkupFixture.page(json))
    }

    static func flight(from: String, to: String, departure: String, arrival: String) -> String {
        """
        {"@type": "FlightReservation", "reservationNumber": "F1", "reservationStatus": "ReservationConfirmed",
         "reservationFor": {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "iataCode": "UA"},
          "departureAirport": \(from), "arrivalAirport": \(to),
          "departureTime": "\(departure)", "arrivalTime": "\(arrival)"}}
        """
    }

    static func lodging(address: String, checkin: String = "2027-07-14T15:00:00", extra: String = "") -> String {
        """
        {"@type": "LodgingReservation", "reservationNumber": "H1", "reservationStatus": "ReservationConfirmed",
         "reservationFor": {"@type": "Hotel", "name": "Hotel", "address": \(address)\(extra)},
         "checkinTime": "\(checkin)", "checkoutTime": "2027-07-16T11:00:00"}
        """
    }

    static func noTimeZoneMessages(_ result: MarkupExtraction) -> [String] {
        result.findings.filter { $0.code == FindingCode.noTimeZone.id }.map(\.message)
    }

    // MARK: airports

    @Test func departureTakesTheDepartureAirportsZoneAndArrivalTheArrivals() throws {
        let result = Self.reservations(Self.flight(
            from: #"{"@type": "Airport", "iataCode": "SFO"}"#, to: #"{"@type": "Airport", "iataCode": "JFK"}"#,
            departure: "2027-03-04T22:15:00", arrival: "2027-03-05T06:45:00"))
        let part = try #require(result.reservations.first)
        #expect(part.startZone == ZoneMatch(zone: "America/Los_Angeles", evidence: .airport(code: "SFO")))
        #expect(part.endZone == ZoneMatch(zone: "America/New_York", evidence: .airport(code: "JFK")))
        // lint still warns (Apple asks for offsets), now saying which zone and why.
        #expect(Self.noTimeZoneMessages(result) == [
            #"departureTime "2027-03-04T22:15:00" has no UTC offset; eventsuggest uses America/Los_Angeles from airport SFO (add Z or ±hh:mm to say so)"#,
            #"arrivalTime "2027-03-05T06:45:00" has no UTC offset; eventsuggest uses America/New_York from airport JFK (add Z or ±hh:mm to say so)"#,
        ])
        #expect(result.findings.allSatisfy { $0.severity == .warning })
    }

    @Test func anAirportGivenAsABareCodeStringCounts() throws {
        let part = try #require(Self.reservations(Self.flight(
            from: #""lhr""#, to: #""DEL""#, departure: "2027-03-04T21:00:00", arrival: "2027-03-05T10:30:00")).reservations.first)
        #expect(part.place?.code == "LHR")
        #expect(part.startZone?.zone == "Europe/London")
        #expect(part.endZone == ZoneMatch(zone: "Asia/Kolkata", evidence: .airport(code: "DEL")))
    }

    /// Attack: an offset the sender wrote is kept even when the airport's zone says otherwise.
    @Test func anExplicitOffsetThatDisagreesWithTheAirportIsKept() throws {
        let result = Self.reservations(Self.flight(
            from: #"{"@type": "Airport", "iataCode": "SFO"}"#, to: #"{"@type": "Airport", "iataCode": "JFK"}"#,
            departure: "2027-03-04T22:15:00-05:00", arrival: "2027-03-05T06:45:00Z"))
        let part = try #require(result.reservations.first)
        #expect(part.start?.utcOffsetSeconds == -5 * 3600)
        #expect(part.end?.utcOffsetSeconds == 0)
        #expect(part.startZone == nil && part.endZone == nil)
        #expect(Self.noTimeZoneMessages(result).isEmpty)
    }

    /// Attack: a code no airport has stays floating, and the warning names it.
    @Test func anUnknownAirportCodeStaysFloating() throws {
        let result = Self.reservations(Self.flight(
            from: #"{"@type": "Airport", "iataCode": "QQQ"}"#, to: #"{"@type": "Airport", "name": "Somewhere"}"#,
            departure: "2027-03-04T22:15:00", arrival: "2027-03-05T06:45:00"))
        let part = try #require(result.reservations.first)
        #expect(part.startZone == nil && part.endZone == nil)
        #expect(Self.noTimeZoneMessages(result) == [
            #"departureTime "2027-03-04T22:15:00" has no UTC offset, and no zone is known for it (airport code QQQ is not one eventsuggest knows, departureAirport has no geo or address); it is taken as local time wherever the calendar is (add Z or ±hh:mm)"#,
            #"arrivalTime "2027-03-05T06:45:00" has no UTC offset, and no zone is known for it (arrivalAirport has no iataCode, arrivalAirport has no geo or address); it is taken as local time wherever the calendar is (add Z or ±hh:mm)"#,
        ])
    }

    /// Attack: a train station's code is no IATA code ("NYP" is Amtrak's New York Penn Station); it is not looked up as one.
    @Test func aStationCodeIsNotReadAsAnAirport() throws {
        let part = try #require(Self.reservations("""
            {"@type": "TrainReservation", "reservationNumber": "T1", "reservationFor": {"@type": "TrainTrip",
             "departureStation": {"@type": "TrainStation", "name": "Penn Station", "stationCode": "BOS"},
             "arrivalStation": {"@type": "TrainStation", "name": "Union Station", "address": {"addressLocality": "Washington",
               "addressRegion": "DC", "addressCountry": "US"}},
             "departureTime": "2027-03-04T08:00:00", "arrivalTime": "2027-03-04T11:30:00"}}
            """).reservations.first)
        #expect(part.startZone == nil)
        #expect(part.endZone == ZoneMatch(zone: "America/New_York", evidence: .locality(country: "US", locality: "Washington")))
    }

    // MARK: coordinates

    @Test(arguments: [
        #""geo": {"@type": "GeoCoordinates", "latitude": 48.8584, "longitude": 2.2945}"#,
        #""geo": {"@type": "GeoCoordinates", "latitude": "48.8584", "longitude": "2.2945"}"#,
        #""latitude": 48.8584, "longitude": 2.2945"#,
    ])
    func coordinatesAsNumbersOrStringsGiveTheZoneThere(geo: String) throws {
        let part = try #require(Self.reservations("""
            {"@type": "EventReservation", "reservationNumber": "E1", "reservationFor": {"@type": "Event", "name": "Visit",
             "startDate": "2027-07-14T10:00:00", "location": {"@type": "Place", "name": "Tour Eiffel", \(geo)}}}
            """).reservations.first)
        #expect(part.startZone?.zone == "Europe/Paris")
        guard case .coordinates(let latitude, let longitude, let kilometres)? = part.startZone?.evidence else {
            Issue.record("evidence \(String(describing: part.startZone?.evidence))")
            return
        }
        #expect(latitude == 48.8584 && longitude == 2.2945 && kilometres < 30)
    }

    /// Coordinates come before the address (issue 17's order): a venue at the Eiffel Tower whose
    /// address names Germany is in Paris. Coordinates out of range or mid-ocean fall through to the address.
    @Test func coordinatesComeBeforeTheAddressAndBadOnesFallThrough() throws {
        func zone(_ geo: String) throws -> ZoneMatch? {
            try #require(Self.reservations(Self.lodging(address: #"{"addressCountry": "DE"}"#, extra: ", \(geo)")).reservations.first)
                .startZone
        }
        #expect(try zone(#""geo": {"latitude": 48.8584, "longitude": 2.2945}"#)?.zone == "Europe/Paris")
        #expect(try zone(#""geo": {"latitude": 148.8, "longitude": 2.2}"#) == ZoneMatch(zone: "Europe/Berlin", evidence: .country("DE")))
        #expect(try zone(#""geo": {"latitude": 0, "longitude": -140}"#) == ZoneMatch(zone: "Europe/Berlin", evidence: .country("DE")))
        #expect(try zone(#""geo": {"latitude": "north", "longitude": "2.2"}"#)?.zone == "Europe/Berlin")
    }

    // MARK: addresses

    @Test(arguments: [
        (#"{"addressCountry": "FR"}"#, "Europe/Paris"),
        (#"{"addressCountry": "FRA"}"#, "Europe/Paris"),
        (#"{"addressCountry": "France"}"#, "Europe/Paris"),
        (#"{"addressCountry": {"@type": "Country", "name": "France"}}"#, "Europe/Paris"),
        (#"{"addressCountry": {"@type": "Country", "identifier": "FR"}}"#, "Europe/Paris"),
        (#"{"addressLocality": "Kathmandu", "addressCountry": "Nepal"}"#, "Asia/Kathmandu"),
        (#"{"addressCountry": "IND"}"#, "Asia/Kolkata"),
        (#"{"addressLocality": "Phoenix", "addressRegion": "AZ", "addressCountry": "US"}"#, "America/Phoenix"),
        (#"{"addressRegion": "Arizona", "addressCountry": "United States"}"#, "America/Phoenix"),
        (#"{"addressLocality": "Sydney", "addressRegion": "NSW", "addressCountry": "AU"}"#, "Australia/Sydney"),
        (#"{"addressRegion": "Canary Islands", "addressCountry": "ES"}"#, "Atlantic/Canary"),
        (#"{"addressLocality": "El Paso", "addressRegion": "TX", "addressCountry": "USA"}"#, "America/Denver"),
        (#"{"addressRegion": "TX", "addressCountry": "USA"}"#, "America/Chicago"),
    ])
    func theAddressGivesTheZone(address: String, zone: String) throws {
        let part = try #require(Self.reservations(Self.lodging(address: address)).reservations.first)
        #expect(part.startZone?.zone.name == zone)
        #expect(part.endZone?.zone.name == zone)
    }

    /// Attack: a country with several zones and nothing that says which stays floating, and says why.
    @Test func aMultiZoneCountryWithoutItsRegionStaysFloating() throws {
        let result = Self.reservations(Self.lodging(address: #"{"addressLocality": "Portland", "addressCountry": "US"}"#))
        let part = try #require(result.reservations.first)
        #expect(part.startZone == nil)
        #expect(Self.noTimeZoneMessages(result).first?.contains(
            "no zone is known for it (US has several time zones and its addressRegion and addressLocality do not say which)") == true)
        let unknown = Self.reservations(Self.lodging(address: #"{"addressCountry": "Narnia"}"#))
        #expect(Self.noTimeZoneMessages(unknown).first?.contains(#"addressCountry "Narnia" is no country eventsuggest knows"#) == true)
        let oneLine = Self.reservations(Self.lodging(address: #""1 Main Street, Springfield""#))
        #expect(Self.noTimeZoneMessages(oneLine).first?.contains("its address is one line of text without addressCountry") == true)
    }

    // MARK: the other end

    /// A car returned where it was picked up: the pick-up's address decides the drop-off's zone too.
    @Test func theSamePlaceAtTheOtherEndLendsItsZone() throws {
        let part = try #require(Self.reservations("""
            {"@type": "RentalCarReservation", "reservationNumber": "C1", "reservationFor": {"@type": "RentalCar", "name": "Car"},
             "pickupLocation": {"@type": "Place", "name": "Hertz Phoenix Sky Harbor",
               "address": {"addressRegion": "AZ", "addressCountry": "US"}},
             "dropoffLocation": {"@type": "Place", "name": "Hertz  Phoenix Sky Harbor"},
             "pickupTime": "2027-07-14T09:00:00", "dropoffTime": "2027-07-18T09:00:00"}
            """).reservations.first)
        #expect(part.startZone == ZoneMatch(zone: "America/Phoenix", evidence: .region(country: "US", region: "US-AZ")))
        #expect(part.endZone == ZoneMatch(zone: "America/Phoenix", evidence: .otherEnd(.region(country: "US", region: "US-AZ"))))
    }

    /// Attack: a train's departure country says nothing about its arrival's (London → Paris), and a
    /// flight never borrows, even from the same airport name.
    @Test func aDifferentPlaceOrAFlightLendsNothing() throws {
        let train = try #require(Self.reservations("""
            {"@type": "TrainReservation", "reservationNumber": "T1", "reservationFor": {"@type": "TrainTrip",
             "departureStation": {"@type": "TrainStation", "name": "London St Pancras", "address": {"addressCountry": "GB"}},
             "arrivalStation": {"@type": "TrainStation", "name": "Paris Nord"},
             "departureTime": "2027-03-04T08:01:00", "arrivalTime": "2027-03-04T11:20:00"}}
            """).reservations.first)
        #expect(train.startZone?.zone == "Europe/London")
        #expect(train.endZone == nil)
        let flight = try #require(Self.reservations(Self.flight(
            from: #"{"@type": "Airport", "name": "Field", "address": {"addressCountry": "FR"}}"#,
            to: #"{"@type": "Airport", "name": "Field"}"#,
            departure: "2027-03-04T10:00:00", arrival: "2027-03-04T11:00:00")).reservations.first)
        #expect(flight.startZone?.zone == "Europe/Paris")
        #expect(flight.endZone == nil)
    }

    // MARK: what stays as it was

    @Test func withoutADirectoryTimesStayFloatingAsBefore() throws {
        let result = MarkupExtractor().extract(html: MarkupFixture.page(Self.flight(
            from: #""SFO""#, to: #""JFK""#, departure: "2027-03-04T22:15:00", arrival: "2027-03-05T06:45:00")))
        let part = try #require(result.reservations.first)
        #expect(part.startZone == nil && part.endZone == nil)
        #expect(Self.noTimeZoneMessages(result).first
            == #"departureTime "2027-03-04T22:15:00" has no UTC offset; it is taken as local time wherever the calendar is (add Z or ±hh:mm)"#)
    }

    @Test func aDateOnlyTimeGetsNoZoneAndNoWarning() throws {
        let result = Self.reservations(Self.lodging(address: #"{"addressCountry": "FR"}"#, checkin: "2027-07-14"))
        let part = try #require(result.reservations.first)
        #expect(part.start?.isDateOnly == true)
        #expect(part.startZone == nil)
        #expect(part.endZone?.zone == "Europe/Paris")
        #expect(Self.noTimeZoneMessages(result).count == 1)
    }
}
