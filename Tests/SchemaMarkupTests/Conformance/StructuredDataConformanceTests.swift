import JSON
import SchemaMarkup
import Testing

/// KItinerary's `structureddata/` cases: `X.html` → `X.json`, the raw JSON-LD and Microdata
/// items before any normalisation. Our `MarkupExtractor` items must equal upstream's expected
/// JSON structurally (``ConformanceJSON``), except where a case below lists a deliberate
/// difference; that difference is applied to the expected JSON, and only at the place named.
@Suite struct StructuredDataConformanceTests {
    /// Where we differ from KItinerary on purpose, applied to upstream's expected JSON.
    enum Difference: Sendable {
        /// We collapse whitespace runs in Microdata text content into one space and trim it
        /// (the markup's layout is not part of the value: what Gmail and Apple show);
        /// KItinerary keeps the newlines of the text. WHATWG HTML §5.2.4 takes textContent
        /// verbatim, so neither side is the specification; ours is the documented choice.
        case collapsedText(item: Int, property: String)
        /// We give every top-level schema.org Microdata item `"@context": "http://schema.org"`.
        /// Upstream adds it only to items its recursive walk meets before any other
        /// `itemtype`; items inside an (empty) outer item such as `<html itemscope
        /// itemtype=".../WebPage">` come out without it. WHATWG HTML §5.2.5 makes them
        /// top-level items like any other (they have no `itemprop`), so we treat them alike.
        case contextOnTopLevelItems([Int])
    }

    /// Every case of the folder, with the differences we mean to have. A case not listed
    /// here fails `everyCaseIsListed`; a listed difference that changes nothing fails too.
    static let cases: [String: [Difference]] = [
        "empty-jsonld": [],
        "empty-microdata-with-json-ld-inside": [],
        "eventbrite-broken-json": [],  // trailing comma: both recover
        "ew-invalid-json-array": [],  // `}{` in an array: both recover
        "foss-events-microdata": [.collapsedText(item: 0, property: "description")],
        "google-flight-reservation-json-ld": [],
        "google-flight-reservation-microdata": [],
        "google-json-ld": [],
        "google-microdata-inline": [],
        "google-microdata": [],
        "hotel-json-ld-fallback": [],
        "ib-microdata": [],
        "lh-invalid-microdata": [],
        "lh-more-invalid-microdata": [],
        "multi-property": [],
        "nested-objects-microdata": [.contextOnTopLevelItems([0, 1, 2])],
        "non-text-content-attributes": [],
        "os-two-leg-invalid-microdata": [],
    ]

    @Test("the case list covers structureddata/ exactly")
    func everyCaseIsListed() throws {
        let files = try KItineraryCorpus.files(in: "structureddata")
        let expected = Self.cases.keys.flatMap { [$0 + ".html", $0 + ".json"] }.sorted()
        #expect(files == expected)
    }

    @Test("raw items equal KItinerary's expected JSON", arguments: cases.keys.sorted())
    func rawItemsMatch(name: String) throws {
        let html = try KItineraryCorpus.text("structureddata/\(name).html")
        var expected = try KItineraryCorpus.json("structureddata/\(name).json")
        for difference in Self.cases[name] ?? [] {
            let adjusted = Self.apply(difference, to: expected)
            #expect(!ConformanceJSON.differences(adjusted, expected).isEmpty, "\(name): the listed difference \(difference) no longer changes anything")
            expected = adjusted
        }
        let ours = JSONValue.array(MarkupExtractor().extract(html: html).items.map(\.value))
        let found = ConformanceJSON.differences(ours, expected)
        #expect(found.isEmpty, "\(name): ours differs from KItinerary:\n\(found.joined(separator: "\n"))")
    }

    static func apply(_ difference: Difference, to expected: JSONValue) -> JSONValue {
        switch difference {
        case .collapsedText(let item, let property):
            return ConformanceJSON.updating(expected, at: [item], key: property) { value in
                guard case .string(let text)? = value else { return value }
                return .string(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
        case .contextOnTopLevelItems(let items):
            return items.reduce(expected) { value, item in
                ConformanceJSON.updating(value, at: [item], key: "@context") { _ in .string("http://schema.org") }
            }
        }
    }
}
