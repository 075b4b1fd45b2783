import Testing
import JSON

@Suite("JSON reader: errors and limits")
struct JSONErrorTests {
    /// Each error's position is marked with `‸`; strict and lenient readers agree on all.
    @Test(arguments: [
        ("‸", "expected a value, found end of input"),
        ("  \n ‸", "expected a value, found end of input"),
        ("[1, 2‸", "expected ',' or ']' after an array element, found end of input"),
        ("{\"a\":‸", "expected a value after ':', found end of input"),
        ("{\"name\": ‸\"Caffè", "expected '\"' to close the string that starts here, found end of input"),
        ("[‸\"abc\n]", "expected '\"' to close the string that starts here, found end of input"),
        ("[‸\"abc\\", "expected '\"' to close the string that starts here, found end of input"),
        ("[‸\"\\u12", "expected '\"' to close the string that starts here, found end of input"),
        ("{‸'single': 1}", "expected a string key or '}' after '{', found '''"),
        ("{\"a\" ‸1}", "expected ':' after an object key, found '1'"),
        ("[‸tru]", "expected a value or ']' after '[', found 'tru'"),
        ("{\n  \"café 😀\": ‸undefined\n}", "expected a value after ':', found 'undefined'"),
        ("[‸True]", "expected a value or ']' after '[', found 'True'"),
        ("{\"n\": 0‸1}", "expected '.', 'e' or the end of the number after a leading '0', found '1'"),
        ("{\"n\": -‸x}", "expected a digit after '-', found 'x'"),
        ("[1.‸]", "expected a digit after '.' in a number, found ']'"),
        ("[‸.5]", "expected a value or ']' after '[', found '.'"),
        ("[1e+‸]", "expected a digit in the exponent of a number, found ']'"),
        ("[‸+1]", "expected a value or ']' after '[', found '+'"),
        ("[\"bad \\‸x escape\"]", "expected one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\\' in a string, found 'x'"),
        ("[\"\\u12‸G4\"]", "expected 4 hexadecimal digits after '\\u', found 'G4'"),
        ("‸\u{00A0}[]", "expected a value, found U+00A0"),
        ("[1]‸]", "expected the end of the text after the top-level value, found ']'"),
        ("[1‸}", "expected ',' or ']' after an array element, found '}'"),
        ("{\"a\": [1, {\"b\": null‸]}]", "expected ',' or '}' after an object member, found ']'"),
    ])
    func syntax(marked: String, message: String) throws {
        let example = JSONFixtures.Marked(marked)
        for strict in [false, true] {
            let error = try #require(JSONFixtures.error(example.text, strict: strict))
            #expect(error.kind == .syntax)
            #expect([error.position] == example.positions)
            #expect(error.message == message)
        }
    }

    @Test("columns count Unicode scalars; CR, LF and CRLF each end a line; a BOM is not a column")
    func positions() {
        #expect(JSONFixtures.error("{\n  \"café 😀\": undefined\n}")?.position == JSONPosition(line: 2, column: 13))
        #expect(JSONFixtures.error("[\r\n1,\r2,\n3,\r\n\r\n x]")?.position == JSONPosition(line: 6, column: 2))
        #expect(JSONFixtures.error("\u{FEFF}[x]")?.position == JSONPosition(line: 1, column: 2))
        #expect(JSONFixtures.error("\u{FEFF}\u{FEFF}[]")?.position == JSONPosition(line: 1, column: 1))
        #expect(JSONFixtures.error("[\"é\"]\n   ?")?.description == "2:4: expected the end of the text after the top-level value, found '?'")
    }

    @Test("nesting up to maxDepth reads; one level more is a depthLimit error at that bracket")
    func depthLimit() throws {
        let limit = JSONReaderLimits().maxDepth
        #expect(limit == 64)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(JSONFixtures.read(deepest)?.value != nil)

        let tooDeep = "{\"a\":" + String(repeating: "[", count: limit) + String(repeating: "]", count: limit) + "}"
        let error = try #require(JSONFixtures.error(tooDeep))
        #expect(error.kind == .depthLimit)
        #expect(error.position == JSONPosition(line: 1, column: 6 + limit - 1))
        #expect(error.message == "arrays and objects nest deeper than the limit of 64 levels (limit json-depth)")

        let small = JSONReaderLimits(maxDepth: 2)
        #expect(JSONFixtures.error("[{}]", limits: small) == nil)
        #expect(JSONFixtures.error("[{\"a\": []}]", limits: small)?.kind == .depthLimit)
        #expect(JSONFixtures.error("1", limits: JSONReaderLimits(maxDepth: 0)) == nil)
        #expect(JSONFixtures.error("[]", limits: JSONReaderLimits(maxDepth: 0))?.kind == .depthLimit)
    }

    @Test("a huge maxDepth is capped at the ceiling, and hostile nesting ends quickly")
    func depthCeiling() throws {
        let ceiling = JSONReaderLimits.depthCeiling
        let huge = JSONReaderLimits(maxDepth: .max)
        let atCeiling = String(repeating: "[", count: ceiling) + String(repeating: "]", count: ceiling)
        #expect(JSONFixtures.error(atCeiling, limits: huge) == nil)
        let error = try #require(JSONFixtures.error("[" + atCeiling + "]", limits: huge))
        #expect(error.kind == .depthLimit)
        #expect(error.message.contains("\(ceiling)"))

        let hostile = String(repeating: "[{\"a\":", count: 200_000)
        let clock = ContinuousClock()
        var result: JSONReadError?
        let elapsed = clock.measure { result = JSONFixtures.error(hostile) }
        #expect(result?.kind == .depthLimit)
        #expect(elapsed < .seconds(1))
    }

    @Test("input over maxBytes is a sizeLimit error naming the limit; at the limit it reads")
    func sizeLimit() throws {
        let limits = JSONReaderLimits(maxBytes: 10)
        #expect(JSONFixtures.error("[\"123456\"]", limits: limits) == nil)      // 10 bytes
        let error = try #require(JSONFixtures.error("[\"1234567\"]", limits: limits))
        #expect(error.kind == .sizeLimit)
        #expect(error.position == JSONPosition(line: 1, column: 1))
        #expect(error.message == "the JSON text is 11 bytes, more than the limit of 10 bytes (limit json-bytes)")
        #expect(JSONFixtures.error("\"éé\"", limits: JSONReaderLimits(maxBytes: 5))?.kind == .sizeLimit)  // bytes, not characters
        #expect(JSONReaderLimits().maxBytes == 4 << 20)
    }
}
