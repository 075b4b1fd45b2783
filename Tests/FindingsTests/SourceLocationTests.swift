import Findings
import Testing

@Suite("source locations: which text a position counts in, its order, its one rendering")
struct SourceLocationTests {
    @Test("part numbers compare numerically: 10 after 2, 2.10 after 2.9, a part before its children")
    func partOrder() {
        #expect(PartNumber("2") < PartNumber("10"))
        #expect(!(PartNumber("10") < PartNumber("2")))
        #expect(PartNumber("2.9") < PartNumber("2.10"))
        #expect(PartNumber("2") < PartNumber("2.1"))
        #expect(PartNumber("1.3") < PartNumber("2"))
        let sorted = ["10", "2", "1.10", "1.2", "1"].map { PartNumber($0) }.sorted().map(\.text)
        #expect(sorted == ["1", "1.2", "1.10", "2", "10"])
    }

    @Test("locations sort by part first (numerically), then line, then column; no part first")
    func locationOrder() {
        let part10 = SourceLocation(.decodedPart("10"), line: 1, column: 1)
        let part2Late = SourceLocation(.decodedPart("2"), line: 30, column: 4)
        let part2Early = SourceLocation(.decodedPart("2"), line: 30, column: 2)
        let header = SourceLocation(line: 5)
        #expect([part10, part2Late, header, part2Early].sorted() == [header, part2Early, part2Late, part10])
    }

    @Test("a position in the file itself renders as its line and column, with no note")
    func documentRendering() {
        let rendered = SourceLocation(.document, line: 14, column: 36).rendered()
        #expect(rendered == RenderedLocation(line: 14, column: 36, note: nil))
        #expect(rendered.lineAndColumn == "14:36")
    }

    @Test("a message line inside an mbox is counted from the message's first line in the file")
    func mboxMessageLine() {
        let rendered = SourceLocation(line: 3, column: 2).rendered(messageStartLine: 101)
        #expect(rendered.lineAndColumn == "103:2")
        // A whole line (a header field) is printed at its column 1; the column itself stays unknown.
        #expect(SourceLocation(line: 3).rendered().lineAndColumn == "3:1")
        #expect(SourceLocation(line: 3).rendered().column == nil)
    }

    @Test("a message position that concerns a part names the part in a note")
    func messagePositionWithPart() {
        let rendered = SourceLocation(line: 50, column: 36, part: "1.2").rendered()
        #expect(rendered == RenderedLocation(line: 50, column: 36, note: "(part 1.2)"))
    }

    @Test("a decoded-part position renders at the part's start in the file, the place inside in the note")
    func decodedPartRendering() {
        let location = SourceLocation(.decodedPart("2"), line: 14, column: 36, partStartLine: 40)
        #expect(location.rendered() == RenderedLocation(line: 40, column: 1, note: "(part 2, line 14:36 of its decoded text)"))
        #expect(location.rendered(messageStartLine: 11).line == 50)
        // Attack: the decoded line must never be printed as if it were a line of the file.
        #expect(location.rendered().line != 14)
        // Not yet anchored (no part start known): no file line is made up.
        let unanchored = SourceLocation(.decodedPart("2"), line: 14, column: 36).rendered()
        #expect(unanchored.line == nil && unanchored.column == nil)
        #expect(unanchored.note == "(part 2, line 14:36 of its decoded text)")
    }

    @Test("markup positions: a decoded part when there is a part, else a bare document")
    func markupPositions() {
        #expect(SourceLocation.inMarkup(line: 3, column: 4, part: "2").text == .decodedPart("2"))
        #expect(SourceLocation.inMarkup(line: 3, column: 4, part: nil).text == .document)
        #expect(SourceLocation.inMarkup(line: 3, part: "2.1").part == "2.1")
    }

    @Test("a position inside an embedded text moves by the embedding's origin: column only on its first line")
    func offsetByOrigin() {
        let origin = (line: 10, column: 36)
        #expect(SourceLocation(.document, line: 1, column: 1).offset(by: origin) == SourceLocation(.document, line: 10, column: 36))
        #expect(SourceLocation(.document, line: 1, column: 5).offset(by: origin) == SourceLocation(.document, line: 10, column: 40))
        #expect(SourceLocation(.document, line: 3, column: 5).offset(by: origin) == SourceLocation(.document, line: 12, column: 5))
    }

    @Test("a part with the message's own lines (8bit) turns a decoded position into a message line naming the part")
    func inMessage() {
        let moved = SourceLocation(.decodedPart("1.2"), line: 3, column: 7).inMessage(bodyLine: 48)
        #expect(moved.text == .message)
        #expect(moved.line == 50 && moved.column == 7)
        #expect(moved.part == "1.2")
        #expect(moved.rendered().note == "(part 1.2)")
    }
}
