import Findings
import Foundation
import JSON
import TestSupport
import Testing
@testable import SchemaMarkup

/// Hostile input ends with a diagnostic, in bounded time: deep nesting, huge scripts,
/// itemref cycles, too many items, invalid UTF-8. (Debug builds on a 2-core machine; the
/// bounds are several times what the work takes, and far below what no limit would take.)
@Suite("hostile markup")
struct HostileMarkupTests {
    /// Runs `work` and fails when it takes longer than `seconds`.
    static func timed<T>(_ seconds: Double, _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                         _ work: () -> T) -> T {
        let clock = ContinuousClock()
        var result: T?
        let elapsed = clock.measure { result = work() }
        #expect(elapsed < .seconds(seconds * Sanitizer.slowdown), "\(label) took \(elapsed)", sourceLocation: sourceLocation)
        return result!
    }

    static let reservation = #"{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "RXJ34P", "reservationStatus": "Confirmed"}"#

    @Test("1 MB of nested elements: cut at maxDepth with html-depth-exceeded; markup above the cut is still read")
    func deepHTML() {
        let depth = 1 << 20 / 5  // "<div>" is 5 bytes
        let html = "<html><body><script type=\"application/ld+json\">\(Self.reservation)</script>"
            + String(repeating: "<div>", count: depth)
            + "<script type=\"application/ld+json\">\(Self.reservation.replacingOccurrences(of: "RXJ34P", with: "DEEP"))</script>"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let result = Self.timed(10, "1 MB of nesting") { MarkupExtractor().extract(html: html) }
        #expect(result.codes == [FindingCode.htmlDepthExceeded.id])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.message.contains("(limit html-depth)") == true)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P"])
    }

    @Test("1 MB of nested Microdata items: cut with item-too-deep, the outer items kept")
    func deepMicrodata() {
        let open = #"<div itemprop="p" itemscope itemtype="http://schema.org/Thing"><b itemprop="name">x</b>"#
        let count = (1 << 20) / open.utf8.count
        let html = #"<html><body><div itemscope itemtype="http://schema.org/Thing">"#
            + String(repeating: open, count: count) + String(repeating: "</div>", count: count + 1) + "</body></html>"
        let result = Self.timed(10, "1 MB of nested items") { MarkupExtractor().extract(html: html) }
        #expect(result.codes.contains(FindingCode.itemTooDeep.id))
        #expect(result.codes.contains(FindingCode.htmlDepthExceeded.id))
        #expect(result.items.count == 1)
    }

    @Test("1 MB of nested JSON arrays or objects in a script: json-too-deep, an error at the script", arguments: [
        String(repeating: "[", count: 1 << 20),
        String(repeating: #"{"a":"#, count: (1 << 20) / 5),
        String(repeating: "[", count: 1 << 19) + String(repeating: "]", count: 1 << 19),
    ])
    func deepJSON(_ json: String) {
        let html = MarkupFixture.page(json)
        let result = Self.timed(10, "deep JSON") { MarkupExtractor().extract(html: html) }
        #expect(result.codes == [FindingCode.jsonTooDeep.id])
        #expect(result.findings.first?.severity == .error)
        #expect(result.findings.first?.location?.line == 3)
        #expect(result.items.isEmpty)
    }

    @Test("a 100 MB script: refused as html-too-large before it is parsed")
    func hugeScript() {
        let html = "<html><body><script type=\"application/ld+json\">[" + String(repeating: "0,", count: 50 << 20)
            + "0]</script></body></html>"
        let result = Self.timed(10, "100 MB script") { MarkupExtractor().extract(html: html) }
        #expect(result.codes == [FindingCode.htmlTooLarge.id])
        #expect(result.findings.first?.severity == .error)
        #expect(result.findings.first?.message.contains("exceeds the limit of \(16 << 20) bytes") == true)
        #expect(result.items.isEmpty)
    }

    @Test("a 5 MB script in an HTML part under the HTML limit: json-too-large, the other scripts still read")
    func largeScript() {
        let big = "[" + String(repeating: "0,", count: (5 << 20) / 2) + "0]"
        let html = "<html><body>\n<script type=\"application/ld+json\">\(big)</script>\n"
            + "<script type=\"application/ld+json\">\(Self.reservation)</script>\n</body></html>"
        let result = Self.timed(10, "5 MB script") { MarkupExtractor().extract(html: html) }
        #expect(result.codes == [FindingCode.jsonTooLarge.id])
        #expect(result.findings.first?.severity == .error)
        #expect(result.findings.first?.position == MarkupFixture.Position(line: 2, column: 36))
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P"])
    }

    @Test("a long itemref chain back to its start: cut by depth, no hang")
    func itemrefChain() {
        let count = 5_000
        var html = #"<html><body><div itemscope itemtype="http://schema.org/Thing" itemref="i0"></div>"#
        for index in 0..<count {
            html += #"<div id="i\#(index)" itemprop="next" itemscope itemref="i\#((index + 1) % count)"><b itemprop="n">\#(index)</b></div>"#
        }
        html += "</body></html>"
        let result = Self.timed(10, "itemref chain") { MarkupExtractor().extract(html: html) }
        #expect(result.codes.contains(FindingCode.itemTooDeep.id))
        #expect(result.items.count == 1)
    }

    @Test("itemref cycles between many items that all refer to each other: bounded by maxItems, reported, a bounded number of findings")
    func itemrefMesh() {
        let count = 300
        let ids = (0..<count).map { "m\($0)" }.joined(separator: " ")
        var html = #"<html><body><div itemscope itemtype="http://schema.org/Thing" itemref="\#(ids)"></div>"#
        for index in 0..<count {
            html += #"<div id="m\#(index)" itemprop="link" itemscope itemref="\#(ids)"><b itemprop="n">\#(index)</b></div>"#
        }
        html += "</body></html>"
        let result = Self.timed(15, "itemref mesh") { MarkupExtractor().extract(html: html) }
        #expect(result.codes.contains(FindingCode.tooManyItems.id))
        #expect(result.codes.contains(FindingCode.itemrefCycle.id))
        #expect(result.findings(FindingCode.tooManyItems.id).count == 1)
        // A limit hit is a diagnostic, not one per element it stopped: the findings are bounded too.
        #expect(result.findings.count <= 100, "\(result.findings.count) findings")
    }

    @Test("thousands of top-level items: the first maxItems are kept, one too-many-items warning")
    func tooManyItems() {
        let item = #"<div itemscope itemtype="http://schema.org/Person"><b itemprop="name">Eva</b></div>"#
        let html = "<html><body>" + String(repeating: item + "\n", count: 5_000) + "</body></html>"
        let result = Self.timed(10, "5,000 items") { MarkupExtractor().extract(html: html) }
        #expect(result.items.count == MarkupLimits().maxItems)
        #expect(result.codes == [FindingCode.tooManyItems.id])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.location?.line == MarkupLimits().maxItems + 1)
    }

    @Test("thousands of JSON-LD scripts and reservations: at most maxReservations parts, in bounded time")
    func manyScripts() {
        var html = "<html><body>"
        for index in 0..<3_000 {
            html += "<script type=\"application/ld+json\">\(Self.reservation.replacingOccurrences(of: "RXJ34P", with: "R\(index)"))</script>\n"
        }
        html += "</body></html>"
        let result = Self.timed(10, "3,000 scripts") { MarkupExtractor().extract(html: html) }
        #expect(result.reservations.count == MarkupLimits().maxReservations)
        #expect(result.codes == [FindingCode.tooManyReservations.id])
    }

    // MARK: Invalid UTF-8 (the part's decoder replaces each bad sequence with U+FFFD)

    static let badSequences: [[UInt8]] = [
        [0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80, 0x80],
    ]

    @Test("invalid UTF-8 inside JSON strings, attributes and text: read with U+FFFD, no crash", arguments: badSequences)
    func invalidUTF8(_ bad: [UInt8]) {
        var bytes: [UInt8] = Array("<html><body><p title=\"".utf8) + bad + Array("\">Hello ".utf8) + bad
        bytes += Array("</p>\n<script type=\"application/ld+json\">\n{\"@type\": \"FlightReservation\", \"reservationNumber\": \"R".utf8)
        bytes += bad + Array("1\", \"reservationStatus\": \"Confirmed\"}\n</script>\n".utf8)
        bytes += Array(#"<div itemscope itemtype="http://schema.org/Person"><b itemprop="name">Eva "#.utf8) + bad
        bytes += Array("</b></div></body></html>".utf8)
        let html = String(decoding: bytes, as: UTF8.self)
        let result = Self.timed(5, "invalid UTF-8") { MarkupExtractor().extract(html: html) }
        #expect(result.findings.isEmpty)
        let replaced = String(decoding: bad, as: UTF8.self)
        #expect(replaced.unicodeScalars.contains("\u{FFFD}"))
        #expect(result.reservations.first?.reservationID == "R" + replaced + "1")
        #expect(result.items.last?.value["name"]?.stringValue?.hasPrefix("Eva \u{FFFD}") == true)
    }

    @Test("an error after replaced bytes on the same line is placed counting each U+FFFD as one column")
    func invalidUTF8Position() throws {
        let marker = Array("\u{2038}".utf8)
        var bytes: [UInt8] = Array("<html><body>\n<script type=\"application/ld+json\">{\"name\": \"".utf8)
        bytes += [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80] + Array("\"".utf8) + marker + Array(" \"x\": 1}</script></body></html>".utf8)
        let marked = MarkupFixture.strip(String(decoding: bytes, as: UTF8.self))
        let result = MarkupExtractor().extract(html: marked.text)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
        #expect(result.findings.first?.position == marked.positions.first)
    }

    @Test("NUL characters and lone control characters in the part do not stop the markup after them")
    func controlCharacters() {
        let html = "<html><body><p>a\u{0}b\u{1}c\u{7F}</p>\n<script type=\"application/ld+json\">\(Self.reservation)</script></body></html>"
        let result = MarkupExtractor().extract(html: html)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P"])
    }
}
