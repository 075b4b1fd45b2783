import Testing
import TestSupport
@testable import MailMessage

@Suite("Content-Type and RFC 2231 parameters")
struct ParameterTests {
    @Test("trimming white space on ASCII bytes: the same as by Characters (CR LF trimmed as one, a lone CR or LF kept)")
    func trimmingShortcut() {
        // The Character rules: the model.
        func model(_ text: Substring) -> String {
            var slice = text
            while let first = slice.first, " \t\r\n".contains(first) { slice = slice.dropFirst() }
            while let last = slice.last, " \t\r\n".contains(last) { slice = slice.dropLast() }
            return String(slice)
        }
        var generator = SplitMix64(seed: 2045_2)
        let pieces = [" ", "\t", "\r\n", "\r", "\n", "text/html", ";", "a b", "\u{0B}", "é", " \u{301}", "\r\u{301}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let slice = text.dropFirst(Int.random(in: 0...1, using: &generator))
            #expect(Array(slice.trimmingWhitespace.utf8) == Array(model(slice).utf8), "\(slice.debugDescription)")
            #expect(Array(text.trimmingWhitespace.utf8) == Array(model(text[...]).utf8), "\(text.debugDescription)")
            #expect((text.asciiTrimmingWhitespace == nil) == text.utf8.contains { $0 >= 0x80 })
        }
    }

    @Test("type, subtype and parameters are parsed leniently")
    func contentType() throws {
        let type = try #require(ContentType(headerValue: "Text/HTML ; Charset=\"UTF-8\" (comment); format=flowed".bytes))
        #expect(type.mimeType == "text/html")
        #expect(type.charset == "utf-8")
        #expect(type.parameters["format"] == "flowed")
        #expect(ContentType(headerValue: "text".bytes) == nil)
        #expect(ContentType(headerValue: "text/".bytes) == nil)
        #expect(ContentType(headerValue: "multipart/mixed; boundary=\"a \\\"b\\\" c\"".bytes)?.boundary == "a \"b\" c")
    }

    @Test(arguments: [
        ("attachment; filename=plain.txt", "plain.txt"),
        ("attachment; filename=\"with space.pdf\"", "with space.pdf"),
        ("attachment; filename*=utf-8''R%C3%A9servation.pdf", "Réservation.pdf"),
        ("attachment; filename*=iso-8859-1'fr'R%E9servation.pdf", "Réservation.pdf"),
        ("attachment; filename*0=\"part one \"; filename*1=\"and two.txt\"", "part one and two.txt"),
        ("attachment; filename*1*=%C3%A9.txt; filename*0*=utf-8''caf", "café.txt"),     // out of order
        ("attachment; filename*0*=utf-8''%E2%82; filename*1*=%AC.txt", "€.txt"),        // split UTF-8
        ("attachment; filename=\"=?UTF-8?B?w6kudHh0?=\"", "é.txt"),                       // RFC 2047 in quotes
        ("attachment; filename=old.txt; filename*=utf-8''new.txt", "new.txt"),          // RFC 2231 wins
    ])
    func filename(disposition: String, expected: String) {
        let parsed = ParameterizedValue.parse(disposition.bytes)
        #expect(parsed.value == "attachment")
        #expect(parsed[parameter: "filename"] == expected)
    }

    @Test("the Content-Type name parameter is the fallback file name")
    func nameFallback() {
        let message = MailMessage("Content-Type: application/pdf; name=\"ticket.pdf\"\r\n\r\n%PDF")
        #expect(message.leafParts.first?.filename == "ticket.pdf")
    }
}

@Suite("parameter parsing regressions (found by fuzzing)")
struct ParameterFuzzRegressionTests {
    @Test("a comment ending in a backslash, in Content-Type or Content-Disposition, is not read past the end",
          arguments: ["Content-Type: (\\\r\n\r\n", "Content-Type: text/plain; (\\\r\n\r\nx",
                      "Content-Disposition: attachment; (\\\r\nContent-Type: text/plain\r\n\r\nx"])
    func trailingBackslashInComment(message: String) {
        let parsed = MailMessage(message)
        #expect(parsed.leafParts.count == 1)
        #expect(parsed.leafParts[0].filename == nil)
    }
}
