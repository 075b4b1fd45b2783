import Findings
import JSON
import Testing
@testable import SchemaMarkup

/// Exact `line:column` of each finding on templates written for it. Every expected place is
/// a ‸ marker in the template (`MarkupFixture.strip`), never counted by hand.
@Suite("finding positions: every finding at its place")
struct FindingPositionTests {
    static func lint(_ html: String, profiles: [MarkupProfile] = [.apple, .google]) -> MarkupExtraction {
        MarkupExtractor(recoversJSON: false, profiles: profiles).extract(html: html)
    }

    @Test("pretty JSON-LD, three legs: the bad time of the second leg is placed at its value, not at the script")
    func threeLegFlight() throws {
        let marked = MarkupFixture.strip("""
            <html><body>
            <script type="application/ld+json">
            {
              "@context": "http://schema.org",
              "@type": "FlightReservation",
              "reservationNumber": "RXJ34P",
              "reservationId": "RXJ34P",
              "reservationStatus": "http://schema.org/Confirmed",
              "underName": {"@type": "Person", "name": "Eva Green"},
              "reservationFor": [
                {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "iataCode": "UA"},
                 "departureAirport": {"@type": "Airport", "iataCode": "SFO"},
                 "arrivalAirport": {"@type": "Airport", "iataCode": "JFK"},
                 "departureTime": "2027-03-04T20:15:00-08:00", "arrivalTime": "2027-03-05T06:30:00-05:00"},
                {"@type": "Flight", "flightNumber": "111", "airline": {"@type": "Airline", "iataCode": "UA"},
                 "departureAirport": {"@type": "Airport", "iataCode": "JFK"},
                 "arrivalAirport": {"@type": "Airport", "iataCode": "BOS"},
                 "departureTime": ‸"2027-02-30T09:00:00-05:00", "arrivalTime": "2027-03-05T10:30:00-05:00"},
                {"@type": "Flight", "flightNumber": "112", "airline": {"@type": "Airline", "iataCode": "UA"},
                 "departureAirport": {"@type": "Airport", "iataCode": "BOS"},
                 "arrivalAirport": {"@type": "Airport", "iataCode": "SFO"},
                 "departureTime": "2027-03-06T09:00:00-05:00", "arrivalTime": ‸"2027-03-06T12:30:00"}
              ]
            }
            </script>
            </body></html>
            """)
        let result = Self.lint(marked.text, profiles: [])
        #expect(result.codes == [FindingCode.invalidDateTime.id, FindingCode.noTimeZone.id])
        #expect(result.findings.map(\.position) == marked.positions)
        // Attack: the old place, the script tag's line, must not be what is reported.
        #expect(!result.findings.contains { $0.location?.line == 2 })
    }

    @Test("a missing property is placed at the `{` of the object that lacks it")
    func missingPropertyAtObject() throws {
        let marked = MarkupFixture.strip("""
            <html><body><p>Thanks!</p>
            <script type="application/ld+json">

                ‸{"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
                 "reservationNumber": "R1", "reservationStatus": "http://schema.org/Confirmed",
                 "underName": {"@type": "Person", "name": "A"},
                 "reservationFor": {"@type": "FoodEstablishment", "name": "W", "address": "1 Main St"},
                 "startTime": "2027-04-10T20:00:00+01:00", "partySize": 2}
            </script></body></html>
            """)
        let result = Self.lint(marked.text, profiles: [.apple])
        let missing = result.findings(FindingCode.missingProperty.id)
        #expect(!missing.isEmpty)
        #expect(missing.allSatisfy { $0.position == marked.positions[0] })
    }

    @Test("minified: several scripts on one line; each finding is placed in its own script")
    func minifiedScripts() throws {
        let first = #"{"@context":"http://schema.org","@type":"FlightReservation","reservationNumber":"A","reservationStatus":‸"Booked"}"#
        let second = #"{"@context":"http://schema.org","@type":"FlightReservation","reservationNumber":"B","reservationStatus":‸"Held"}"#
        let marked = MarkupFixture.strip("<html><body><script type=\"application/ld+json\">\(first)</script>"
            + "<script type=\"application/ld+json\">\(second)</script></body></html>")
        let result = Self.lint(marked.text, profiles: [])
        #expect(result.codes == [FindingCode.unknownStatus.id, FindingCode.unknownStatus.id])
        #expect(result.findings.map(\.position) == marked.positions)
        #expect(marked.positions.allSatisfy { $0.line == 1 } && marked.positions[0].column < marked.positions[1].column)
    }

    @Test("an @graph lends its @context; the members' positions stay their own")
    func graphMembers() throws {
        let marked = MarkupFixture.strip("""
            <script type="application/ld+json">
            {"@context": "http://schema.org", "@graph": [
              {"@type": "FlightReservation", "reservationNumber": "A", "reservationStatus": "http://schema.org/Confirmed"},
              ‸{"@type": "Reservation", "reservationNumber": "B"}
            ]}
            </script>
            """)
        let result = Self.lint(marked.text, profiles: [])
        #expect(result.codes == [FindingCode.unknownType.id])
        #expect(result.findings.first?.position == marked.positions[0])
    }

    @Test("Microdata, nested items: the element with the itemprop, with its column, ten lines below the top item")
    func microdataNested() throws {
        let marked = MarkupFixture.strip("""
            <html><body>
            <div itemscope itemtype="http://schema.org/EventReservation">
              <meta itemprop="reservationNumber" content="E1">
              <link itemprop="reservationStatus" href="http://schema.org/Confirmed">
              <div itemprop="underName" itemscope itemtype="http://schema.org/Person">
                <span itemprop="name">Eva</span>
              </div>
              <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Event">
                <span itemprop="name">Concert</span>
                <div itemprop="location" itemscope itemtype="http://schema.org/Place">
                  <span itemprop="name">Hall</span>
                </div>
                <span>Doors:</span> ‸<time itemprop="startDate" datetime="2027-13-01T19:00:00+01:00">soon</time>
              </div>
            </div>
            </body></html>
            """)
        let result = Self.lint(marked.text, profiles: [])
        #expect(result.codes == [FindingCode.invalidDateTime.id])
        #expect(result.findings.first?.position == marked.positions[0])
    }

    @Test("Microdata: two like elements on one line are told apart by column")
    func microdataSameLine() throws {
        let marked = MarkupFixture.strip(
            #"<div itemscope itemtype="http://schema.org/FlightReservation"><meta itemprop="reservationNumber" content="A">"#
            + #"‸<meta itemprop="reservationStatus" content="X"></div>‸<div itemscope itemtype="http://schema.org/Reservation">"#
            + #"<meta itemprop="reservationNumber" content="B"></div>"#)
        let result = Self.lint(marked.text, profiles: [])
        let unknownType = try #require(result.findings(FindingCode.unknownType.id).first)
        #expect(unknownType.position == marked.positions[1])
        #expect(result.findings(FindingCode.unknownStatus.id).first?.position == marked.positions[0])
    }

    @Test("ItemView: the object's place, a property's value, and every place a duplicated key is written")
    func itemViewAPI() throws {
        let marked = MarkupFixture.strip("""
            <script type="application/ld+json">‸{"@type": "FlightReservation", ‸"reservationNumber": ‸"A",
             ‸"reservationNumber": ‸"B"}</script>
            """)
        let found = MarkupExtractor().items(fromHTML: marked.text)
        let item = try #require(found.items.first)
        let view = ItemView(value: item.value, graph: ItemGraph(items: [item.value], locations: [item.locations]),
                            locations: item.locations)
        func position(_ location: Findings.SourceLocation?) -> MarkupFixture.Position? {
            guard let location, let column = location.column else { return nil }
            return MarkupFixture.Position(line: location.line, column: column)
        }
        #expect(position(view.location) == marked.positions[0])
        // The last one is the value JSON-LD reads, so that is where a value error points.
        #expect(position(view.location(ofProperty: "reservationNumber")) == marked.positions[4])
        #expect(view.locations(ofPropertyKey: "reservationNumber").map { position($0) } == [marked.positions[1], marked.positions[3]])
        #expect(view.location(ofProperty: "absent") == nil)
        // Without positions (an item built by hand) nothing is made up.
        #expect(ItemView(value: item.value, graph: ItemGraph(items: [])).location == nil)
    }

    @Test("a reference by @id resolves to the object it names, at that object's place")
    func referencePositions() throws {
        let marked = MarkupFixture.strip("""
            <script type="application/ld+json">[
            {"@context": "http://schema.org", "@type": "EventReservation", "reservationNumber": "E",
             "reservationStatus": "http://schema.org/Confirmed", "reservationFor": {"@id": "#show"}},
            {"@type": "Event", "@id": "#show", "name": "Show", "startDate": ‸"tomorrow"}
            ]</script>
            """)
        let result = Self.lint(marked.text, profiles: [])
        #expect(result.findings(FindingCode.invalidDateTime.id).first?.position == marked.positions[0])
    }
}
