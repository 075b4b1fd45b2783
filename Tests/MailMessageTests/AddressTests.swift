import Findings
import Testing
@testable import MailMessage

@Suite("From addresses")
struct AddressTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let name: String?
        let address: String
        let domain: String
        var testDescription: String { input }
    }

    @Test(arguments: [
        Case(input: "a@b.example", name: nil, address: "a@b.example", domain: "b.example"),
        Case(input: "EPIC Steak <Res@EpicSteak.EXAMPLE>", name: "EPIC Steak", address: "Res@epicsteak.example", domain: "epicsteak.example"),
        Case(input: "\"Steak, EPIC\" <r@x.example>", name: "Steak, EPIC", address: "r@x.example", domain: "x.example"),
        Case(input: "\"a \\\"quoted\\\" name\" <r@x.example>", name: "a \"quoted\" name", address: "r@x.example", domain: "x.example"),
        Case(input: "r@x.example (EPIC Steak)", name: nil, address: "r@x.example", domain: "x.example"),
        Case(input: "(comment (nested)) Name <r@x.example> (trailing)", name: "Name", address: "r@x.example", domain: "x.example"),
        Case(input: "Team: alice@x.example, bob@y.example;", name: nil, address: "alice@x.example", domain: "x.example"),
        Case(input: "\"john.q\"@example.com", name: nil, address: "john.q@example.com", domain: "example.com"),
        Case(input: "\"john q\"@example.com", name: nil, address: "\"john q\"@example.com", domain: "example.com"),
        Case(input: "Bücher <info@Bücher.example>", name: "Bücher", address: "info@bücher.example", domain: "bücher.example"),
        Case(input: "<info@xn--bcher-kva.example>", name: nil, address: "info@xn--bcher-kva.example", domain: "xn--bcher-kva.example"),
        Case(input: "=?utf-8?q?Caf=C3=A9?= <c@x.example>", name: "Café", address: "c@x.example", domain: "x.example"),
        Case(input: "\"=?utf-8?q?Caf=C3=A9?=\" <c@x.example>", name: "Café", address: "c@x.example", domain: "x.example"),
        Case(input: "<@route.example,@r2.example:r@x.example>", name: nil, address: "r@x.example", domain: "x.example"),
        Case(input: "r@[192.0.2.1]", name: nil, address: "r@[192.0.2.1]", domain: "[192.0.2.1]"),
    ])
    func parse(_ testCase: Case) throws {
        let message = MailMessage("From: \(testCase.input)\r\n\r\n")
        let author = try #require(message.author)
        #expect(author.displayName == testCase.name)
        #expect(author.address == testCase.address)
        #expect(author.domain == testCase.domain)
        #expect(!message.findingCodes.contains(FindingCode.fromUnparsable.id))
    }

    @Test("zero From fields is reported")
    func noFrom() {
        let message = MailMessage("Subject: x\r\n\r\n")
        #expect(message.author == nil)
        #expect(message.findingCodes.contains(FindingCode.fromMissing.id))
    }

    @Test("several From fields are reported, and there is no single author")
    func severalFrom() {
        let message = MailMessage("From: a@x.example\r\nFrom: b@y.example\r\n\r\n")
        #expect(message.author == nil)
        #expect(message.from.first?.address == "a@x.example")
        let finding = message.findings.first { $0.code == FindingCode.fromMultiple.id }
        #expect(finding?.location?.line == 2)
    }

    @Test("a From field with several mailboxes and one without any address")
    func oddFrom() {
        let several = MailMessage("From: a@x.example, b@y.example\r\n\r\n")
        #expect(several.from.map(\.address) == ["a@x.example", "b@y.example"])
        #expect(several.findingCodes.contains(FindingCode.fromMultipleMailboxes.id))
        let none = MailMessage("From: undisclosed\r\n\r\n")
        #expect(none.author == nil)
        #expect(none.findingCodes.contains(FindingCode.fromUnparsable.id))
    }
}
