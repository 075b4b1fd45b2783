import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// Every variant of reservation markup real mail uses, onto the same `Reservation` parts.
@Suite("reservation normaliser")
struct ReservationNormalizerTests {
    static func reservations(_ json: String) -> MarkupExtraction {
        MarkupExtractor().extract(html: MarkupFixture.page(json))
    }

    static func flight(
        id: String = #""reservationNumber": "RXJ34P""#, status: String = #""http://schema.org/Confirmed""#,
        extra: String = "", leg: String = ""
    ) -> String {
        """
        {"@context": "http://schema.org", "@type": "FlightReservation", \(id), "reservationStatus": \(status),
         \(extra)
         "reservationFor": \(leg.isEmpty ? leg110 : leg)}
        """
    }

    static let leg110 = """
        {"@type": "Flight", "flightNumber": "110",
         "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
         "departureAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
         "departureTime": "2027-03-04T20:15:00-08:00",
         "arrivalAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
         "arrivalTime": "2027-03-05T06:30:00-05:00"}
        """

    static let leg111 = """
        {"@type": "Flight", "flightNumber": "111",
         "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
         "departureAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
         "departureTime": "2027-03-10T09:00:00-05:00",
         "arrivalAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
         "arrivalTime": "2027-03-10T12:30:00-08:00"}
        """

    // MARK: Identity and status

    @Test("reservationNumber (Gmail) and reservationId (Apple) are the same id; reservationNumber wins when both are there")
    func ids() {
        #expect(Self.reservations(Self.flight(id: #""reservationNumber": "RXJ34P""#)).reservations.first?.reservationID == "RXJ34P")
        #expect(Self.reservations(Self.flight(id: #""reservationId": "RXJ34P""#)).reservations.first?.reservationID == "RXJ34P")
        #expect(Self.reservations(Self.flight(id: #""reservationId": "  RXJ34P  ""#)).reservations.first?.reservationID == "RXJ34P")
        let both = Self.flight(id: #""reservationId": "APPLE", "reservationNumber": "GOOGLE""#)
        #expect(Self.reservations(both).reservations.first?.reservationID == "GOOGLE")
        #expect(Self.reservations(Self.flight(id: #""reservationId": """#)).reservations.first?.reservationID == nil)
    }

    @Test("status names, old and new, short and as IRIs", arguments: [
        ("Confirmed", ReservationStatus.confirmed), ("ReservationConfirmed", .confirmed),
        ("http://schema.org/Confirmed", .confirmed), ("https://schema.org/ReservationConfirmed", .confirmed),
        ("http://schema.org/ReservationConfirmed/", .confirmed), ("reservationconfirmed", .confirmed),
        ("Cancelled", .cancelled), ("ReservationCancelled", .cancelled), ("http://schema.org/Cancelled", .cancelled),
        ("https://schema.org/ReservationCancelled", .cancelled), ("Canceled", .cancelled),
        ("Pending", .pending), ("ReservationPending", .pending), ("http://schema.org/ReservationPending", .pending),
        ("Hold", .hold), ("ReservationHold", .hold), ("https://schema.org/ReservationHold", .hold),
    ])
    func statuses(_ text: String, _ expected: ReservationStatus) {
        #expect(ReservationStatus(schemaValue: text) == expected)
        let result = Self.reservations(Self.flight(status: "\"\(text)\""))
        #expect(result.reservations.first?.status == expected)
        #expect(result.findings.isEmpty)
    }

    @Test("an unknown status is an error naming it and the four known ones; the reservation is still read")
    func unknownStatus() {
        let result = Self.reservations(Self.flight(status: #""http://schema.org/ReservationBooked""#))
        #expect(result.codes == [FindingCode.unknownStatus.id])
        let finding = result.findings.first
        #expect(finding?.severity == .error)
        #expect(finding?.message.contains("\"http://schema.org/ReservationBooked\"") == true)
        #expect(finding?.message.contains("ReservationConfirmed, ReservationCancelled, ReservationPending, ReservationHold") == true)
        // At the status value itself (page() starts the JSON on line 3).
        let statusLine = MarkupFixture.line(of: "ReservationBooked", in: MarkupFixture.page(Self.flight(status: #""http://schema.org/ReservationBooked""#)))
        #expect(finding?.location?.line == statusLine)
        #expect(result.reservations.count == 1)
        #expect(result.reservations.first?.status == nil)
    }

    // MARK: Types

    @Test("subtypes of what is reserved (MusicEvent, Hotel, Restaurant, …) are read like their base type", arguments: [
        ("EventReservation", "MusicEvent", EventReservationCheck.event),
        ("EventReservation", "SportsEvent", .event),
        ("EventReservation", "TheaterEvent", .event),
        ("LodgingReservation", "Hotel", .lodging),
        ("LodgingReservation", "Motel", .lodging),
        ("FoodEstablishmentReservation", "Restaurant", .food),
        ("FoodEstablishmentReservation", "CafeOrCoffeeShop", .food),
    ])
    func subtypesOfReservedThing(_ type: String, _ reserved: String, _ check: EventReservationCheck) {
        let json = """
            {"@context": "http://schema.org", "@type": "\(type)", "reservationNumber": "R1",
             "reservationStatus": "http://schema.org/Confirmed",
             "reservationFor": {"@type": "http://schema.org/\(reserved)", "name": "The Place",
               "startDate": "2027-03-06T19:30:00-08:00", "address": "1 Main St, Springfield",
               "location": {"@type": "Place", "name": "The Place", "address": "1 Main St, Springfield"}},
             "startTime": "2027-03-06T19:30:00-08:00",
             "checkinTime": "2027-03-06T15:00:00-08:00", "checkoutTime": "2027-03-07T11:00:00-08:00"}
            """
        let result = Self.reservations(json)
        #expect(result.findings.isEmpty)
        let reservation = result.reservations.first
        #expect(reservation?.kind == check.kind)
        #expect(reservation?.name == "The Place")
        #expect(reservation?.place?.address == PostalAddress(text: "1 Main St, Springfield"))
        #expect(reservation?.start == MarkupFixture.date(check == .lodging ? "2027-03-06T15:00:00-08:00" : "2027-03-06T19:30:00-08:00"))
    }

    enum EventReservationCheck: Sendable {
        case event, lodging, food
        var kind: ReservationKind {
            switch self {
            case .event: .event
            case .lodging: .lodging
            case .food: .foodEstablishment
            }
        }
    }

    @Test("reservation subtypes senders invent map to their base; plain Reservation and others are unknown types")
    func reservationSubtypes() {
        #expect(ReservationKind(schemaType: "RestaurantReservation") == .foodEstablishment)
        #expect(ReservationKind(schemaType: "HotelReservation") == .lodging)
        for kind in ReservationKind.allCases { #expect(ReservationKind(schemaType: kind.rawValue) == kind) }
        #expect(ReservationKind(schemaType: "Reservation") == nil)
        #expect(ReservationKind(schemaType: "ReservationPackage") == nil)
    }

    @Test("a type ending in Reservation that is not one of the nine is a warning naming it, and is ignored", arguments: [
        "Reservation", "http://schema.org/Reservation", "ParkingReservation", "https://schema.org/CarpoolReservation/",
    ])
    func unknownType(_ type: String) {
        let result = Self.reservations("""
            {"@context": "http://schema.org", "@type": "\(type)", "reservationNumber": "R1",
             "reservationStatus": "Confirmed"}
            """)
        #expect(result.reservations.isEmpty)
        #expect(result.codes == [FindingCode.unknownType.id])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.message.hasPrefix("\(SchemaType.shortName(type)) is not a reservation type") == true)
    }

    @Test("an item that is no reservation at all (an Event, a Person) is neither a reservation nor a finding")
    func notReservations() {
        let result = Self.reservations("""
            [{"@context": "http://schema.org", "@type": "Event", "name": "Gig", "startDate": "2027-01-01"},
             {"@context": "http://schema.org", "@type": "Person", "name": "Eva"},
             {"@context": "http://schema.org", "name": "untyped"}]
            """)
        #expect(result.reservations.isEmpty)
        #expect(result.findings.isEmpty)
        #expect(result.items.count == 3)
    }

    // MARK: Field variants

    @Test("checkinDate/checkoutDate are read as checkinTime/checkoutTime, and the new names win")
    func checkinNames() {
        func stay(_ fields: String) -> Reservation? {
            Self.reservations("""
                {"@type": "LodgingReservation", "reservationNumber": "H1", "reservationStatus": "Confirmed",
                 "reservationFor": {"@type": "Hotel", "name": "Inn"}, \(fields)}
                """).reservations.first
        }
        let old = stay(#""checkinDate": "2027-04-11T16:00:00-08:00", "checkoutDate": "2027-04-13T11:00:00-08:00""#)
        let new = stay(#""checkinTime": "2027-04-11T16:00:00-08:00", "checkoutTime": "2027-04-13T11:00:00-08:00""#)
        #expect(old?.start == MarkupFixture.date("2027-04-11T16:00:00-08:00"))
        #expect(old?.end == MarkupFixture.date("2027-04-13T11:00:00-08:00"))
        #expect(old == new)
        let both = stay(#""checkinDate": "2027-01-01", "checkinTime": "2027-04-11T16:00:00-08:00""#)
        #expect(both?.start == MarkupFixture.date("2027-04-11T16:00:00-08:00"))
    }

    @Test("Flight: the airline from reservationFor.airline, reservationFor.provider, the reservation's provider, or a name", arguments: [
        (#""reservationFor": {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"}}"#, "UA 110"),
        (#""reservationFor": {"@type": "Flight", "flightNumber": "110", "provider": {"@type": "Airline", "name": "United", "iataCode": "UA"}}"#, "UA 110"),
        (#""provider": {"@type": "Airline", "name": "United", "iataCode": "UA"}, "reservationFor": {"@type": "Flight", "flightNumber": "110"}"#, "UA 110"),
        (#""reservationFor": {"@type": "Flight", "flightNumber": "UA110", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"}}"#, "UA110"),
        (#""reservationFor": {"@type": "Flight", "flightNumber": "ua 110", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"}}"#, "ua 110"),
        (#""reservationFor": {"@type": "Flight", "flightNumber": "110", "airline": "United"}"#, "110"),
    ])
    func flightAirline(_ fields: String, _ tripNumber: String) {
        let result = Self.reservations(#"{"@type": "FlightReservation", "reservationNumber": "R", "# + fields + "}")
        #expect(result.reservations.first?.provider == "United")
        #expect(result.reservations.first?.name == "United")
        #expect(result.reservations.first?.tripNumber == tripNumber)
    }

    @Test("trainCompany and busCompany (an Organization or a name) are the provider, as is provider itself", arguments: [
        ("TrainReservation", "TrainTrip", #""trainCompany": {"@type": "Organization", "name": "Deutsche Bahn"}"#, ReservationKind.train),
        ("TrainReservation", "TrainTrip", #""trainCompany": "Deutsche Bahn""#, .train),
        ("TrainReservation", "TrainTrip", #""provider": {"@type": "Organization", "name": "Deutsche Bahn"}"#, .train),
        ("BusReservation", "BusTrip", #""busCompany": {"@type": "Organization", "name": "Deutsche Bahn"}"#, .bus),
        ("BusReservation", "BusTrip", #""busCompany": "Deutsche Bahn""#, .bus),
        ("BusReservation", "BusTrip", #""provider": "Deutsche Bahn""#, .bus),
        ("BoatReservation", "BoatTrip", #""provider": {"@type": "Organization", "name": "Deutsche Bahn"}"#, .boat),
    ])
    func companies(_ type: String, _ trip: String, _ company: String, _ kind: ReservationKind) {
        let result = Self.reservations("""
            {"@type": "\(type)", "reservationNumber": "R", "reservationFor": {"@type": "\(trip)", \(company)}}
            """)
        #expect(result.reservations.first?.kind == kind)
        #expect(result.reservations.first?.provider == "Deutsche Bahn")
    }

    @Test("train and bus numbers and names")
    func tripNumbers() {
        let train = Self.reservations("""
            {"@type": "TrainReservation", "reservationNumber": "R", "reservationFor": {"@type": "TrainTrip",
             "trainNumber": "ICE 1234", "trainName": "Sprinter", "trainCompany": "DB",
             "departureStation": {"@type": "TrainStation", "name": "München Hbf"},
             "arrivalStation": {"@type": "TrainStation", "name": "Berlin Hbf"},
             "departureTime": "2027-05-01T08:00:00+02:00", "arrivalTime": "2027-05-01T12:00:00+02:00"}}
            """).reservations.first
        #expect(train?.tripNumber == "ICE 1234")
        #expect(train?.name == "Sprinter")
        #expect(train?.itemReference == "ICE 1234@2027-05-01")
        let bus = Self.reservations("""
            {"@type": "BusReservation", "reservationNumber": "R", "reservationFor": {"@type": "BusTrip",
             "busNumber": "42", "busCompany": "Bolt NYC", "departureTime": "2027-05-01T08:00:00-05:00"}}
            """).reservations.first
        #expect(bus?.tripNumber == "42")
        #expect(bus?.name == "Bolt NYC")
        #expect(bus?.itemReference == "42@2027-05-01")
    }

    @Test("bookingAgent is the broker, as an Organization, a Person or a name; broker wins over it", arguments: [
        (#""broker": {"@type": "Organization", "name": "Expedia"}"#, "Expedia"),
        (#""bookingAgent": {"@type": "Organization", "name": "Expedia"}"#, "Expedia"),
        (#""bookingAgent": {"@type": "Person", "name": "Expedia"}"#, "Expedia"),
        (#""bookingAgent": "Expedia""#, "Expedia"),
        (#""broker": "Expedia", "bookingAgent": "Orbitz""#, "Expedia"),
    ])
    func brokers(_ fields: String, _ broker: String) {
        let result = Self.reservations(Self.flight(extra: fields + ","))
        #expect(result.reservations.first?.broker == broker)
    }

    @Test("underName as a Person or as a name; url, modifiedTime, ticket and seat")
    func otherFields() {
        let person = Self.reservations(Self.flight(extra: #""underName": {"@type": "Person", "name": "Eva Green"},"#))
        let text = Self.reservations(Self.flight(extra: #""underName": "Eva Green","#))
        #expect(person.reservations.first?.underName == "Eva Green")
        #expect(text.reservations.first?.underName == "Eva Green")
        let full = Self.reservations(Self.flight(extra: """
            "url": "https://example.com/trips/RXJ34P", "modifiedTime": "2027-02-01T10:00:00Z",
            "reservedTicket": {"@type": "Ticket", "ticketNumber": "0162345678901",
              "ticketedSeat": {"@type": "Seat", "seatRow": "12", "seatNumber": "12A"}},
            """)).reservations.first
        #expect(full?.url == "https://example.com/trips/RXJ34P")
        #expect(full?.modifiedTime == MarkupFixture.date("2027-02-01T10:00:00Z"))
        #expect(full?.ticketNumber == "0162345678901")
        #expect(full?.seat == "12 12A")
        let modifyURL = Self.reservations(Self.flight(extra: #""modifyReservationUrl": "https://example.com/m","#))
        #expect(modifyURL.reservations.first?.url == "https://example.com/m")
        let airplaneSeat = Self.reservations(Self.flight(extra: #""airplaneSeat": "14C","#))
        #expect(airplaneSeat.reservations.first?.seat == "14C")
    }

    @Test("an event ticket's number is the part's item reference")
    func eventTicket() {
        let result = Self.reservations("""
            {"@type": "EventReservation", "reservationNumber": "E1", "reservationStatus": "Confirmed",
             "reservedTicket": {"@type": "Ticket", "ticketNumber": "T-77"},
             "reservationFor": {"@type": "MusicEvent", "name": "Gig", "startDate": "2027-03-06T19:30:00-08:00",
               "location": "AT&T Park"}}
            """)
        #expect(result.reservations.first?.itemReference == "ticket T-77")
        #expect(result.reservations.first?.place == Place(name: "AT&T Park"))
    }

    // MARK: Several parts

    @Test("reservationFor as an array: one part per flight, each with its own item reference, the same id")
    func reservationForArray() {
        let result = Self.reservations(Self.flight(leg: "[\(Self.leg110), \(Self.leg111)]"))
        #expect(result.findings.isEmpty)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P", "RXJ34P"])
        #expect(result.reservations.map(\.itemReference) == ["UA 110@2027-03-04", "UA 111@2027-03-10"])
        #expect(result.reservations.map(\.place?.code) == ["SFO", "JFK"])
        #expect(result.reservations.map(\.start) == [
            MarkupFixture.date("2027-03-04T20:15:00-08:00"), MarkupFixture.date("2027-03-10T09:00:00-05:00"),
        ])
        #expect(Set(result.reservations.map(\.itemReference)).count == 2)
    }

    @Test("a multi-leg trip as several reservation items (Gmail's way): two parts, own item references, same id")
    func multiLegItems() {
        let result = Self.reservations("[\(Self.flight(leg: Self.leg110)), \(Self.flight(leg: Self.leg111))]")
        #expect(result.findings.isEmpty)
        #expect(result.reservations.count == 2)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P", "RXJ34P"])
        #expect(result.reservations.map(\.itemReference) == ["UA 110@2027-03-04", "UA 111@2027-03-10"])
    }

    @Test("the same flight number on two days is two parts; legs without numbers are told apart by route")
    func itemReferences() {
        let nextWeek = Self.leg110.replacingOccurrences(of: "2027-03-04T20:15", with: "2027-03-11T20:15")
            .replacingOccurrences(of: "2027-03-05T06:30", with: "2027-03-12T06:30")
        let result = Self.reservations(Self.flight(leg: "[\(Self.leg110), \(nextWeek)]"))
        #expect(result.reservations.map(\.itemReference) == ["UA 110@2027-03-04", "UA 110@2027-03-11"])
        #expect(result.findings.isEmpty)

        let unnumbered = Self.reservations("""
            {"@type": "TrainReservation", "reservationNumber": "T", "reservationFor": [
              {"@type": "TrainTrip", "departureStation": {"@type": "TrainStation", "name": "A"},
               "arrivalStation": {"@type": "TrainStation", "name": "B"}, "departureTime": "2027-05-01T08:00:00+02:00"},
              {"@type": "TrainTrip", "departureStation": {"@type": "TrainStation", "name": "B"},
               "arrivalStation": {"@type": "TrainStation", "name": "C"}, "departureTime": "2027-05-01T12:00:00+02:00"}]}
            """)
        #expect(unnumbered.reservations.map(\.itemReference) == ["A-B@2027-05-01", "B-C@2027-05-01"])
    }

    @Test("two parts of one reservation with the same item reference: the second is an error and is dropped, never merged")
    func duplicateItemReference() {
        let changed = Self.leg110.replacingOccurrences(of: "San Francisco Airport", with: "Oakland")
        let html = MarkupFixture.page("[\(Self.flight(leg: Self.leg110)),\n\(Self.flight(leg: changed))]")
        let result = MarkupExtractor().extract(html: html)
        #expect(result.reservations.count == 1)
        #expect(result.reservations.first?.place?.name == "San Francisco Airport")
        #expect(result.codes == [FindingCode.duplicateItemReference.id])
        let finding = result.findings.first
        #expect(finding?.severity == .error)
        #expect(finding?.message.contains("two different parts of reservation RXJ34P are both \"UA 110@2027-03-04\"") == true)
        // The second item is where the finding is; the message says where the first one is.
        #expect(finding?.message.contains("(first at 3:2)") == true, "\(finding?.message ?? "")")
        let secondLine = html.components(separatedBy: "\n").indices.last { html.components(separatedBy: "\n")[$0].hasPrefix("{\"@context\"") }
        #expect(finding?.position == MarkupFixture.Position(line: (secondLine ?? -2) + 1, column: 1))
    }

    @Test("two hotel stays, or two shows, booked under one number in separate items are two parts, not a conflict")
    func separateItemsOneBooking() {
        let stays = Self.reservations("""
            [{"@type": "LodgingReservation", "reservationNumber": "TRIP1", "reservationStatus": "Confirmed",
              "reservationFor": {"@type": "Hotel", "name": "Hotel Dunmore"},
              "checkinTime": "2027-04-11T16:00:00-05:00", "checkoutTime": "2027-04-13T11:00:00-05:00"},
             {"@type": "LodgingReservation", "reservationNumber": "TRIP1", "reservationStatus": "Confirmed",
              "reservationFor": {"@type": "Hotel", "name": "Hilton San Francisco Union Square"},
              "checkinTime": "2027-04-13T16:00:00-08:00", "checkoutTime": "2027-04-15T11:00:00-08:00"}]
            """)
        #expect(stays.reservations.map(\.name) == ["Hotel Dunmore", "Hilton San Francisco Union Square"])
        #expect(Set(stays.reservations.map(\.itemReference)).count == 2)
        #expect(stays.findings.isEmpty)
        let shows = Self.reservations("""
            [{"@type": "EventReservation", "reservationNumber": "ORDER9", "reservationStatus": "Confirmed",
              "reservationFor": {"@type": "TheaterEvent", "name": "Hamlet", "startDate": "2027-05-01T19:30:00+01:00"}},
             {"@type": "EventReservation", "reservationNumber": "ORDER9", "reservationStatus": "Confirmed",
              "reservationFor": {"@type": "TheaterEvent", "name": "Macbeth", "startDate": "2027-05-02T19:30:00+01:00"}}]
            """)
        #expect(shows.reservations.map(\.name) == ["Hamlet", "Macbeth"])
        #expect(Set(shows.reservations.map(\.itemReference)).count == 2)
        #expect(shows.findings.isEmpty)
    }

    @Test("the same item reference under different reservation ids is no conflict")
    func sameReferenceOtherID() {
        let other = Self.flight(id: #""reservationNumber": "OTHER""#)
        let result = Self.reservations("[\(Self.flight()), \(other)]")
        #expect(result.reservations.count == 2)
        #expect(result.findings.isEmpty)
    }

    @Test("more parts than maxReservations: the rest are dropped with one warning")
    func tooManyReservations() {
        let legs = (0..<60).map { index in
            Self.leg110.replacingOccurrences(of: #""flightNumber": "110""#, with: "\"flightNumber\": \"\(1000 + index)\"")
        }
        let result = Self.reservations(Self.flight(leg: "[" + legs.joined(separator: ",") + "]"))
        #expect(result.reservations.count == MarkupLimits().maxReservations)
        #expect(result.codes == [FindingCode.tooManyReservations.id])
    }

    // MARK: Cancellation

    @Test("a cancellation with only id and status is one part that names the whole reservation")
    func minimalCancellation() {
        let result = Self.reservations("""
            {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "RXJ34P",
             "reservationStatus": "http://schema.org/Cancelled"}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.reservations.count == 1)
        let part = result.reservations.first
        #expect(part?.status == .cancelled)
        #expect(part?.reservationID == "RXJ34P")
        #expect(part?.itemReference == "")
        #expect(part?.isMinimalCancellation == true)
    }

    @Test("a cancellation that repeats the reservation cancels each part by its item reference")
    func fullCancellation() {
        let result = Self.reservations(Self.flight(status: #""http://schema.org/ReservationCancelled""#,
                                                   leg: "[\(Self.leg110), \(Self.leg111)]"))
        #expect(result.reservations.map(\.status) == [.cancelled, .cancelled])
        #expect(result.reservations.map(\.itemReference) == ["UA 110@2027-03-04", "UA 111@2027-03-10"])
        #expect(result.reservations.allSatisfy { !$0.isMinimalCancellation })
    }

    // MARK: Times

    @Test("ISO 8601 times keep whether an offset was given; a time without one is flagged no-time-zone", arguments: [
        ("2027-04-10T08:00:00+00:00", "2027-04-10T08:00:00Z", false),
        ("2027-04-10T08:00:00Z", "2027-04-10T08:00:00Z", false),
        ("2027-04-10T08:00:00-07:00", "2027-04-10T08:00:00-07:00", false),
        ("2027-04-10T08:00+0530", "2027-04-10T08:00:00+05:30", false),
        ("2027-04-10T08:00:00", "2027-04-10T08:00:00", true),
        ("2027-04-10T08:00", "2027-04-10T08:00:00", true),
        ("2027-04-10", "2027-04-10", false),
    ])
    func times(_ text: String, _ normalized: String, _ flagged: Bool) {
        let result = Self.reservations("""
            {"@type": "FoodEstablishmentReservation", "reservationNumber": "R",
             "reservationFor": {"@type": "Restaurant", "name": "Wagamama"}, "startTime": "\(text)"}
            """)
        let start = result.reservations.first?.start
        #expect(start?.description == normalized)
        #expect(start?.hasOffset == (normalized.hasSuffix("Z") || normalized.dropFirst(19).contains { $0 == "+" || $0 == "-" }))
        #expect(result.codes == (flagged ? [FindingCode.noTimeZone.id] : []))
        if flagged {
            #expect(result.findings.first?.severity == .warning)
            #expect(result.findings.first?.message.hasPrefix("startTime \"\(text)\" has no UTC offset") == true)
        }
    }

    @Test("a time that is not ISO 8601 is an error naming the property, and is left out")
    func invalidTime() {
        let result = Self.reservations("""
            {"@type": "FoodEstablishmentReservation", "reservationNumber": "R",
             "reservationFor": {"@type": "Restaurant", "name": "Wagamama"}, "startTime": "next Friday, 8 pm"}
            """)
        #expect(result.reservations.first?.start == nil)
        #expect(result.codes == [FindingCode.invalidDateTime.id])
        #expect(result.findings.first?.severity == .error)
        #expect(result.findings.first?.message == #"startTime "next Friday, 8 pm" is not an ISO 8601 date or date-time"#)
    }

    @Test("an end before the start is an error; equal, later, or not comparable (floating against offset) is not")
    func endBeforeStart() {
        func event(_ start: String, _ end: String) -> MarkupExtraction {
            Self.reservations("""
                {"@type": "EventReservation", "reservationNumber": "E", "reservationFor": {"@type": "Event",
                 "name": "Gig", "startDate": "\(start)", "endDate": "\(end)"}}
                """)
        }
        let before = event("2027-03-06T19:30:00-08:00", "2027-03-06T18:00:00-08:00")
        #expect(before.codes == [FindingCode.endBeforeStart.id])
        #expect(before.findings.first?.severity == .error)
        #expect(before.findings.first?.message
            == "EventReservation ends (2027-03-06T18:00:00-08:00) before it starts (2027-03-06T19:30:00-08:00)")
        #expect(before.reservations.count == 1)
        // 19:30-08:00 is 03:30Z the next day: an end at 03:00Z is before it, though its date is later.
        #expect(event("2027-03-06T19:30:00-08:00", "2027-03-07T03:00:00Z").codes == [FindingCode.endBeforeStart.id])
        #expect(event("2027-03-06T19:30:00-08:00", "2027-03-07T04:00:00Z").codes.isEmpty)
        #expect(event("2027-03-06T19:30:00-08:00", "2027-03-06T19:30:00-08:00").codes.isEmpty)
        #expect(event("2027-03-06", "2027-03-05").codes == [FindingCode.endBeforeStart.id])
        #expect(event("2027-03-06T19:30:00-08:00", "2027-03-06T18:00:00").codes == [FindingCode.noTimeZone.id])
    }
}
