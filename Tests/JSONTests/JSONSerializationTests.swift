import Testing
import JSON

@Suite("JSON reader: compact serialization")
struct JSONSerializationTests {
    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (JSONFixtures.number("1.50e+3", 1500), "1.50e+3"),
        (.string("Caffè \"Macs\" \\ / 😀"), #""Caffè \"Macs\" \\ / 😀""#),
        (.string("\u{08}\u{0C}\n\r\t\u{00}\u{1F}\u{7F}\u{2028}"), "\"\\b\\f\\n\\r\\t\\u0000\\u001f\u{7F}\u{2028}\""),
        (.array([]), "[]"),
        (.object([]), "{}"),
        (.array([.null, .array([.bool(true)]), .object([])]), "[null,[true],{}]"),
        (JSONFixtures.object(("z", .null), ("a", .string("x")), ("z", JSONFixtures.number("-0", -0.0))),
         #"{"z":null,"a":"x","z":-0}"#),
        (JSONFixtures.object(("k\"ey\n", .string(""))), #"{"k\"ey\n":""}"#),
    ])
    func serialized(value: JSONValue, expected: String) {
        #expect(value.serialized == expected)
        #expect(JSONFixtures.read(expected, strict: true)?.value == value)
    }

    @Test("read → serialized → read gives the same value", arguments: [
        JSONFixtures.wwdcSample,
        JSONCorpusSamples.eventbriteScript,
        JSONCorpusSamples.eurowingsScript,
        JSONCorpusSamples.eventbriteExpected,
        #"  {"a": [1, -2.5e-3, 0E0, 1e400, "\u00e9\ud83d\ude00\ud800", "\u0000\"\\\/"], "a": {"b": {}}, "": []}  "#,
        "\u{FEFF}[\"bom\"]",
    ])
    func roundTrip(text: String) throws {
        let first = try #require(JSONFixtures.read(text)?.value)
        let text = first.serialized
        let second = try #require(JSONFixtures.read(text, strict: true))
        #expect(second.value == first)
        #expect(second.recoveries.isEmpty)
        #expect(second.value.serialized == text)
        #expect(!text.contains("\n"))
    }
}
