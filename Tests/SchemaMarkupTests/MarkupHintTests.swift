import Findings
import Testing
@testable import SchemaMarkup

/// The look before parsing: a part without `ld+json` or `itemscope` is not parsed. These
/// check that skipping never drops markup a parser would have found.
@Suite("markup hint: which HTML parts are parsed")
struct MarkupHintTests {
    static let flight = #"{"@context":"http://schema.org","@type":"FlightReservation","reservationNumber":"HINT1","reservationStatus":"http://schema.org/ReservationConfirmed"}"#

    @Test("the words are found in any letter case, anywhere, and only whole", arguments: [
        ("<script type=\"application/ld+json\">", true),
        ("<SCRIPT TYPE=\"APPLICATION/LD+JSON\">", true),
        ("<script type='Application/Ld+Json'>", true),
        ("<div itemscope itemtype=x>", true),
        ("<DIV ITEMSCOPE>", true),
        ("ld+json", true), ("itemscope", true),
        ("<p>no markup here: ld json, item scope, itemscop</p>", false),
        ("ld+jso", false), ("", false), ("temscope", false), ("ld-json", false),
    ])
    func words(_ html: String, _ expected: Bool) {
        #expect(MarkupHint.mayContainMarkup(html) == expected)
    }

    @Test("upper-case spellings still reach the parser and give the reservation")
    func upperCaseMarkupIsExtracted() {
        let jsonLD = MarkupExtractor().extract(html: "<HTML><SCRIPT TYPE=\"APPLICATION/LD+JSON\">\(Self.flight)</SCRIPT></HTML>")
        #expect(jsonLD.reservations.map(\.reservationID) == ["HINT1"])
        let microdata = MarkupExtractor().extract(html: """
            <DIV ITEMSCOPE ITEMTYPE="http://schema.org/FlightReservation"><SPAN ITEMPROP="reservationNumber">HINT2</SPAN></DIV>
            """)
        #expect(microdata.reservations.map(\.reservationID) == ["HINT2"])
    }

    @Test("a part without the words gives nothing, and no finding, exactly as a parse would")
    func noWordsNoItems() {
        let plain = MarkupExtractor().items(fromHTML: "<html><body><p>Your receipt</p><div itemprop=name>x</div></body></html>")
        #expect(plain.items.isEmpty && plain.findings.isEmpty)
    }

    @Test("a part over html-bytes is still reported, with or without the words")
    func tooLargeIsReported() {
        let extractor = MarkupExtractor(limits: MarkupLimits(html: .init(maxBytes: 10)))
        #expect(extractor.items(fromHTML: "<p>no markup but large</p>").findings.map(\.code) == [FindingCode.htmlTooLarge.id])
    }
}
