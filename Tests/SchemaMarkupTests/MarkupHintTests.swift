import Findings
import Foundation
import HTMLDocument
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

    /// Without `itemscope` a part is parsed for its scripts alone (`Kept.elementsAndScripts`):
    /// the JSON-LD read from that tree must be what the whole tree gives, to the item, position
    /// and finding, for every fixture and for scripts in the awkward places.
    @Test("a part without itemscope, parsed for its scripts alone: the same JSON-LD items, positions and findings")
    func scriptsAloneReadTheSame() throws {
        let folder = try MarkupFixture.url("")
        var documents = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" }
            .map { MarkupFixture.strip(String(decoding: try Data(contentsOf: $0), as: UTF8.self)).text }
        #expect(documents.count >= 50)
        let script = "<script type=\"application/ld+json\">\(Self.flight)</script>"
        documents += [
            "<p>text " + script + " more</p>", "<table><tr><td>" + script + "</td></tr></table>",
            "<title>a</title><noscript>" + script + "</noscript><template>" + script + "</template>" + script,
            "<div>" + String(repeating: "<div>", count: 8) + script + String(repeating: "</div>", count: 9),
            "<script type=\"application/ld+json\">{&quot;@type&quot;: &quot;FlightReservation&quot;}</script>",
            "<script type=\"application/ld+json\">\n// comment\n{\"@type\": \"FlightReservation\",}</script><style>p{}</style>",
            "<html><body>a</body></html>" + script + "<!--c-->" + script, "<o:script type=\"application/ld+json\">{\"@type\": \"Flight\"}</o:script>",
            "<SCRIPT TYPE=\"APPLICATION/LD+JSON\">\(Self.flight)</SCRIPT>", "<script type=application/ld+json>{\"a\":1\0}</script>",
        ]
        for html in documents where !html.lowercased().contains("itemscope") {
            for maxDepth in [256, 4] {
                let limits = MarkupLimits(html: HTMLLimits(maxDepth: maxDepth))
                let source = SourceText(html)
                func read(_ kept: HTMLDocument.Kept) throws -> String {
                    let document = try HTMLDocument(parsing: html, limits: limits.html, keeping: kept)
                    let read = JSONLDExtractor(limits: limits, part: "2", recovers: true).extract(from: document, source: source)
                    return "\(document.wasTruncated) \(read.items.map { "\($0.value) \(String(describing: $0.location)) \(String(describing: $0.locations))" }) \(read.findings)"
                }
                #expect(try read(.elementsAndScripts) == read(.everything), "\(html.prefix(200).debugDescription)")
            }
        }
    }

    @Test("a part over html-bytes is still reported, with or without the words")
    func tooLargeIsReported() {
        let extractor = MarkupExtractor(limits: MarkupLimits(html: .init(maxBytes: 10)))
        #expect(extractor.items(fromHTML: "<p>no markup but large</p>").findings.map(\.code) == [FindingCode.htmlTooLarge.id])
    }
}
