import Findings
import Testing
import PlaceZones
@testable import SchemaMarkup

/// The markup repairs real mail needs (issue 17), each a warning that says what it changed,
/// beside the attack that must not be "repaired".
@Suite struct MarkupRepairTests {
    static func extract(_ json: String) -> MarkupExtraction {
        MarkupExtractor(zones: PlaceZoneDirectory()).extract(html: MarkupFixture.page(json))
    }

    // MARK: character references in JSON-LD strings

    @Test func characterReferencesInsideJSONLDStringsAreDecoded() throws {
        let result = Self.extract("""
            {"@type": "EventReservation", "reservationNumber": "E1", "url": "https://example.com/b?id=1&amp;lang=fr",
             "reservationFor": {"@type": "Event", "name": "Mus&eacute;e d&#39;Orsay &ndash; nocturne&#x21;",
              "startDate": "2027-07-14T19:00:00+02:00", "location": {"@type": "Place", "name": "Quai&nbsp;Anatole&nbsp;France"}}}
            """)
        let part = try #require(result.reservations.first)
        #expect(part.name == "Musée d'Orsay – nocturne!")
        #expect(part.url == "https://example.com/b?id=1&lang=fr")
        #expect(part.place?.name == "Quai\u{A0}Anatole\u{A0}France")
        let warnings = result.findings.filter { $0.code == FindingCode.htmlReferenceInJSON.id }
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.message.hasPrefix("JSON-LD script: 3 string value(s) hold HTML character references") == true)
    }

    /// Attack: an ampersand that starts no reference, a name not in the set, a number that is no
    /// scalar, and a doubly escaped one (decoded once) are left as written.
    @Test(arguments: [
        ("AT&T", nil), ("?a=1&b=2", nil), ("&bogus;", nil), ("&#0;", nil), ("&#xD800;", nil), ("&#x110000;", nil),
        ("&#;", nil), ("&;", nil), ("&#12a;", nil), ("&amp;amp;", "&amp;"), ("&AMP;", nil), ("&#65;&#x42;", "AB"),
        ("caf&eacute", nil), ("&yuml;", "ÿ"), ("&apos;&quot;&lt;&gt;", "'\"<>"),
    ] as [(String, String?)])
    func onlyKnownWellFormedReferencesAreDecoded(text: String, decoded: String?) {
        #expect(HTMLCharacterReference.decoded(text) == decoded)
    }

    @Test func aScriptWithoutReferencesGetsNoWarning() {
        let result = Self.extract("""
            {"@type": "EventReservation", "reservationNumber": "E1", "url": "https://example.com/b?id=1&lang=fr",
             "reservationFor": {"@type": "Event", "name": "AT&T Park", "startDate": "2027-07-14T19:00:00+02:00"}}
            """)
        #expect(result.reservations.first?.name == "AT&T Park")
        #expect(!result.findings.contains { $0.code == FindingCode.htmlReferenceInJSON.id })
    }

    // MARK: a date-only departureTime

    @Test func aDateOnlyDepartureTimeIsAnAllDayEventOnThatDate() throws {
        let result = Self.extract("""
            {"@type": "TrainReservation", "reservationNumber": "T1", "reservationFor": {"@type": "TrainTrip",
             "trainNumber": "ICE 1", "departureStation": {"@type": "TrainStation", "name": "Berlin Hbf"},
             "arrivalStation": {"@type": "TrainStation", "name": "München Hbf"}, "departureTime": "2027-03-04"}}
            """)
        let part = try #require(result.reservations.first)
        #expect(part.start?.description == "2027-03-04")
        #expect(part.start?.isDateOnly == true)
        let warning = try #require(result.findings.first { $0.code == FindingCode.dateOnlyDepartureTime.id })
        #expect(warning.severity == .warning)
        #expect(warning.message == #"departureTime "2027-03-04" is a date without a time of day; the event is an all-day event on 2027-03-04 (give the time, with its UTC offset)"#)
    }

    /// Attack on the rule's reach: a lodging's date-only check-in is how lodging is written, not a repair.
    @Test func aDateOnlyCheckinIsNoRepair() {
        let result = Self.extract("""
            {"@type": "LodgingReservation", "reservationNumber": "H1", "reservationFor": {"@type": "Hotel", "name": "H"},
             "checkinDate": "2027-03-04", "checkoutDate": "2027-03-06"}
            """)
        #expect(result.findings.isEmpty)
    }
}

@Test("the repair codes are stable: scripts and CI grep for them")
func repairCodesAreStable() {
    #expect([FindingCode.htmlReferenceInJSON.id, FindingCode.arrivalMovedToNextDay.id, FindingCode.dateOnlyDepartureTime.id]
        == ["html-reference-in-json", "arrival-moved-to-next-day", "date-only-departure-time"])
}
