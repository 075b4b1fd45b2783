import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// The rules with stable codes, and the Apple and Google profiles (lint), alone and together.
@Suite("markup rules and profiles")
struct MarkupRuleTests {
    static func lint(_ html: String, _ profiles: [MarkupProfile]) -> MarkupExtraction {
        MarkupExtractor(recoversJSON: false, profiles: profiles).extract(html: html)
    }

    static func missing(_ result: MarkupExtraction) -> [String] {
        result.findings(FindingCode.missingProperty.id).map(\.message)
    }

    @Test("the codes are stable: scripts and CI grep for them")
    func stableCodes() {
        #expect([
            FindingCode.htmlTooLarge.id, FindingCode.htmlDepthExceeded.id, FindingCode.jsonSyntaxError.id,
            FindingCode.jsonRecovered.id, FindingCode.jsonTooLarge.id, FindingCode.jsonTooDeep.id,
            FindingCode.tooManyItems.id, FindingCode.itemrefCycle.id, FindingCode.itemrefMissing.id,
            FindingCode.itemTooDeep.id, FindingCode.unknownType.id, FindingCode.unknownStatus.id,
            FindingCode.missingProperty.id, FindingCode.invalidDateTime.id, FindingCode.noTimeZone.id,
            FindingCode.endBeforeStart.id, FindingCode.duplicateItemReference.id,
            FindingCode.tooManyReservations.id,
        ] == [
            "html-too-large", "html-depth-exceeded", "json-syntax-error", "json-recovered", "json-too-large",
            "json-too-deep", "too-many-items", "itemref-cycle", "itemref-missing", "item-too-deep", "unknown-type",
            "unknown-status", "missing-property", "invalid-date-time", "no-time-zone", "end-before-start",
            "duplicate-item-reference", "too-many-reservations",
        ])
    }

    struct RuleCase: Sendable, CustomTestStringConvertible {
        var code: String
        var severity: Finding.Severity
        var json: String
        var testDescription: String { code }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(code: "unknown-status", severity: .error, json: """
            {"@type": "FlightReservation", "reservationNumber": "R", "reservationStatus": ‸"Booked"}
            """),
        RuleCase(code: "unknown-type", severity: .warning, json: """
            ‸{"@type": "Reservation", "reservationNumber": "R", "reservationStatus": "Confirmed"}
            """),
        RuleCase(code: "no-time-zone", severity: .warning, json: """
            {"@type": "FoodEstablishmentReservation", "reservationNumber": "R",
             "reservationFor": {"@type": "Restaurant", "name": "W"}, "startTime": ‸"2027-04-10T20:00:00"}
            """),
        RuleCase(code: "invalid-date-time", severity: .error, json: """
            {"@type": "FoodEstablishmentReservation", "reservationNumber": "R",
             "reservationFor": {"@type": "Restaurant", "name": "W"}, "startTime": ‸"2027-02-30T20:00:00Z"}
            """),
        RuleCase(code: "end-before-start", severity: .error, json: """
            {"@type": "LodgingReservation", "reservationNumber": "R", "reservationFor": {"@type": "Hotel", "name": "H"},
             "checkinTime": "2027-04-13T16:00:00Z", "checkoutTime": ‸"2027-04-11T11:00:00Z"}
            """),
        RuleCase(code: "duplicate-item-reference", severity: .error, json: """
            [{"@type": "FlightReservation", "reservationNumber": "R", "reservationFor": {"@type": "Flight",
               "flightNumber": "110", "departureTime": "2027-03-04T20:15:00-08:00"}},
             ‸{"@type": "FlightReservation", "reservationNumber": "R", "reservationFor": {"@type": "Flight",
               "flightNumber": "110", "departureTime": "2027-03-04T21:15:00-08:00"}}]
            """),
    ]

    /// Each case marks (‸) the place its finding must point at: the value that is wrong,
    /// the object that is.
    @Test("each rule reports its code with its severity at its exact place, in ingest and in lint", arguments: ruleCases)
    func ruleCodes(_ rule: RuleCase) throws {
        let marked = MarkupFixture.strip(MarkupFixture.page(rule.json))
        let expected = try #require(marked.positions.first)
        for extractor in [MarkupExtractor(), MarkupExtractor(recoversJSON: false, profiles: [])] {
            let result = extractor.extract(html: marked.text)
            #expect(result.codes == [rule.code])
            #expect(result.findings.first?.severity == rule.severity)
            #expect(result.findings.first?.position == expected)
            #expect(result.findings.first?.location?.text == .document)
        }
    }

    @Test("ingest (no profile) checks no required properties")
    func noProfile() throws {
        let html = try MarkupFixture.text("reservations/train.jsonld.html")
        #expect(MarkupExtractor().extract(html: html).findings(FindingCode.missingProperty.id).isEmpty)
    }

    struct ProfileCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var kind: String
        var apple: [String]
        var google: [String]
        var testDescription: String { fixture }
    }

    /// What each profile misses in each fixture (Gmail's examples use reservationNumber, so
    /// Apple's rules miss reservationId in all of them).
    static let profileCases: [ProfileCase] = [
        ProfileCase(fixture: "restaurant", kind: "FoodEstablishmentReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "flight", kind: "FlightReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "hotel", kind: "LodgingReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "event", kind: "EventReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "train", kind: "TrainReservation", apple: [
            "reservationId", "underName.name", "reservationFor.trainNumber", "reservationFor.departureStation.address",
            "reservationFor.arrivalStation.address",
        ], google: ["underName.name"]),
        ProfileCase(fixture: "bus", kind: "BusReservation", apple: [
            "reservationId", "reservationFor.busNumber", "reservationFor.departureBusStop.address",
            "reservationFor.arrivalBusStop.address",
        ], google: []),
        ProfileCase(fixture: "boat", kind: "BoatReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "rental-car", kind: "RentalCarReservation", apple: ["reservationId"], google: []),
        ProfileCase(fixture: "taxi", kind: "TaxiReservation", apple: ["reservationId"], google: []),
    ]

    @Test("Apple, Google and both on every type, in both syntaxes: exactly the missing properties, each named once", arguments: profileCases)
    func profiles(_ profileCase: ProfileCase) throws {
        for syntax in ["jsonld", "microdata"] {
            let html = try MarkupFixture.text("reservations/\(profileCase.fixture).\(syntax).html")
            let apple = Self.missing(Self.lint(html, [.apple]))
            let google = Self.missing(Self.lint(html, [.google]))
            let both = Self.missing(Self.lint(html, [.apple, .google]))
            let kind = profileCase.kind
            #expect(apple == profileCase.apple.map { "\(kind) lacks \($0), which Siri Event Suggestions requires" }, "\(syntax)")
            #expect(google == profileCase.google.map { "\(kind) lacks \($0), which Gmail requires" }, "\(syntax)")
            // Both profiles: the id Gmail's examples give (reservationNumber) is not an error for
            // Siri Event Suggestions but one identifier-alias warning.
            let expectedBoth = profileCase.apple.filter { $0 != "reservationId" }.map { path in
                profileCase.google.contains(path)
                    ? "\(kind) lacks \(path), which Siri Event Suggestions and Gmail require"
                    : "\(kind) lacks \(path), which Siri Event Suggestions requires"
            } + profileCase.google.filter { !profileCase.apple.contains($0) }.map { "\(kind) lacks \($0), which Gmail requires" }
            #expect(both == expectedBoth, "\(syntax)")
            let aliases = Self.lint(html, [.apple, .google]).findings(FindingCode.identifierAlias.id)
            #expect(aliases.count == (profileCase.apple.contains("reservationId") ? 1 : 0), "\(syntax)")
        }
    }

    @Test("missing-property findings are errors at the item's location")
    func missingPropertyFinding() throws {
        let html = try MarkupFixture.text("reservations/restaurant.microdata.html")
        let finding = try #require(Self.lint(html, [.apple]).findings.first)
        #expect(finding.code == FindingCode.missingProperty.id)
        #expect(finding.severity == .error)
        // At the element carrying the itemscope: its line, and the column of its `<`.
        let line = try #require(MarkupFixture.line(of: "<div itemscope", in: html))
        let column = try #require(html.components(separatedBy: "\n")[line - 1].range(of: "<div itemscope"))
        let expectedColumn = html.components(separatedBy: "\n")[line - 1][..<column.lowerBound].unicodeScalars.count + 1
        #expect(finding.location == SourceLocation(.document, line: line, column: expectedColumn))
    }

    static let restaurant = """
        {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
         "reservationId": "R1", "reservationNumber": "R1", "reservationStatus": "http://schema.org/ReservationConfirmed",
         "underName": {"@type": "Person", "name": "John Smith"},
         "reservationFor": {"@type": "FoodEstablishment", "name": "Wagamama", ADDRESS},
         "startTime": "2027-04-10T08:00:00+00:00" PARTY}
        """

    static func restaurant(address: String, partySize: Bool) -> String {
        MarkupFixture.page(restaurant.replacingOccurrences(of: "ADDRESS", with: address)
            .replacingOccurrences(of: " PARTY", with: partySize ? #", "partySize": "2""# : ""))
    }

    static let fullAddress = """
        "address": {"@type": "PostalAddress", "streetAddress": "1 Tavistock Street", "addressLocality": "London",
          "addressRegion": "Greater London", "postalCode": "WC2E 7PG", "addressCountry": "United Kingdom"}
        """

    @Test("with both ids, both profiles are satisfied by a complete restaurant reservation")
    func bothSatisfied() {
        #expect(Self.lint(Self.restaurant(address: Self.fullAddress, partySize: true), [.apple, .google]).findings.isEmpty)
    }

    @Test("Google wants a full postal address; Apple is content with an address as text")
    func googleFullAddress() {
        let html = Self.restaurant(address: #""address": "1 Tavistock Street, London WC2E 7PG""#, partySize: true)
        #expect(Self.missing(Self.lint(html, [.apple])).isEmpty)
        let expected = ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"].map {
            "FoodEstablishmentReservation lacks reservationFor.address.\($0), which Gmail requires"
        }
        #expect(Self.missing(Self.lint(html, [.google])) == expected)
        #expect(Self.missing(Self.lint(html, [.apple, .google])) == expected)

        let partial = Self.restaurant(
            address: #""address": {"@type": "PostalAddress", "streetAddress": "1 Tavistock Street", "addressCountry": "GB"}"#,
            partySize: true)
        #expect(Self.missing(Self.lint(partial, [.google])) == ["addressLocality", "addressRegion", "postalCode"].map {
            "FoodEstablishmentReservation lacks reservationFor.address.\($0), which Gmail requires"
        })
    }

    @Test("Google requires partySize for restaurants, Apple does not")
    func partySize() {
        let html = Self.restaurant(address: Self.fullAddress, partySize: false)
        #expect(Self.missing(Self.lint(html, [.apple])).isEmpty)
        #expect(Self.missing(Self.lint(html, [.google])) == ["FoodEstablishmentReservation lacks partySize, which Gmail requires"])
    }

    @Test("each profile wants its own id: reservationId for Apple, reservationNumber for Google")
    func ids() {
        let appleOnly = MarkupFixture.page(#"{"@type": "TaxiReservation", "reservationId": "T1"}"#)
        let googleOnly = MarkupFixture.page(#"{"@type": "TaxiReservation", "reservationNumber": "T1"}"#)
        #expect(!Self.missing(Self.lint(appleOnly, [.apple])).contains { $0.contains("lacks reservationId") })
        #expect(Self.missing(Self.lint(appleOnly, [.google])).contains("TaxiReservation lacks reservationNumber, which Gmail requires"))
        #expect(Self.missing(Self.lint(googleOnly, [.apple])).contains("TaxiReservation lacks reservationId, which Siri Event Suggestions requires"))
        #expect(!Self.missing(Self.lint(googleOnly, [.google])).contains { $0.contains("lacks reservationNumber") })
    }

    @Test("alternatives are named with 'or': checkinTime or checkinDate")
    func alternatives() {
        let html = MarkupFixture.page("""
            {"@type": "LodgingReservation", "reservationNumber": "H", "reservationStatus": "Confirmed",
             "underName": {"@type": "Person", "name": "Eva"}, "reservationFor": {"@type": "Hotel", "name": "Inn", "telephone": "1",
             "address": {"streetAddress": "s", "addressLocality": "l", "addressRegion": "r", "postalCode": "p",
                         "addressCountry": "c"}}}
            """)
        #expect(Self.missing(Self.lint(html, [.google])) == [
            "LodgingReservation lacks checkinTime or checkinDate, which Gmail requires",
            "LodgingReservation lacks checkoutTime or checkoutDate, which Gmail requires",
        ])
    }

    @Test("a cancellation needs only its id and status, whatever else it lacks", arguments: [
        [MarkupProfile.apple], [.google], [.apple, .google],
    ])
    func cancellation(_ profiles: [MarkupProfile]) {
        for type in ReservationKind.allCases.map(\.rawValue) {
            let html = MarkupFixture.page("""
                {"@context": "https://schema.org", "@type": "\(type)", "reservationId": "R1", "reservationNumber": "R1",
                 "reservationStatus": "http://schema.org/ReservationCancelled"}
                """)
            let result = Self.lint(html, profiles)
            #expect(result.findings.isEmpty, "\(type): \(result.findings)")
            #expect(result.reservations.first?.isMinimalCancellation == true)
        }
        let noStatus = MarkupFixture.page(#"{"@type": "FlightReservation", "reservationNumber": "R1"}"#)
        #expect(Self.missing(Self.lint(noStatus, profiles)).contains { $0.contains("lacks reservationStatus") })
    }

    @Test("a cancellation without the id a profile wants is still reported")
    func cancellationWithoutID() {
        let html = MarkupFixture.page("""
            {"@type": "FlightReservation", "reservationNumber": "R1", "reservationStatus": "Cancelled"}
            """)
        #expect(Self.missing(Self.lint(html, [.apple])) == ["FlightReservation lacks reservationId, which Siri Event Suggestions requires"])
        #expect(Self.missing(Self.lint(html, [.google])).isEmpty)
    }

    @Test("every kind requires id, status, underName (a Person's name, or text as in Gmail's older examples) and reservationFor in both profiles")
    func commonRequirements() {
        for kind in ReservationKind.allCases {
            let apple = MarkupProfile.apple.requiredPaths(for: kind)
            let google = MarkupProfile.google.requiredPaths(for: kind)
            #expect(Array(apple.prefix(4)) == ["reservationId", "reservationStatus", "underName.name||underName", "reservationFor"])
            #expect(Array(google.prefix(4)) == ["reservationNumber", "reservationStatus", "underName.name||underName", "reservationFor"])
        }
    }
}
