import Testing
@testable import DNS

@Suite("DNS names: validation, wire form, comparison")
struct DNSNameTests {
    static let label63 = String(repeating: "a", count: 63)
    /// 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 characters: the longest name.
    static let name253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")

    @Test(
        "names that can be asked for",
        arguments: [
            "example.com", "sel._domainkey.example.com.", "x", "xn--bcher-kva.example", "\(label63).example",
            name253, name253 + ".",
        ])
    func valid(text: String) throws {
        let name = try DNSName(validating: text)
        #expect(name.labels.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
            == (text.hasSuffix(".") ? String(text.dropLast()) : text))
    }

    @Test(
        "names that cannot",
        arguments: [
            "", ".", "..", "a..b", ".a", "a b.example", "bücher.example", "a\\.b.example", "tab\t.example",
            "\(label63)a.example", name253 + "c", "nul\u{0}.example",
        ])
    func invalid(text: String) {
        #expect(throws: DNSError.invalidName(name: text)) { try DNSName(validating: text) }
    }

    @Test("wire form: length-prefixed labels and the root")
    func wireFormat() throws {
        #expect(try DNSName(validating: "a.bc.").wireFormat == [1, 0x61, 2, 0x62, 0x63, 0])
        #expect(try DNSName(validating: Self.name253).wireFormat.count == 255)
    }

    @Test("comparison and hashing ignore ASCII case only")
    func caseInsensitive() throws {
        let lower = try DNSName(validating: "sel._domainkey.example.com")
        let mixed = try DNSName(validating: "SEL._DomainKey.Example.COM.")
        #expect(lower == mixed)
        #expect(Set([lower, mixed]).count == 1)
        #expect(lower != (try DNSName(validating: "sel._domainkey.example.co")))
        #expect(DNSName(labels: [[0xC4]]) != DNSName(labels: [[0xE4]]))
    }

    @Test("text form escapes dots, backslashes and odd octets inside labels")
    func description() {
        #expect(DNSName(labels: [Array("a.b".utf8), Array("c\\".utf8), [0x07, 0x20, 0xFF]]).description == #"a\.b.c\\.\007\032\255"#)
        #expect(DNSName(labels: []).description == ".")
    }

    @Test("a query: id, RD flag, one question, TXT/IN")
    func queryBytes() throws {
        let query = DNSQuery(id: 0xBEEF, name: try DNSName(validating: "a.bc"), type: 16)
        #expect(query.bytes == [0xBE, 0xEF, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0x61, 2, 0x62, 0x63, 0, 0, 16, 0, 1])
    }
}
