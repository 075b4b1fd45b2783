import JSON
import Testing

/// The reader's node positions: where every value and key starts, in the value's shape.
@Suite("JSON reader: node positions")
struct JSONNodePositionTests {
    static func document(_ text: String, strict: Bool = true) throws -> JSONDocument {
        try LenientJSONReader(recovers: !strict).readDocument(text).get()
    }

    /// Every position of `positions`, in source order (start, then keys and values depth first).
    static func flattened(_ positions: JSONNodePositions) -> [JSONPosition] {
        [positions.start] + positions.members.flatMap { [$0.keyStart] + flattened($0.value) }
            + positions.elements.flatMap(flattened)
    }

    @Test("pretty-printed: each key's quote and each value's first character, nested objects and arrays")
    func pretty() throws {
        let marked = JSONFixtures.Marked("""
            ‸{
              ‸"@type": ‸"FlightReservation",
              ‸"reservationFor": ‸[
                ‸{‸"flightNumber": ‸"110"},
                ‸{‸"flightNumber": ‸111, ‸"ok": ‸true, ‸"none": ‸null}
              ]
            }
            """)
        let document = try Self.document(marked.text)
        #expect(Self.flattened(document.positions) == marked.positions)
        #expect(document.positions.members.count == 2)
        #expect(document.positions.members[1].value.elements.count == 2)
    }

    @Test("minified, non-ASCII and CRLF: columns count Unicode scalars, a CRLF is one line break")
    func minifiedAndCRLF() throws {
        let marked = JSONFixtures.Marked("‸{‸\"name\":‸\"Café 🍷\",‸\"n\":‸-1.5e3}")
        #expect(Self.flattened(try Self.document(marked.text).positions) == marked.positions)
        let crlf = try Self.document("{\r\n  \"a\": 1,\r\n  \"b\": [2]\r\n}")
        #expect(crlf.positions.members.map(\.keyStart) == [JSONPosition(line: 2, column: 3), JSONPosition(line: 3, column: 3)])
        #expect(crlf.positions.members[1].value.elements.first?.start == JSONPosition(line: 3, column: 9))
    }

    @Test("duplicate keys keep a position each, in source order (the value keeps both members)")
    func duplicates() throws {
        let marked = JSONFixtures.Marked("{‸\"id\": 1, ‸\"id\": 2}")
        let document = try Self.document(marked.text)
        #expect(document.positions.members.map(\.keyStart) == marked.positions)
    }

    @Test("objects one after another (recovered) are an array whose elements keep their places")
    func adjacentObjects() throws {
        let marked = JSONFixtures.Marked("‸{\"a\": 1}\n‸{\"b\": 2}")
        let document = try Self.document(marked.text, strict: false)
        #expect(document.positions.elements.map(\.start) == marked.positions)
        #expect(!document.recoveries.isEmpty)
    }

    @Test("read and readDocument agree on value and recoveries; positions never change equality of values")
    func agreesWithRead() throws {
        let text = "{\"a\": [1, 2,], \"b\": {\"c\": \"d\"}}"
        let document = try Self.document(text, strict: false)
        let plain = try #require(JSONFixtures.read(text))
        #expect(document.value == plain.value)
        #expect(document.recoveries == plain.recoveries)
        #expect(JSONFixtures.read("{\"a\":1}")?.value == JSONFixtures.read("{\n  \"a\" :   1\n}")?.value)
    }

    @Test("map moves every position (into an enclosing text's coordinates)")
    func mapping() throws {
        let positions = try Self.document("{\"a\": [1]}").positions
        let moved = positions.map { JSONPosition(line: $0.line + 9, column: $0.column) }
        #expect(Self.flattened(moved) == Self.flattened(positions).map { JSONPosition(line: $0.line + 9, column: $0.column) })
    }
}
