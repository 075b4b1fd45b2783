import Testing
import JSON

@Suite("JSON reader: forgiven departures from RFC 8259")
struct JSONRecoveryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let marked: JSONFixtures.Marked
        let kinds: [JSONRecovery.Kind]
        /// The value read, serialized.
        let value: String
        /// The strict reader's message at the first marked position.
        let strictMessage: String

        init(_ marked: String, _ kinds: [JSONRecovery.Kind], _ value: String, strict: String) {
            self.marked = JSONFixtures.Marked(marked)
            self.kinds = kinds
            self.value = value
            self.strictMessage = strict
        }

        var testDescription: String { marked.testDescription }
    }

    static let cases: [Case] = [
        Case("[1‸\n2]", [.missingComma], "[1,2]",
             strict: "expected ',' or ']' after an array element, found '2'"),
        Case("{\"a\": 1‸\n  \"b\": 2}", [.missingComma], #"{"a":1,"b":2}"#,
             strict: #"expected ',' or '}' after an object member, found '"'"#),
        Case("[{}‸\r\n{}]", [.missingComma], "[{},{}]",
             strict: "expected ',' or ']' after an array element, found '{'"),
        Case("[\"x\"‸ \t\n\t[true]]", [.missingComma], #"["x",[true]]"#,
             strict: "expected ',' or ']' after an array element, found '['"),
        Case("[1, 2‸,]", [.trailingComma], "[1,2]",
             strict: "expected a value after ',', found ']' (a trailing comma)"),
        Case("{\"a\": 1‸,\n}", [.trailingComma], #"{"a":1}"#,
             strict: "expected a string key after ',', found '}' (a trailing comma)"),
        Case("[{\"a\": 1}‸{\"b\": 2}]", [.adjacentObjects], #"[{"a":1},{"b":2}]"#,
             strict: "expected ',' or ']' after an array element, found '{'"),
        Case("[{}‸ {}‸{}]", [.adjacentObjects, .adjacentObjects], "[{},{},{}]",
             strict: "expected ',' or ']' after an array element, found '{'"),
        // Issue 16: two top-level objects back to back, as senders' templates write them.
        Case("{\"a\": 1}‸{\"b\": 2}", [.adjacentObjects], #"[{"a":1},{"b":2}]"#,
             strict: "expected the end of the text after the top-level value, found '{'"),
        Case("{}‸\n{}‸ {}\n", [.adjacentObjects, .adjacentObjects], "[{},{},{}]",
             strict: "expected the end of the text after the top-level value, found '{'"),
        Case("[[1‸,]‸\n[2‸\n3]‸,\n]", [.trailingComma, .missingComma, .missingComma, .trailingComma], "[[1],[2,3]]",
             strict: "expected a value after ',', found ']' (a trailing comma)"),
    ]

    @Test(arguments: cases)
    func recovered(_ example: Case) throws {
        let result = try #require(JSONFixtures.read(example.marked.text))
        #expect(result.value.serialized == example.value)
        #expect(result.recoveries.map(\.kind) == example.kinds)
        #expect(result.recoveries.map(\.position) == example.marked.positions)
    }

    @Test("strict mode reports the first forgiven place as the error", arguments: cases)
    func strict(_ example: Case) throws {
        let error = try #require(JSONFixtures.error(example.marked.text, strict: true))
        #expect(error.kind == .syntax)
        #expect(error.position == example.marked.positions.first)
        #expect(error.message == example.strictMessage)
    }

    @Test("Apple's WWDC 2020 sample reads with two missing commas at the line ends")
    func wwdcSample() throws {
        let result = try #require(JSONFixtures.read(JSONFixtures.wwdcSample))
        #expect(result.recoveries == [
            JSONRecovery(kind: .missingComma, position: JSONPosition(line: 13, column: 34),
                         message: "assumed a missing ',' between two object members on different lines"),
            JSONRecovery(kind: .missingComma, position: JSONPosition(line: 17, column: 37),
                         message: "assumed a missing ',' between two object members on different lines"),
        ])
        let value = result.value
        #expect(value["@type"] == .string("FoodEstablishmentReservation"))
        #expect(value["reservationNumber"]?.stringValue == "IWDL4BZ")
        #expect(value["underName"]?["name"]?.stringValue == "John Appleseed")
        #expect(value["reservationFor"]?["telephone"]?.stringValue == "(408) 996-1010")
        #expect(value["reservationFor"]?["address"]?["addressLocality"]?.stringValue == "Cupertino")
        #expect(value["reservationFor"]?["address"]?["addressRegion"]?.stringValue == "CA")
        #expect(value["reservationFor"]?["address"]?["addressCountry"]?.stringValue == "USA")
        #expect(value["startTime"]?.stringValue == "2020-06-26T19:30:00-07:00")
        #expect(value["partySize"] == JSONFixtures.number("2", 2))

        let error = try #require(JSONFixtures.error(JSONFixtures.wwdcSample, strict: true))
        #expect(error.description == #"13:34: expected ',' or '}' after an object member, found '"'"#)
    }

    @Test("KItinerary eventbrite-broken-json: a trailing comma; the result is what upstream expects")
    func eventbrite() throws {
        let result = try #require(JSONFixtures.read(JSONCorpusSamples.eventbriteScript))
        #expect(result.recoveries.map(\.kind) == [.trailingComma])
        #expect(result.recoveries.map(\.position) == [JSONPosition(line: 11, column: 59)])
        let expected = try #require(JSONFixtures.read(JSONCorpusSamples.eventbriteExpected, strict: true)?.value)
        #expect(JSONFixtures.sortingKeys(.array([result.value])) == JSONFixtures.sortingKeys(expected))
        #expect(JSONFixtures.error(JSONCorpusSamples.eventbriteScript, strict: true)?.position
                == JSONPosition(line: 11, column: 59))
    }

    @Test("KItinerary ew-invalid-json-array: objects written '}{' on one line; the result is what upstream expects")
    func eurowings() throws {
        let result = try #require(JSONFixtures.read(JSONCorpusSamples.eurowingsScript))
        #expect(result.recoveries.map(\.kind) == [.adjacentObjects])
        #expect(result.recoveries.map(\.position) == [JSONPosition(line: 1, column: 850)])
        let expected = try #require(JSONFixtures.read(JSONCorpusSamples.eurowingsExpected, strict: true)?.value)
        #expect(JSONFixtures.sortingKeys(result.value) == JSONFixtures.sortingKeys(expected))
    }

    /// Forgiveness stops where the corpus stops needing it.
    @Test(arguments: [
        ("[1‸ 2]", "expected ',' or ']' after an array element, found '2'"),
        ("{\"a\": 1‸ \"b\": 2}", #"expected ',' or '}' after an object member, found '"'"#),
        ("[[]‸{}]", "expected ',' or ']' after an array element, found '{'"),
        ("{\"a\": {}‸{}}", "expected ',' or '}' after an object member, found '{'"),
        ("{\"a\": 1‸\n: 2}", "expected ',' or '}' after an object member, found ':'"),
        ("[1‸\n}", "expected ',' or ']' after an array element, found '}'"),
        ("[1,‸,2]", "expected a value after ',', found ','"),
        ("[‸,1]", "expected a value or ']' after '[', found ','"),
        ("{‸,}", "expected a string key or '}' after '{', found ','"),
        // Only objects are read as a list: an array or a scalar after the top-level value is not.
        ("{}‸[]", "expected the end of the text after the top-level value, found '['"),
        ("[]‸{}", "expected the end of the text after the top-level value, found '{'"),
        ("{} ‸1", "expected the end of the text after the top-level value, found '1'"),
        ("\"{}\"‸{}", "expected the end of the text after the top-level value, found '{'"),
        ("[\"a‸\nb\"]", "expected an escape such as '\\n' in a string, found U+000A (a raw control character)"),
        ("[\"a‸\tb\"]", "expected an escape such as '\\n' in a string, found U+0009 (a raw control character)"),
    ])
    func notForgiven(marked: String, message: String) throws {
        let example = JSONFixtures.Marked(marked)
        for strict in [false, true] {
            let error = try #require(JSONFixtures.error(example.text, strict: strict))
            #expect(error.kind == .syntax)
            #expect([error.position] == example.positions)
            #expect(error.message == message)
        }
    }
}
