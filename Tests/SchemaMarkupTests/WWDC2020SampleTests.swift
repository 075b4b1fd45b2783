import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// The samples of WWDC 2020 session 10197 ("Broaden your reach with Siri Event
/// Suggestions"): the confirmation in JSON-LD (as published, two commas missing) and in
/// Microdata, the cancellation, and the version with url, underName and broker.
@Suite("WWDC 2020 session 10197 samples")
struct WWDC2020SampleTests {
    static var confirmed: Reservation {
        var r = Reservation(kind: .foodEstablishment, itemReference: "FoodEstablishmentReservation EPIC Steak")
        r.reservationID = "IWDSCA"
        r.status = .confirmed
        r.name = "EPIC Steak"
        r.place = Place(
            name: "EPIC Steak",
            address: PostalAddress(street: "369 The Embarcadero", locality: "San Francisco", region: "CA",
                                   postalCode: "95105", country: "USA"),
            telephone: "(415)369-9955")
        r.start = MarkupFixture.date("2020-06-26T19:30:00-07:00")
        r.partySize = 2
        return r
    }

    @Test("ingest: the JSON-LD sample is read, each missing comma a json-recovered warning where it is missing")
    func jsonLDRecovered() throws {
        let fixture = try MarkupFixture.marked("wwdc2020/confirmation.jsonld.html")
        #expect(fixture.positions.count == 2)
        let result = MarkupExtractor().extract(html: fixture.text, part: "2")
        #expect(result.codes == [FindingCode.jsonRecovered.id, FindingCode.jsonRecovered.id])
        #expect(result.findings.map(\.position) == fixture.positions)
        #expect(result.findings.allSatisfy { $0.severity == .warning && $0.location?.part == "2" })
        #expect(result.findings.allSatisfy {
            $0.message == "JSON-LD script: assumed a missing ',' between two object members on different lines"
        })
        #expect(result.placeless == [Self.confirmed])
        #expect(result.reservations.first?.start?.hasOffset == true)
    }

    /// Issue 18 changed this on purpose: after the syntax error lint reads what ingest
    /// recovers, so one run reports everything.
    @Test("lint: the same sample is a json-syntax-error at the first missing comma, then linted as ingest reads it")
    func jsonLDStrict() throws {
        let fixture = try MarkupFixture.marked("wwdc2020/confirmation.jsonld.html")
        let result = MarkupExtractor(recoversJSON: false, profiles: [.apple]).extract(html: fixture.text)
        let syntax = result.findings(FindingCode.jsonSyntaxError.id)
        #expect(syntax.count == 1)
        #expect(syntax.first?.severity == .error)
        #expect(syntax.first?.position == fixture.positions.first)
        #expect(syntax.first?.message == "JSON-LD script: expected ',' or '}' after an object member, found '\"'")
        #expect(!result.codes.contains(FindingCode.jsonRecovered.id))
        let ingest = MarkupExtractor().extract(html: fixture.text)
        #expect(result.items.map(\.value) == ingest.items.map(\.value))
        #expect(result.reservations == ingest.reservations)
        #expect(!result.reservations.isEmpty)
    }

    @Test("the Microdata sample (bare itemtype names) gives the same reservation, with no findings")
    func microdata() throws {
        let result = MarkupExtractor().extract(html: try MarkupFixture.text("wwdc2020/confirmation.microdata.html"))
        #expect(result.findings.isEmpty)
        #expect(result.placeless == [Self.confirmed])
        #expect(result.items.first?.value["@context"] == .string("http://schema.org"))
        #expect(result.items.first?.value["@type"] == .string("FoodEstablishmentReservation"))
        #expect(result.items.first?.value["reservationFor"]?["@type"] == .string("FoodEstablishment"))
    }

    @Test("Apple's rules on Apple's sample: only underName is missing (startDate inside reservationFor is its start)")
    func appleProfileOnSample() throws {
        for name in ["confirmation.microdata.html", "confirmation.jsonld.html"] {
            let result = MarkupExtractor(profiles: [.apple]).extract(html: try MarkupFixture.text("wwdc2020/\(name)"))
            #expect(result.findings(FindingCode.missingProperty.id).map(\.message) == [
                "FoodEstablishmentReservation lacks underName.name, which Siri Event Suggestions requires",
            ], "\(name)")
        }
    }

    @Test("the cancellation: same id, status cancelled, nothing missing for Apple's rules")
    func cancellation() throws {
        let fixture = try MarkupFixture.marked("wwdc2020/cancellation.jsonld.html")
        let result = MarkupExtractor(profiles: [.apple]).extract(html: fixture.text)
        #expect(result.codes == [FindingCode.jsonRecovered.id, FindingCode.jsonRecovered.id])
        #expect(result.findings.map(\.position) == fixture.positions)
        var expected = Self.confirmed
        expected.status = .cancelled
        #expect(result.placeless == [expected])
        #expect(result.reservations.first?.itemReference == Self.confirmed.itemReference)

        let strict = MarkupExtractor(recoversJSON: false).extract(html: fixture.text)
        #expect(strict.codes == [FindingCode.jsonSyntaxError.id])
        #expect(strict.findings.first?.position == fixture.positions.first)
    }

    @Test("the url/underName/broker version: the three are read, and Apple's rules find nothing missing")
    func urlUnderNameBroker() throws {
        let fixture = try MarkupFixture.marked("wwdc2020/url-undername-broker.jsonld.html")
        let result = MarkupExtractor(profiles: [.apple]).extract(html: fixture.text)
        var expected = Self.confirmed
        expected.url = "https://www.example.com/reservations/IWDSCA"
        expected.underName = "John Appleseed"
        expected.broker = "Example Reservations"
        #expect(result.placeless == [expected])
        #expect(result.findings(FindingCode.jsonRecovered.id).map(\.position) == fixture.positions)
        #expect(result.findings(FindingCode.missingProperty.id).isEmpty, "\(result.findings.map(\.message))")

        let strict = MarkupExtractor(recoversJSON: false, profiles: [.apple]).extract(html: fixture.text)
        #expect(strict.codes == [FindingCode.jsonSyntaxError.id])
        #expect(strict.findings.first?.position == fixture.positions.first)
    }

    @Test("the confirmation and then the cancellation name the same reservation part")
    func samePart() throws {
        let confirmation = MarkupExtractor().extract(html: try MarkupFixture.text("wwdc2020/confirmation.jsonld.html"))
        let cancellation = MarkupExtractor().extract(html: try MarkupFixture.text("wwdc2020/cancellation.jsonld.html"))
        let key = { (r: Reservation?) in r.map { [$0.reservationID ?? "", $0.itemReference] } }
        #expect(key(confirmation.reservations.first) == key(cancellation.reservations.first))
    }
}
