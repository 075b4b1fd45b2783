import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// The lint rules of issue 18, each with the honest template it lets through beside the
/// mistake it catches. Every case starts from one complete template that lints clean with
/// both profiles and changes one thing.
@Suite("lint rules on meaning")
struct LintRuleTests {
    static let template = """
        {"@context": "https://schema.org", "@type": "FoodEstablishmentReservation",
         "reservationId": "R-20417", "reservationNumber": "R-20417",
         "reservationStatus": "https://schema.org/ReservationConfirmed",
         "underName": {"@type": "Person", "name": "John Smith"},
         "reservationFor": {"@type": "FoodEstablishment", "name": "Wagamama",
           "address": {"@type": "PostalAddress", "streetAddress": "1 Tavistock Street", "addressLocality": "London",
                       "addressRegion": "Greater London", "postalCode": "WC2E 7PG", "addressCountry": "GB"}},
         "startTime": "2027-04-10T20:00:00+01:00", "partySize": 2, "url": "https://booking.example/r/R-20417"}
        """

    static func lint(_ json: String, _ profiles: [MarkupProfile] = [.apple, .google]) -> MarkupExtraction {
        MarkupExtractor(recoversJSON: false, profiles: profiles).extract(html: MarkupFixture.page(json))
    }

    static func changed(_ from: String, _ to: String) -> String {
        precondition(template.contains(from), "the template has no \(from)")
        return template.replacingOccurrences(of: from, with: to)
    }

    @Test("the complete template lints clean with each profile and both")
    func templateIsClean() {
        for profiles in [[MarkupProfile.apple], [.google], [.apple, .google]] {
            #expect(Self.lint(Self.template, profiles).findings == [], "\(profiles)")
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let honest: [String]
        let attack: String
        let code: FindingCode
        let says: String
        var testDescription: String { name }
    }

    static let contextLine = #""@context": "https://schema.org", "#

    static let cases: [Case] = [
        Case(name: "@context mistyped", honest: [
            changed(contextLine, #""@context": "http://schema.org", "#),
            changed(contextLine, #""@context": "https://schema.org/", "#),
            changed(contextLine, #""@context": "http://schema.org/", "#),
            changed(contextLine, #""@context": {"@vocab": "https://schema.org/"}, "#),
            changed(contextLine, #""@context": ["https://schema.org", {"ex": "https://ex.example/"}], "#),
            changed(contextLine + #""@type": "FoodEstablishmentReservation""#, #""@type": "https://schema.org/FoodEstablishmentReservation""#),
        ], attack: changed(contextLine, #""@context": "https://shema.org", "#), code: .unknownContext,
             says: #"@context "https://shema.org" is not schema.org"#),
        Case(name: "@context without a scheme", honest: [], attack: changed(contextLine, #""@context": "schema.org", "#),
             code: .unknownContext, says: #"@context "schema.org" is not schema.org"#),
        Case(name: "@vocab elsewhere", honest: [], attack: changed(contextLine, #""@context": {"@vocab": "https://example.org/"}, "#),
             code: .unknownContext, says: "is not schema.org"),
        Case(name: "no @context", honest: [], attack: changed(contextLine, ""), code: .missingContext,
             says: "FoodEstablishmentReservation has no @context"),
        Case(name: "a typo in a property", honest: [],
             attack: changed(#""reservationStatus":"#, #""reservationStaus":"#), code: .unknownProperty,
             says: "reservationStaus is not a property of FoodEstablishmentReservation: did you mean reservationStatus?"),
        Case(name: "a typo in a time", honest: [],
             attack: changed(#""startTime":"#, #""startTme":"#), code: .unknownProperty,
             says: "startTme is not a property of FoodEstablishmentReservation: did you mean startTime?"),
        Case(name: "a typo in a nested item", honest: [],
             attack: changed(#""postalCode":"#, #""postalcode":"#), code: .unknownProperty,
             says: "postalcode is not a property of PostalAddress: did you mean postalCode?"),
        Case(name: "partySize in words", honest: [changed(#""partySize": 2"#, #""partySize": "2""#)],
             attack: changed(#""partySize": 2"#, #""partySize": "four""#), code: .invalidValue,
             says: #"partySize "four" is not an integer"#),
        Case(name: "partySize as a fraction", honest: [], attack: changed(#""partySize": 2"#, #""partySize": 2.5"#),
             code: .invalidValue, says: "partySize 2.5 is not an integer"),
        Case(name: "url without a scheme", honest: [changed("https://booking.example", "http://booking.example")],
             attack: changed("https://booking.example/r/R-20417", "booking.example/r/R-20417"), code: .invalidValue,
             says: #"url "booking.example/r/R-20417" is not an absolute http(s) URL"#),
        Case(name: "the legacy status URL", honest: [
            changed("https://schema.org/ReservationConfirmed", "ReservationConfirmed"),
            changed("https://schema.org/ReservationConfirmed", "http://schema.org/ReservationConfirmed"),
        ], attack: changed("https://schema.org/ReservationConfirmed", "http://schema.org/Confirmed"), code: .legacyStatus,
             says: #"reservationStatus "http://schema.org/Confirmed" is the old form; write "https://schema.org/ReservationConfirmed""#),
    ]

    @Test("each rule lets the honest template through and catches the mistake, once", arguments: cases)
    func rule(_ rule: Case) throws {
        for honest in rule.honest {
            #expect(Self.lint(honest).findings == [], "\(rule.name): \(honest)")
        }
        let result = Self.lint(rule.attack)
        let found = result.findings.filter { $0.has(rule.code) }
        #expect(found.count == 1, "\(rule.name): \(result.findings)")
        #expect(found.first?.message.contains(rule.says) == true, "\(found.first?.message ?? "none")")
        #expect(found.first?.severity == rule.code.severity)
        // The mistake is said once: nothing else is reported about it.
        #expect(result.findings.count == 1, "\(rule.name): \(result.codes)")
        // Ingest reads what it can and says none of this.
        #expect(!MarkupExtractor().extract(html: MarkupFixture.page(rule.attack)).findings.contains { $0.has(rule.code) })
    }

    @Test("an unknown name with no near known one is a warning, not an error with a wrong guess")
    func unknownWithoutSuggestion() {
        let result = Self.lint(Self.changed(#""partySize": 2"#, #""partySize": 2, "loyaltyTier": "gold""#))
        #expect(result.findings.map(\.code) == [FindingCode.unknownProperty.id])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.message == "loyaltyTier is not a schema.org property of FoodEstablishmentReservation; readers ignore it")
    }

    @Test("a misspelled required property is one unknown-property error, not also a missing-property")
    func typoIsNotAlsoMissing() {
        let result = Self.lint(Self.changed(#""reservationStatus":"#, #""reservationStaus":"#))
        #expect(result.codes == [FindingCode.unknownProperty.id])
        let nested = Self.lint(Self.changed(#""reservationFor":"#, #""reservatonFor":"#))
        #expect(nested.codes == [FindingCode.unknownProperty.id], "\(nested.findings)")
    }

    @Test("the edit distance and case rules behind the suggestion")
    func nearestName() {
        let known: Set<String> = ["startDate", "startTime", "endDate", "name"]
        #expect(SchemaVocabulary.nearest(to: "startdate", in: known) == "startDate")   // case only
        #expect(SchemaVocabulary.nearest(to: "startTme", in: known) == "startTime")    // one edit
        #expect(SchemaVocabulary.nearest(to: "stratDate", in: known) == "startDate")   // two edits
        #expect(SchemaVocabulary.nearest(to: "stDat", in: known) == nil)               // short: one edit at most
        #expect(SchemaVocabulary.nearest(to: "nam", in: known) == "name")
        #expect(SchemaVocabulary.nearest(to: "totallyDifferent", in: known) == nil)
        #expect(SchemaVocabulary.editDistance("kitten", "sitting") == 3)
    }

    static let microdataEvent = """
        <html><body>
        <div itemscope itemtype="TYPE">
          <meta itemprop="reservationId" content="E1"><meta itemprop="reservationNumber" content="E1">
          <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
          <div itemprop="underName" itemscope itemtype="http://schema.org/Person"><meta itemprop="name" content="Eva"></div>
          <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Event">
            <meta itemprop="name" content="Concert"><meta itemprop="START" content="2027-05-01T20:00:00Z">
            <div itemprop="location" itemscope itemtype="http://schema.org/Place"><meta itemprop="name" content="Hall">
              <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
                <meta itemprop="streetAddress" content="1 Main St"><meta itemprop="addressLocality" content="Town">
                <meta itemprop="addressRegion" content="R"><meta itemprop="postalCode" content="1000">
                <meta itemprop="addressCountry" content="CH"></div></div>
          </div>
        </div>
        </body></html>
        """

    static func microdata(type: String = "http://schema.org/EventReservation", start: String = "startDate") -> MarkupExtraction {
        MarkupExtractor(recoversJSON: false, profiles: [.apple, .google]).extract(
            html: microdataEvent.replacingOccurrences(of: "TYPE", with: type).replacingOccurrences(of: "START", with: start))
    }

    @Test("Microdata: startdate is startDate in the wrong case; a mistyped itemtype host is no schema.org type")
    func microdataRules() {
        #expect(Self.microdata().findings == [])
        #expect(Self.microdata(type: "https://schema.org/EventReservation").findings == [])
        let lowercase = Self.microdata(start: "startdate")
        #expect(lowercase.codes == [FindingCode.unknownProperty.id], "\(lowercase.findings)")
        #expect(lowercase.findings.first?.message == "startdate is not a property of Event: did you mean startDate?")
        let host = Self.microdata(type: "https://shema.org/EventReservation")
        #expect(host.codes == [FindingCode.unknownContext.id], "\(host.findings)")
        #expect(host.findings.first?.message.contains("https://shema.org/EventReservation") == true)
    }

    @Test("duplicate-id: two different nodes with one @id, the second pointing at the first; a reference is no duplicate")
    func duplicateID() {
        let flight = { (id: String, number: String) in """
            {"@context": "https://schema.org", "@type": "Flight", "@id": "\(id)", "flightNumber": "\(number)"}
            """ }
        let honest = MarkupExtractor(recoversJSON: false, profiles: [.apple])
            .extract(html: MarkupFixture.page("[\(flight("#leg1", "110")), \(flight("#leg2", "111")), "
                + ##"{"@context": "https://schema.org", "@type": "Flight", "@id": "#leg1"}]"##))
        #expect(!honest.codes.contains(FindingCode.duplicateID.id))
        let same = MarkupExtractor(recoversJSON: false, profiles: [.apple])
            .extract(html: MarkupFixture.page("[\(flight("#leg1", "110")), \(flight("#leg1", "110"))]"))
        #expect(!same.codes.contains(FindingCode.duplicateID.id))   // the same node twice is one node
        let attack = MarkupExtractor(recoversJSON: false, profiles: [.apple])
            .extract(html: MarkupFixture.page("[\(flight("#leg1", "110")), \(flight("#leg1", "111"))]"))
        let found = attack.findings.filter { $0.has(.duplicateID) }
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix(##"@id "#leg1" names two different nodes (first at 3:2)"##) == true, "\(found)")
    }

    static let lodging = """
        {"@context": "https://schema.org", "@type": "LodgingReservation", "reservationId": "H1", "reservationNumber": "H1",
         "reservationStatus": "ReservationConfirmed", "underName": "Eva",
         "reservationFor": {"@type": "Hotel", "name": "Inn", "telephone": "+41 1", "address": {"@type": "PostalAddress",
           "streetAddress": "s", "addressLocality": "l", "addressRegion": "r", "postalCode": "p", "addressCountry": "CH"}},
         "checkinDate": "2027-04-13", "checkoutTime": "CHECKOUT"}
        """

    @Test("end-before-start by date: a date-only check-in and a checkout with an offset on an earlier day")
    func checkoutBeforeCheckinByDate() {
        let honest = Self.lint(Self.lodging.replacingOccurrences(of: "CHECKOUT", with: "2027-04-15T11:00:00+02:00"))
        #expect(honest.findings == [])
        let attack = Self.lint(Self.lodging.replacingOccurrences(of: "CHECKOUT", with: "2027-04-11T11:00:00+02:00"))
        #expect(attack.codes == [FindingCode.endBeforeStart.id], "\(attack.findings)")
        #expect(attack.findings.first?.message.contains("ends on 2027-04-11") == true)
    }

    @Test("noise: a Gmail-style and an Apple-style template each give no id error and one actionable warning")
    func identifierAlias() throws {
        let gmail = Self.lint(Self.changed(#""reservationId": "R-20417", "#, ""))
        #expect(gmail.findings.map(\.code) == [FindingCode.identifierAlias.id])
        #expect(gmail.findings.first?.severity == .warning)
        #expect(gmail.findings.first?.message
            == "reservationNumber R-20417 is present; Siri Event Suggestions reads reservationId: add it with the same value")
        let apple = Self.lint(Self.changed(#", "reservationNumber": "R-20417""#, ""))
        #expect(apple.findings.map(\.code) == [FindingCode.identifierAlias.id])
        #expect(apple.findings.first?.message
            == "reservationId R-20417 is present; Gmail reads reservationNumber: add it with the same value")
        // One profile: its own id is required as before, the other is not wanted.
        #expect(Self.lint(Self.changed(#", "reservationNumber": "R-20417""#, ""), [.apple]).findings == [])
        #expect(Self.lint(Self.changed(#""reservationId": "R-20417", "#, ""), [.apple]).codes == [FindingCode.missingProperty.id])
        // Two legs of one Gmail-style booking: still one warning, not one per leg.
        let legs = Self.lint("[" + Self.changed(#""reservationId": "R-20417", "#, "") + ", "
            + Self.changed(#""reservationId": "R-20417", "#, "").replacingOccurrences(of: "Wagamama", with: "Dishoom") + "]")
        #expect(legs.findings.map(\.code) == [FindingCode.identifierAlias.id], "\(legs.findings)")
        // Neither id: one error, not one per profile.
        let neither = Self.lint(Self.changed(#""reservationId": "R-20417", "reservationNumber": "R-20417","#, ""))
        #expect(neither.codes == [FindingCode.missingProperty.id], "\(neither.findings)")
        #expect(neither.findings.first?.message.contains("lacks its id") == true)
    }

    @Test("no cascade: a missing reservationFor is one error; a missing airport is one, not one per property")
    func noCascade() throws {
        let start = try #require(Self.template.range(of: #""reservationFor":"#))
        let end = try #require(Self.template.range(of: #""startTime""#))
        let withoutFor = Self.template.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        let result = Self.lint(withoutFor)
        #expect(result.findings.filter { $0.severity == .error }.count == 1, "\(result.findings)")
        #expect(result.findings.map(\.message) == ["FoodEstablishmentReservation lacks reservationFor, which Siri Event Suggestions and Gmail require"])

        let flight = """
            {"@context": "https://schema.org", "@type": "FlightReservation", "reservationId": "F1", "reservationNumber": "F1",
             "reservationStatus": "ReservationConfirmed", "underName": {"@type": "Person", "name": "Eva"},
             "reservationFor": {"@type": "Flight", "flightNumber": "110",
               "airline": {"@type": "Airline", "name": "Swiss", "iataCode": "LX"},
               "departureTime": "2027-03-04T20:15:00-08:00", "arrivalTime": "2027-03-05T16:00:00+01:00",
               "arrivalAirport": {"@type": "Airport", "name": "Zurich", "iataCode": "ZRH"}}}
            """
        let airport = Self.lint(flight)
        #expect(airport.findings.map(\.message) == [
            "FlightReservation lacks reservationFor.departureAirport, which Siri Event Suggestions and Gmail require",
        ])
    }

    @Test("ingest (no profile) runs none of the meaning rules")
    func ingestUntouched() {
        let attack = Self.changed(Self.contextLine, "").replacingOccurrences(of: #""partySize": 2"#, with: #""partySize": "four""#)
        #expect(MarkupExtractor().extract(html: MarkupFixture.page(attack)).findings == [])
    }

    struct PositionCase: Sendable, CustomTestStringConvertible {
        let code: FindingCode
        /// The template with one change and a ‸ where the finding must point.
        let marked: String
        var testDescription: String { code.id }
    }

    static let positionCases: [PositionCase] = [
        PositionCase(code: .unknownContext, marked: changed(contextLine, #""@context": ‸"https://shema.org", "#)),
        PositionCase(code: .unknownProperty, marked: changed(#""reservationStatus":"#, #"‸"reservationStaus":"#)),
        PositionCase(code: .unknownProperty, marked: changed(#""postalCode":"#, #"‸"postalcode":"#)),
        PositionCase(code: .invalidValue, marked: changed(#""partySize": 2"#, #""partySize": ‸"four""#)),
        PositionCase(code: .legacyStatus, marked: changed(#""https://schema.org/ReservationConfirmed""#, #"‸"http://schema.org/Confirmed""#)),
        PositionCase(code: .identifierAlias, marked: changed(#""reservationId": "R-20417", "reservationNumber": "R-20417""#,
                                                             #""reservationNumber": ‸"R-20417""#)),
        PositionCase(code: .missingContext, marked: "‸" + changed(contextLine, "")),
    ]

    @Test("each finding points at what it is about: the @context value, the misspelled key, the wrong value", arguments: positionCases)
    func positions(_ position: PositionCase) throws {
        let marked = MarkupFixture.strip(MarkupFixture.page(position.marked))
        let result = MarkupExtractor(recoversJSON: false, profiles: [.apple, .google]).extract(html: marked.text)
        let found = try #require(result.findings.first { $0.has(position.code) }, "\(result.findings)")
        #expect(found.position == marked.positions.first, "\(found)")
    }

    @Test("duplicate-id: the second node is reported at its own place and names the first's")
    func duplicateIDPositions() throws {
        let marked = MarkupFixture.strip(MarkupFixture.page("""
            [‸{"@context": "https://schema.org", "@type": "Flight", "@id": "#leg1", "flightNumber": "110"},
             ‸{"@context": "https://schema.org", "@type": "Flight", "@id": "#leg1", "flightNumber": "111"}]
            """))
        let result = MarkupExtractor(recoversJSON: false, profiles: [.apple]).extract(html: marked.text)
        let found = try #require(result.findings.first { $0.has(.duplicateID) })
        #expect(found.position == marked.positions[1])
        #expect(found.message.contains("(first at \(marked.positions[0]))"))
    }
}
