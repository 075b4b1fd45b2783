import Findings
import Testing

@Suite("findings")
struct FindingTests {
    @Test("severities order note < warning < error")
    func severityOrder() {
        #expect(Finding.Severity.note < .warning)
        #expect(Finding.Severity.warning < .error)
        #expect([Finding.Severity.error, .note, .warning].sorted() == [.note, .warning, .error])
    }

    @Test("a location reads as line:column, with the part when there is one")
    func locationText() {
        #expect(SourceLocation(line: 12).description == "12")
        #expect(SourceLocation(line: 12, column: 5).description == "12:5")
        #expect(SourceLocation(line: 3, column: 1, part: "2.1").description == "part 2.1, 3:1")
    }
}
