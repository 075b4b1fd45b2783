import Testing
import JSON

@Suite("JSON reader: valid RFC 8259 input")
struct JSONValidInputTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("\"\"", .string("")),
        ("\"Caffè Macs 😀\"", .string("Caffè Macs 😀")),
        ("[]", .array([])),
        ("{}", .object([])),
        ("[null,true,false]", .array([.null, .bool(true), .bool(false)])),
        (" \t\r\n[ 1 , \"a\" ]\n\t ", .array([JSONFixtures.number("1", 1), .string("a")])),
        ("{\"a\":{\"b\":[[],{}]}}", JSONFixtures.object(("a", JSONFixtures.object(("b", .array([.array([]), .object([])])))))),
        ("{\"a\": 1, \"a\": 2}", JSONFixtures.object(("a", JSONFixtures.number("1", 1)), ("a", JSONFixtures.number("2", 2)))),
        ("\u{FEFF}{\"bom\": true}", JSONFixtures.object(("bom", .bool(true)))),
        ("[[[[[\"deep\"]]]]]", .array([.array([.array([.array([.array([.string("deep")])])])])])),
    ])
    func values(text: String, expected: JSONValue) {
        let lenient = JSONFixtures.read(text)
        #expect(lenient?.value == expected)
        #expect(lenient?.recoveries == [])
        #expect(JSONFixtures.read(text, strict: true)?.value == expected)
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""caf\u00e9 \u00E9""#, "café é"),
        (#""\u0000\u001f""#, "\u{00}\u{1F}"),
        (#""\uD83D\uDE00 grin""#, "😀 grin"),                 // surrogate pair
        (#""\ud83d\ude00""#, "😀"),                           // lowercase hex
        (#""a\uD83Db""#, "a\u{FFFD}b"),                       // lone high surrogate
        (#""a\uDE00b""#, "a\u{FFFD}b"),                       // lone low surrogate
        (#""\uD83D\u0041""#, "\u{FFFD}A"),                    // high surrogate, then not a low one
        (#""\uD83D\uD83D\uDE00""#, "\u{FFFD}😀"),             // two highs, then a low
        (#""\uD83D""#, "\u{FFFD}"),                           // high surrogate at the end
        (#""plain \u2028 and é""#, "plain \u{2028} and é"),
        ("\"raw\u{7F}\u{80}\u{2028}ok\"", "raw\u{7F}\u{80}\u{2028}ok"), // only U+0000–U+001F need escaping
    ])
    func escapes(text: String, expected: String) {
        #expect(JSONFixtures.read(text, strict: true)?.value == .string(expected))
    }

    @Test(arguments: [
        ("0", 0.0),
        ("-0", -0.0),
        ("42", 42),
        ("-12.5", -12.5),
        ("0.001", 0.001),
        ("1e3", 1000),
        ("1E+3", 1000),
        ("25e-1", 2.5),
        ("-0.0e-0", -0.0),
        ("48.0", 48),
        ("12345678901234567890123", 1.2345678901234568e22),
        ("1e400", .infinity),
    ])
    func numbers(literal: String, expected: Double) throws {
        let value = try #require(JSONFixtures.read("[\(literal)]", strict: true)?.value)
        guard case .array(let elements) = value, case .number(let number)? = elements.first else {
            Issue.record("not a number: \(value)")
            return
        }
        #expect(number.literal == literal)
        #expect(number.value == expected)
        #expect(number.value.sign == expected.sign)
        #expect(elements.first?.stringValue == literal)
    }

    @Test("the last member with a key wins; members keep source order and duplicates")
    func subscriptAndOrder() throws {
        let value = try #require(JSONFixtures.read(#"{"b": 1, "a": "x", "b": "last"}"#, strict: true)?.value)
        #expect(value["b"] == .string("last"))
        #expect(value["a"]?.stringValue == "x")
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([.string("b")])["b"] == nil)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b"])
    }

    @Test("stringValue is the text of a string or the literal of a number, else nil")
    func stringValue() {
        #expect(JSONValue.string("ABC").stringValue == "ABC")
        #expect(JSONFixtures.number("2.50", 2.5).stringValue == "2.50")
        #expect(JSONValue.bool(true).stringValue == nil)
        #expect(JSONValue.null.stringValue == nil)
        #expect(JSONValue.array([.string("a")]).stringValue == nil)
    }

    @Test("a megabyte of JSON-LD reads quickly")
    func speed() throws {
        let item = #"{"@type": "FlightReservation", "reservationNumber": "XXX007", "price": 123.45, "#
            + #""underName": {"name": "Caf\u00e9 \"Ren\u00e9\"", "tags": [true, false, null, -1e-3]}},"#
        let text = "[" + String(repeating: item + "\n", count: 8_000) + "{}]"
        #expect(text.utf8.count > 1_000_000)
        let clock = ContinuousClock()
        var result: (value: JSONValue, recoveries: [JSONRecovery])?
        let elapsed = clock.measure { result = JSONFixtures.read(text) }
        guard case .array(let elements)? = result?.value else {
            Issue.record("did not read: \(String(describing: JSONFixtures.error(text)))")
            return
        }
        #expect(elements.count == 8_001)
        // Generous for a debug build on a shared machine; a release build is far faster.
        #expect(elapsed < .seconds(5))
    }
}
