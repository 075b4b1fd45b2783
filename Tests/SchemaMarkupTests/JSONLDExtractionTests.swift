import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// JSON-LD in HTML (JSON-LD 1.1 §6.1): which scripts count, the shapes a script may have,
/// the wrappers mail puts around it, and where its errors are reported.
@Suite("JSON-LD extraction")
struct JSONLDExtractionTests {
    /// Gmail's flight example, compact, as one JSON object.
    static let flight = """
        {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "RXJ34P",
         "reservationStatus": "http://schema.org/Confirmed", "underName": {"@type": "Person", "name": "Eva Green"},
         "reservationFor": {"@type": "Flight", "flightNumber": "110",
           "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
           "departureAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
           "departureTime": "2027-03-04T20:15:00-08:00",
           "arrivalAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
           "arrivalTime": "2027-03-05T06:30:00-05:00"}}
        """

    static var expectedFlight: Reservation {
        var r = Reservation(kind: .flight, itemReference: "UA 110@2027-03-04")
        r.reservationID = "RXJ34P"
        r.status = .confirmed
        r.name = "United"
        r.provider = "United"
        r.tripNumber = "UA 110"
        r.place = Place(name: "San Francisco Airport", code: "SFO")
        r.destination = Place(name: "John F. Kennedy International Airport", code: "JFK")
        r.start = MarkupFixture.date("2027-03-04T20:15:00-08:00")
        r.end = MarkupFixture.date("2027-03-05T06:30:00-05:00")
        r.underName = "Eva Green"
        return r
    }

    static func extract(_ json: String) -> MarkupExtraction {
        MarkupExtractor().extract(html: MarkupFixture.page(json))
    }

    // MARK: Shapes of a script

    @Test("one object, an array, a nested array and a @graph give the same reservation")
    func shapes() {
        let withoutContext = String(Self.flight.dropFirst(#"{"@context": "http://schema.org", "#.count))
        for json in [
            Self.flight,
            "[\(Self.flight)]",
            "[[\(Self.flight)]]",
            #"{"@context": "http://schema.org", "@graph": [{"#.appending(withoutContext) + "]}",
        ] {
            let result = Self.extract(json)
            #expect(result.placeless == [Self.expectedFlight], "\(json.prefix(60))")
            #expect(result.findings.isEmpty, "\(json.prefix(60))")
        }
    }

    @Test("a @graph's members get the outer @context; a member's own @context wins")
    func graphContext() {
        let result = Self.extract("""
            {"@context": "http://schema.org", "@graph": [
              {"@type": "Person", "name": "A"},
              {"@context": "https://schema.org/", "@type": "Person", "name": "B"},
              "not an object"
            ]}
            """)
        #expect(result.items.count == 3)
        #expect(result.items[0].value["@context"] == .string("http://schema.org"))
        #expect(result.items[1].value["@context"] == .string("https://schema.org/"))
        #expect(result.items[2].value == .string("not an object"))
        #expect(result.reservations.isEmpty)
        #expect(result.findings.isEmpty)
    }

    @Test("an array of two reservations gives two items and two reservations, in order")
    func arrayOfTwo() {
        let second = Self.flight.replacingOccurrences(of: "RXJ34P", with: "QQQ111")
        let result = Self.extract("[\(Self.flight), \(second)]")
        #expect(result.items.count == 2)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P", "QQQ111"])
    }

    @Test("scalars and null at the top level give no items and no findings", arguments: ["42", "\"text\"", "null", "[]", "{}"])
    func scalarScripts(_ json: String) {
        let result = Self.extract(json)
        #expect(result.reservations.isEmpty)
        #expect(result.findings.isEmpty)
        #expect(result.items.count == (json == "{}" ? 1 : 0))
    }

    @Test("@type as a short name, an IRI (http/https, www, trailing slash) or an array", arguments: [
        #""FlightReservation""#,
        #""http://schema.org/FlightReservation""#,
        #""https://schema.org/FlightReservation""#,
        #""http://schema.org/FlightReservation/""#,
        #""https://schema.org/FlightReservation/""#,
        #""https://www.schema.org/FlightReservation""#,
        #"" FlightReservation ""#,
        #"["FlightReservation"]"#,
        #"["Thing", "FlightReservation"]"#,
        #"["http://schema.org/Thing", "https://schema.org/FlightReservation/"]"#,
    ])
    func typeSpellings(_ type: String) {
        let json = Self.flight.replacingOccurrences(of: #""FlightReservation""#, with: type)
        let result = Self.extract(json)
        #expect(result.placeless == [Self.expectedFlight])
        #expect(result.findings.isEmpty)
    }

    @Test("a type of another vocabulary is not schema.org's")
    func foreignIRI() {
        #expect(SchemaType.shortName("http://example.com/FlightReservation") == "http://example.com/FlightReservation")
        let json = Self.flight.replacingOccurrences(
            of: #""FlightReservation""#, with: #""http://example.com/FlightReservation""#)
        let result = Self.extract(json)
        #expect(result.reservations.isEmpty)
    }

    @Test("@context as a string, with or without a trailing slash, https, an object or an array", arguments: [
        #""http://schema.org""#,
        #""http://schema.org/""#,
        #""https://schema.org""#,
        #"{"@vocab": "http://schema.org/"}"#,
        #"["https://schema.org", {"@language": "en"}]"#,
    ])
    func contextSpellings(_ context: String) {
        let json = Self.flight.replacingOccurrences(of: #""http://schema.org", "@type""#, with: "\(context), \"@type\"")
        let result = Self.extract(json)
        #expect(result.placeless == [Self.expectedFlight])
    }

    @Test("property names written as schema.org IRIs are read like short names (as Microdata's itemprop IRIs are)")
    func propertyIRIs() {
        let json = """
            {"@context": "http://schema.org", "@type": "FlightReservation",
             "http://schema.org/reservationNumber": "RXJ34P",
             "https://schema.org/reservationStatus": "http://schema.org/Confirmed",
             "http://schema.org/underName": {"@type": "Person", "http://schema.org/name": "Eva Green"},
             "http://schema.org/reservationFor": {"@type": "Flight", "http://schema.org/flightNumber": "110",
               "http://schema.org/airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
               "http://schema.org/departureAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
               "http://schema.org/departureTime": "2027-03-04T20:15:00-08:00",
               "http://schema.org/arrivalAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
               "http://schema.org/arrivalTime": "2027-03-05T06:30:00-05:00"}}
            """
        let result = Self.extract(json)
        #expect(result.placeless == [Self.expectedFlight])
    }

    // MARK: References and values

    @Test("@id references resolve to the object with that @id, within a script and across scripts")
    func idReferences() {
        let html = """
            <html><body>
            <script type="application/ld+json">
            {"@context": "http://schema.org", "@graph": [
              {"@type": "FlightReservation", "reservationNumber": "RXJ34P",
               "reservationStatus": "http://schema.org/Confirmed",
               "underName": {"@id": "#eva"},
               "reservationFor": {"@id": "#ua110", "@type": "Flight"}},
              {"@id": "#ua110", "@type": "Flight", "flightNumber": "110",
               "airline": {"@id": "#united"},
               "departureAirport": {"@type": "Airport", "name": "San Francisco Airport", "iataCode": "SFO"},
               "departureTime": "2027-03-04T20:15:00-08:00",
               "arrivalAirport": {"@type": "Airport", "name": "John F. Kennedy International Airport", "iataCode": "JFK"},
               "arrivalTime": "2027-03-05T06:30:00-05:00"}
            ]}
            </script>
            <script type="application/ld+json">
            [{"@context": "http://schema.org", "@id": "#eva", "@type": "Person", "name": "Eva Green"},
             {"@context": "http://schema.org", "@id": "#united", "@type": "Airline", "name": "United", "iataCode": "UA"}]
            </script>
            </body></html>
            """
        let result = MarkupExtractor().extract(html: html)
        #expect(result.items.count == 4)
        #expect(result.placeless == [Self.expectedFlight])
        #expect(result.findings.isEmpty)
    }

    @Test("an @id that names nothing leaves the reference as it is")
    func danglingReference() {
        let result = Self.extract("""
            {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "X",
             "reservationFor": {"@id": "#nowhere"}}
            """)
        #expect(result.reservations.count == 1)
        #expect(result.reservations.first?.tripNumber == nil)
        #expect(result.reservations.first?.start == nil)
    }

    @Test("values may be numbers: ids, flight numbers and party sizes keep their literal")
    func numbersAsValues() {
        let json = """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
             "reservationNumber": 12345678901234567890123, "reservationStatus": "Confirmed",
             "reservationFor": {"@type": "Restaurant", "name": "Wagamama", "telephone": 442071234567},
             "startTime": "2027-04-10T08:00:00Z", "partySize": 4}
            """
        let reservation = Self.extract(json).reservations.first
        #expect(reservation?.reservationID == "12345678901234567890123")
        #expect(reservation?.partySize == 4)
        #expect(reservation?.place?.telephone == "442071234567")

        let flight = Self.flight.replacingOccurrences(of: #""flightNumber": "110""#, with: #""flightNumber": 110"#)
        #expect(Self.extract(flight).placeless == [Self.expectedFlight])
    }

    @Test("partySize as text, as a decimal, or not a number", arguments: [
        (#""2""#, 2), (#"" 3 ""#, 3), ("2.0", 2), (#""two""#, nil), ("[5, 6]", 5), (#""""#, nil),
    ] as [(String, Int?)])
    func partySizes(_ literal: String, _ expected: Int?) {
        let json = """
            {"@type": "FoodEstablishmentReservation", "reservationNumber": "X", "partySize": \(literal),
             "reservationFor": {"@type": "FoodEstablishment", "name": "Wagamama"}}
            """
        #expect(Self.extract(json).reservations.first?.partySize == expected)
    }

    // MARK: Which scripts, and their wrappers

    @Test("type attribute: any case, with parameters; other scripts are not JSON-LD", arguments: [
        (#"type="application/ld+json""#, true),
        (#"type="Application/LD+JSON""#, true),
        (#"TYPE="application/ld+json""#, true),
        (#"type="application/ld+json; charset=utf-8""#, true),
        (#"type=" application/ld+json ""#, true),
        (#"type="application/json""#, false),
        (#"type="text/javascript""#, false),
        ("", false),
    ])
    func scriptTypes(_ attribute: String, _ counts: Bool) {
        let html = "<html><head><script \(attribute)>\n\(Self.flight)\n</script></head><body></body></html>"
        let result = MarkupExtractor().extract(html: html)
        #expect(result.reservations.count == (counts ? 1 : 0))
        #expect(result.findings.isEmpty)
    }

    @Test("scripts in head and body, in document order")
    func documentOrder() {
        let second = Self.flight.replacingOccurrences(of: "RXJ34P", with: "SECOND")
        let html = """
            <html><head><script type="application/ld+json">\(Self.flight)</script></head>
            <body><div><p>text</p><script type="application/ld+json">\(second)</script></div></body></html>
            """
        #expect(MarkupExtractor().extract(html: html).reservations.map(\.reservationID) == ["RXJ34P", "SECOND"])
    }

    @Test("HTML comments, CDATA sections and a trailing ';' around the JSON are cleaned off", arguments: [
        "<!--\n\(flight)\n-->",
        "<!-- \(flight) -->",
        "<![CDATA[\n\(flight)\n]]>",
        "//<![CDATA[\n\(flight)\n//]]>",
        "/*<![CDATA[*/\n\(flight)\n/*]]>*/",
        "\(flight);",
        "\(flight) ;\n",
        "<!--\n\(flight);\n-->",
        "<!--//<![CDATA[\n\(flight)\n//]]>-->",
        "\n\n   \(flight)   \n\n",
    ])
    func wrappers(_ script: String) {
        let result = Self.extract(script)
        #expect(result.placeless == [Self.expectedFlight])
        #expect(result.findings.isEmpty)
    }

    @Test("an empty or blank script, or one holding only wrappers, is no item and no finding", arguments: [
        "", "   \n\t ", "<!-- -->", "<![CDATA[]]>", ";",
    ])
    func emptyScripts(_ script: String) {
        let html = "<html><body><script type=\"application/ld+json\">\(script)</script></body></html>"
        let result = MarkupExtractor().extract(html: html)
        #expect(result.items.isEmpty)
        #expect(result.findings.isEmpty)
    }

    // MARK: Error positions (marked in the text, never counted by hand)

    @Test("an error no recovery forgives: same code and position in ingest and lint, after non-ASCII text")
    func unrecoverableError() throws {
        let fixture = try MarkupFixture.marked("positions/unrecoverable.html")
        let expected = try #require(fixture.positions.first)
        for recovers in [true, false] {
            let result = MarkupExtractor(recoversJSON: recovers).extract(html: fixture.text, part: "2")
            #expect(result.codes == [FindingCode.jsonSyntaxError.id], "recovers: \(recovers)")
            let finding = try #require(result.findings.first)
            #expect(finding.severity == .error)
            #expect(finding.position == expected, "recovers: \(recovers)")
            #expect(finding.location?.part == "2")
            #expect(finding.location?.text == .decodedPart("2"))
            #expect(finding.message.hasPrefix("JSON-LD script: expected ',' or '}'"), "\(finding.message)")
            #expect(result.items.isEmpty)
        }
    }

    @Test("ingest recovers a missing and a trailing comma in a second script, each reported where it is")
    func recoveredPositions() throws {
        let fixture = try MarkupFixture.marked("positions/second-script.html")
        #expect(fixture.positions.count == 2)
        let result = MarkupExtractor().extract(html: fixture.text)
        #expect(result.codes == [FindingCode.jsonRecovered.id, FindingCode.jsonRecovered.id])
        #expect(result.findings.map(\.position) == fixture.positions)
        #expect(result.findings.allSatisfy { $0.severity == .warning })
        #expect(result.findings.first?.message.contains("missing ','") == true)
        #expect(result.findings.last?.message.contains("trailing ','") == true)
        #expect(result.items.count == 2)
        var expected = Self.expectedFlight
        expected.underName = nil
        #expect(result.placeless == [expected])
    }

    @Test("lint reports the first of them as a syntax error at the same position, and reads nothing of that script")
    func strictPositions() throws {
        let fixture = try MarkupFixture.marked("positions/second-script.html")
        let result = MarkupExtractor(recoversJSON: false).extract(html: fixture.text)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
        #expect(result.findings.first?.position == fixture.positions.first)
        #expect(result.findings.first?.severity == .error)
        #expect(result.items.count == 1)  // the first script, a Person
        #expect(result.reservations.isEmpty)
    }

    @Test("positions on the script tag's own line count from the start of that line, wrappers included", arguments: [
        #"<p>Hi</p><script type="application/ld+json">{"@type": "FlightReservation"‸ "reservationNumber": "X"}</script>"#,
        #"<p>Hi</p><script type="application/ld+json"><!-- {"@type": "FlightReservation"‸ "reservationNumber": "X"} --></script>"#,
        #"<p>Hi</p><script type="application/ld+json"><![CDATA[{"@type": "FlightReservation"‸ "reservationNumber": "X"}]]></script>"#,
        "<p>Hi</p>\n<script type=\"application/ld+json\"><!--\n{\"@type\": \"FlightReservation\",\n \"name\": \"é☕\"‸ \"x\": 1}\n--></script>",
        "<p>Hi</p>\n<script type=\"application/ld+json\">//<![CDATA[\n{\"@type\": \"FlightReservation\"‸ \"x\": 1}\n//]]></script>",
    ])
    func positionsWithWrappers(_ source: String) throws {
        let marked = MarkupFixture.strip("<html><body>" + source + "</body></html>")
        for recovers in [true, false] {
            let result = MarkupExtractor(recoversJSON: recovers).extract(html: marked.text)
            #expect(result.codes == [FindingCode.jsonSyntaxError.id])
            #expect(result.findings.first?.position == marked.positions.first, "recovers: \(recovers)")
        }
    }

    @Test("a trailing comma on the script's first line: recovered (warning) or an error, at the comma")
    func trailingCommaOnFirstLine() {
        let marked = MarkupFixture.strip(
            #"<html><body><script type="application/ld+json">{"@type": "Person", "name": "Eva"‸,}</script></body></html>"#)
        let recovered = MarkupExtractor().extract(html: marked.text)
        #expect(recovered.codes == [FindingCode.jsonRecovered.id])
        #expect(recovered.findings.first?.position == marked.positions.first)
        #expect(recovered.items.count == 1)
        let strict = MarkupExtractor(recoversJSON: false).extract(html: marked.text)
        #expect(strict.codes == [FindingCode.jsonSyntaxError.id])
        #expect(strict.findings.first?.position == marked.positions.first)
        #expect(strict.items.isEmpty)
    }

    @Test("two minified scripts on one line that begin alike: the error is placed in the second, where it is")
    func minifiedScriptsOnOneLine() {
        let leg = #"{"@context":"http://schema.org","@type":"FlightReservation","reservationNumber":"RXJ34P","reservationFor":{"@type":"Flight","flightNumber":"#
        let marked = MarkupFixture.strip(
            "<html><body><p>Your trip</p>"
                + #"<script type="application/ld+json">"# + leg + #""110"}}</script>"#
                + #"<script type="application/ld+json">"# + leg + #""111"‸ "x":1}}</script>"#
                + "</body></html>")
        let result = MarkupExtractor().extract(html: marked.text)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
        #expect(result.findings.first?.position == marked.positions.first)
    }

    @Test("a script after CRLF line ends: lines and columns still point at the error")
    func crlfSource() {
        let marked = MarkupFixture.strip(
            "<html><body>\n<p>Booking</p>\n<script type=\"application/ld+json\">{\"@type\": \"Person\"‸ \"name\": \"Eva\"}</script>\n"
                + "<script type=\"application/ld+json\">\n{\n  \"@type\": \"Person\",\n  \"name\": \"Eva\"‸ \"x\": 1\n}\n</script>\n</body></html>\n")
        let html = marked.text.replacingOccurrences(of: "\n", with: "\r\n")
        let result = MarkupExtractor().extract(html: html)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id, FindingCode.jsonSyntaxError.id])
        #expect(result.findings.map(\.position) == marked.positions)
    }

    @Test("findings are sorted by position whatever script they come from")
    func findingsSorted() throws {
        let fixture = try MarkupFixture.marked("positions/second-script.html")
        let result = MarkupExtractor().extract(html: fixture.text + MarkupFixture.page(#"{"@type": "Person",}"#))
        let positions = result.findings.compactMap(\.position).map { [$0.line, $0.column] }
        #expect(positions == positions.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(result.findings.count == 3)
    }
}
