import Findings
import JSON
import Testing
@testable import SchemaMarkup

/// The JSON-LD shapes real senders' templates write that issue 16 found lost: an HTML
/// comment line inside the script, two top-level objects back to back, and a script whose
/// text is HTML-escaped. Each is read in ingest with a position that points into the HTML,
/// and each stays an error (or is left alone) where reading it would guess.
@Suite("JSON-LD recovery of senders' template mistakes")
struct JSONLDRecoveryTests {
    static let flight = JSONLDExtractionTests.flight
    static let second = JSONLDExtractionTests.flight.replacingOccurrences(of: "RXJ34P", with: "QQQ111")

    static func extract(_ script: String, recovers: Bool = true) -> MarkupExtraction {
        MarkupExtractor(recoversJSON: recovers).extract(html: MarkupFixture.page(script))
    }

    // MARK: an HTML comment line inside the script

    @Test("a whole-line HTML comment before or after the object is ignored", arguments: [
        "<!-- reservation markup -->\n\(flight)",
        "  <!-- reservation markup -->  \n\n\(flight)\n<!-- end -->",
        "<!--\n<!-- reservation markup -->\n\(flight)\n-->",
        "<!-- a --> <!-- b -->\n\(flight)",
    ])
    func commentLine(_ script: String) {
        let result = Self.extract(script)
        #expect(result.placeless == [JSONLDExtractionTests.expectedFlight])
        #expect(result.findings.isEmpty)
    }

    @Test("a comment line keeps later positions where they are in the HTML")
    func commentLinePositions() throws {
        let marked = MarkupFixture.strip("<!-- reservation markup -->\n{\"@type\": \"Person\", \"name\": \"A\"‸\n \"x\": 1}")
        let result = Self.extract(marked.text)
        #expect(result.codes == [FindingCode.jsonRecovered.id])
        let position = try #require(marked.positions.first)
        // The page puts the script on line 3.
        #expect(result.findings.first?.position == MarkupFixture.Position(line: position.line + 2, column: position.column))
    }

    @Test("a comment that is not a whole line, or a script of nothing but a comment, is not dropped", arguments: [
        "<!-- note --> \(flight)",
        "\(flight) <!-- note -->",
    ])
    func commentNotAWholeLine(_ script: String) {
        // Only a line that is one whole comment is blanked: text on the same line stays, and
        // is an error, never silently cut (the comment could be hiding where the JSON starts).
        let result = Self.extract(script)
        #expect(result.reservations.isEmpty)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
    }

    @Test("a one-line `<!-- {…} -->` wrapper is still read as the wrapper, not dropped as a comment")
    func oneLineWrapper() {
        let oneLine = Self.flight.replacingOccurrences(of: "\n", with: " ")
        let result = Self.extract("<!-- \(oneLine) -->")
        #expect(result.placeless == [JSONLDExtractionTests.expectedFlight])
    }

    @Test("a comment line inside a JSON string is no line: a string cannot hold a line break")
    func commentInsideString() {
        // Attack: a value that looks like a comment line is kept in its string.
        let result = Self.extract(#"{"@type": "Person", "name": "<!-- not a comment -->"}"#)
        #expect(result.items.first?.value["name"] == .string("<!-- not a comment -->"))
        #expect(result.findings.isEmpty)
    }

    // MARK: two top-level objects back to back

    @Test("two top-level objects `}{` give both reservations, with a json-recovered warning at the `}`")
    func adjacentTopLevelObjects() throws {
        let marked = MarkupFixture.strip(Self.flight + "‸" + Self.second)
        let result = Self.extract(marked.text)
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P", "QQQ111"])
        #expect(result.codes == [FindingCode.jsonRecovered.id])
        let position = try #require(marked.positions.first)
        #expect(result.findings.first?.position == MarkupFixture.Position(line: position.line + 2, column: position.column))
    }

    @Test("objects on separate lines at the top level are read as a list too")
    func topLevelObjectsOnLines() {
        let result = Self.extract(Self.flight + "\n\n" + Self.second + "\n")
        #expect(result.reservations.map(\.reservationID) == ["RXJ34P", "QQQ111"])
    }

    @Test("lint reports `}{` at the top level as an error and finds nothing")
    func adjacentTopLevelObjectsInLint() {
        let result = Self.extract(Self.flight + Self.second, recovers: false)
        #expect(result.reservations.isEmpty)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
    }

    @Test("an object followed by anything but an object stays an error: nothing after it is guessed at")
    func objectThenOther() {
        let result = Self.extract(Self.flight + #" "RXJ34P""#)
        #expect(result.reservations.isEmpty)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
    }

    // MARK: a script whose text is HTML-escaped

    static func escaped(_ json: String) -> String {
        json.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    @Test("an HTML-escaped script is read unescaped, with one warning at the first &quot;", arguments: [
        escaped(flight),
        escaped(flight).replacingOccurrences(of: "&quot;", with: "&#34;"),
        escaped(flight).replacingOccurrences(of: "&quot;", with: "&#x22;"),
        "<!--\n" + escaped(flight) + "\n-->",
    ])
    func escapedScript(_ script: String) throws {
        let result = Self.extract(script)
        #expect(result.placeless == [JSONLDExtractionTests.expectedFlight])
        #expect(result.codes == [FindingCode.jsonRecovered.id])
        let finding = try #require(result.findings.first)
        #expect(finding.message.contains("HTML-escaped"))
        // The first escaped quote follows the `{` at the start of the flight's line.
        let line = script.hasPrefix("<!--") ? 4 : 3
        #expect(finding.position == MarkupFixture.Position(line: line, column: 2))
    }

    // Issue 17 changed this on purpose: a reference the unescaping leaves (`&eacute;`) is decoded by the
    // repair of references inside JSON-LD strings (`html-reference-in-json`), as it would be in a valid script.
    @Test("escaped text: &amp; &lt; &gt; &#39; and numeric ones become characters, and the other references in values too")
    func escapedValues() {
        let script = #"{&quot;@type&quot;: &quot;Person&quot;, &quot;name&quot;: &quot;Tom &amp; Jerry &lt;3 &#39;&#x41;&#66;&apos; &eacute;&quot;}"#
        let result = Self.extract(script)
        #expect(result.items.first?.value["name"] == .string("Tom & Jerry <3 'AB' é"))
        #expect(Set(result.codes) == [FindingCode.jsonRecovered.id, FindingCode.htmlReferenceInJSON.id])
    }

    @Test("a position in escaped text is reported where it is in the HTML, not in the decoded text")
    func escapedPositions() throws {
        let marked = MarkupFixture.strip("{&quot;@type&quot;: &quot;Person&quot;,\n &quot;name&quot;: &quot;A&quot;‸ &quot;x&quot;: 1}")
        let result = Self.extract(marked.text)
        #expect(result.codes == [FindingCode.jsonRecovered.id, FindingCode.jsonSyntaxError.id])
        let position = try #require(marked.positions.first)
        #expect(result.findings.last?.position == MarkupFixture.Position(line: position.line + 2, column: position.column))
    }

    // Issue 17 changed this on purpose: the script as a whole is still not unescaped (no `json-recovered`:
    // its structure is read as written), but a reference inside a string value is decoded and said so
    // (`html-reference-in-json`): a browser leaves `&quot;` in a script as written, so the sender's
    // template escaped a value it should not have.
    @Test("a script with a real quotation mark is not unescaped; &quot; inside a JSON string is decoded with a warning")
    func realQuotesWin() {
        // Attack: unescaping a valid script would change its structure.
        let result = Self.extract(#"{"@type": "Person", "name": "say &quot;hi&quot;", "x": "&quot;, &quot;y&quot;: &quot;z"}"#)
        #expect(result.items.first?.value["name"] == .string(#"say "hi""#))
        #expect(result.items.first?.value["x"] == .string(#"", "y": "z"#))
        #expect(result.items.first?.value["y"] == nil)
        #expect(result.codes == [FindingCode.htmlReferenceInJSON.id])
    }

    @Test("lint does not unescape: an escaped script is a syntax error at the first &")
    func escapedInLint() {
        let result = Self.extract(Self.escaped(Self.flight), recovers: false)
        #expect(result.reservations.isEmpty)
        #expect(result.codes == [FindingCode.jsonSyntaxError.id])
        #expect(result.findings.first?.position == MarkupFixture.Position(line: 3, column: 2))
    }

    @Test("HTMLEscapedScript maps decoded columns back, past line ends too")
    func columnMap() throws {
        let script = try #require(HTMLEscapedScript("{&quot;a&quot;:\r\n &amp;}"))
        #expect(script.decoded == "{\"a\":\r\n &}")
        #expect(script.firstQuote == JSONPosition(line: 1, column: 2))
        #expect(script.originalPosition(JSONPosition(line: 1, column: 4)) == JSONPosition(line: 1, column: 9))
        #expect(script.originalPosition(JSONPosition(line: 1, column: 6)) == JSONPosition(line: 1, column: 16))
        #expect(script.originalPosition(JSONPosition(line: 1, column: 7)) == JSONPosition(line: 1, column: 17))
        #expect(script.originalPosition(JSONPosition(line: 2, column: 3)) == JSONPosition(line: 2, column: 7))
        #expect(script.originalPosition(JSONPosition(line: 2, column: 5)) == JSONPosition(line: 2, column: 9))
        #expect(HTMLEscapedScript("{\"a\": \"&quot;\"}") == nil)
        #expect(HTMLEscapedScript("{&amp;}") == nil)
    }
}
