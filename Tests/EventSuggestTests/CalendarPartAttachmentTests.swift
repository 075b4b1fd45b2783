@testable import EventSuggest
import ICalendar
import MailMessage
import Testing

/// The byte rules of `--attach-event` (CalendarPartAttachment, MIMEBoundary, MessageEdit):
/// every original byte kept, the boundary never one the message holds, line endings kept.
/// The end-to-end suite (AttachEventTests) runs the same through the binary with Python's
/// email, icalendar, libical, procmail, maildrop and khal as oracles.
@Suite("calendar part: appending, wrapping, the boundary, the line endings")
struct CalendarPartAttachmentTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static let calendarText = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n"
    static var part: CalendarPart { CalendarPart(calendarText: calendarText, authservID: "mx.example.org") }

    static func wrapped(_ message: MailMessage, lineEnding: [UInt8] = [0x0D, 0x0A]) -> (MailMessage, String) {
        let boundary = MIMEBoundary.choose(avoiding: message.bytes, seed: calendarText)!
        let edit = CalendarPartAttachment.wrappingEdit(message, part: part, boundary: boundary, lineEnding: lineEnding)
        return (MailMessage(bytes: edit.applied(to: message)), boundary)
    }

    @Test("a single-part body is wrapped: its Content-Type and CTE move into part 1 as they were, its bytes unchanged")
    func wrapsSinglePart() throws {
        let body = "<p>caf\u{E9}=3D</p>\r\nline two\r\n"
        let original = MailMessage(bytes: Self.bytes(
            "From: a@b.example\r\nContent-Type: text/html;\r\n\tcharset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n"
                + "Subject: x\r\n\r\n" + body))
        let (result, boundary) = Self.wrapped(original)
        #expect(result.root.contentType.mimeType == "multipart/mixed")
        #expect(result.root.contentType.boundary == boundary)
        #expect(result.header.first(named: "Content-Transfer-Encoding") == nil, "RFC 2045 §6.4: a multipart is never QP")
        #expect(result.header.first(named: "MIME-Version")?.value == "1.0")
        #expect(result.header.first(named: "Subject")?.value == "x")
        let first = result.root.children[0]
        #expect(Self.text(Array(first.body)) == body, "the wrapped part's body must be the original body, byte for byte")
        #expect(Self.text(Array(first.header.first(named: "Content-Type")!.raw)) == "Content-Type: text/html;\r\n\tcharset=utf-8\r\n")
        #expect(first.transferEncoding == .quotedPrintable)
        let second = result.root.children[1]
        #expect(second.contentType.mimeType == "text/calendar" && second.contentType.parameters["method"] == "PUBLISH")
        #expect(Self.text(second.decodedBody(limits: .default).bytes) == Self.calendarText)
        #expect(result.findings.isEmpty, "\(result.findings)")
    }

    @Test("an 8bit label stays on the new multipart (it still says what is inside); an existing MIME-Version is not doubled")
    func keepsIdentityEncoding() {
        let original = MailMessage(bytes: Self.bytes(
            "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nGr\u{FC}\u{DF}e\r\n"))
        let (result, _) = Self.wrapped(original)
        #expect(result.header.fields(named: "MIME-Version").count == 1)
        #expect(result.header.first(named: "Content-Transfer-Encoding")?.value == "8bit")
        #expect(Self.text(Array(result.root.children[0].body)) == "Gr\u{FC}\u{DF}e\r\n")
    }

    @Test("a message without Content-Type gets one; part 1 keeps the RFC 2045 default by having none")
    func wrapsWithoutContentType() {
        let original = MailMessage(bytes: Self.bytes("From: a@b.example\nSubject: plain\n\nhello\n"))
        let (result, _) = Self.wrapped(original, lineEnding: [0x0A])
        #expect(result.root.contentType.mimeType == "multipart/mixed")
        #expect(result.root.children[0].header.fields.isEmpty)
        #expect(result.root.children[0].contentType.mimeType == "text/plain")
        #expect(Self.text(Array(result.root.children[0].body)) == "hello\n")
    }

    @Test("LF stays LF: no CR anywhere in a wrapped LF message")
    func keepsLineFeeds() {
        let original = MailMessage(bytes: Self.bytes("From: a@b.example\nContent-Type: text/html\n\n<p>x</p>\n"))
        let (result, _) = Self.wrapped(original, lineEnding: [0x0A])
        #expect(!result.bytes.contains(0x0D))
        #expect(result.root.children.count == 2)
    }

    @Test("multipart/mixed: the part goes before the closing delimiter; preamble, parts and epilogue keep every byte")
    func appendsToMixed() throws {
        let head = "From: a@b.example\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n"
        let before = "preamble\r\n--b1\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n--b1\r\nContent-Type: application/pdf\r\n"
            + "Content-Transfer-Encoding: base64\r\n\r\nJVBERi0=\r\n"
        let after = "--b1--\r\nepilogue\r\n"
        let original = MailMessage(bytes: Self.bytes(head + before + after))
        let edit = try #require(CalendarPartAttachment.appendingEdit(original, part: Self.part, lineEnding: [0x0D, 0x0A]))
        #expect(edit.headerChanges.isEmpty, "appending changes no header field")
        let output = edit.applied(to: original)
        #expect(output.starts(with: Self.bytes(head + before)))
        #expect(output.suffix(Self.bytes(after).count).elementsEqual(Self.bytes(after)))
        let result = MailMessage(bytes: output)
        #expect(result.root.children.map(\.contentType.mimeType) == ["text/html", "application/pdf", "text/calendar"])
        #expect(Self.text(Array(result.root.children[1].body)) == "JVBERi0=", "the last original part lost or gained bytes")
        #expect(result.findings.isEmpty, "\(result.findings)")
    }

    @Test("attack: a closing delimiter inside a nested part is not taken for the top-level one")
    func appendsAtTopLevelDelimiter() throws {
        let message = "Content-Type: multipart/mixed; boundary=\"top\"\n\n--top\nContent-Type: multipart/alternative; boundary=\"in\"\n\n"
            + "--in\nContent-Type: text/plain\n\nx\n--in--\n--top--\n"
        let original = MailMessage(bytes: Self.bytes(message))
        let closing = try #require(CalendarPartAttachment.closingDelimiter(of: original))
        #expect(Self.text(Array(original.bytes[closing...])) == "--top--\n")
        // "--top--x" is no delimiter line; a multipart/mixed without its closing line is wrapped instead.
        let unclosed = MailMessage(bytes: Self.bytes("Content-Type: multipart/mixed; boundary=\"top\"\n\n--top\n\nx\n--top--x\n"))
        #expect(CalendarPartAttachment.closingDelimiter(of: unclosed) == nil)
        #expect(CalendarPartAttachment.appendingEdit(unclosed, part: Self.part, lineEnding: [0x0A]) == nil)
    }

    @Test("attack: a body holding the first boundary candidate gets another; one holding every candidate gets none")
    func boundaryNeverInBody() {
        let first = MIMEBoundary.candidate(0, seed: Self.calendarText)
        let original = MailMessage(bytes: Self.bytes("Content-Type: text/plain\r\n\r\n--\(first)\r\nforged part\r\n--\(first)--\r\n"))
        let (result, boundary) = Self.wrapped(original)
        #expect(boundary != first)
        #expect(result.root.children.count == 2, "the sender's guessed boundary split the body")
        #expect(Self.text(Array(result.root.children[0].body)).contains("forged part"))
        // Not only at line starts: anywhere in the message.
        #expect(MIMEBoundary.choose(avoiding: Self.bytes("x\(first)y"), seed: Self.calendarText) != first)
        let all = (0..<MIMEBoundary.attempts).map { MIMEBoundary.candidate($0, seed: Self.calendarText) }.joined(separator: " ")
        #expect(MIMEBoundary.choose(avoiding: Self.bytes(all), seed: Self.calendarText) == nil)
    }

    @Test("base64 lines are at most 76 characters and decode to the calendar text (RFC 2045 §6.8)")
    func base64Lines() {
        let long = String(repeating: "DESCRIPTION:caf\u{E9} \u{1F37D} ", count: 40)
        let lines = Self.text(CalendarPart.base64Lines(Self.bytes(long), lineEnding: [0x0A])).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 76 })
        #expect(lines.dropLast().allSatisfy { $0.count == 76 })
        let decoded = Base64Check.decode(lines.joined())
        #expect(decoded == Self.bytes(long))
    }

    @Test("the milter's view of a wrap: Content-Type replaced, QP CTE removed, MIME-Version added, the same body")
    func milterChanges() {
        let original = MailMessage(bytes: Self.bytes(
            "From: a@b.example\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>x</p>\r\n"))
        let boundary = MIMEBoundary.choose(avoiding: original.bytes, seed: Self.calendarText)!
        let edit = CalendarPartAttachment.wrappingEdit(original, part: Self.part, boundary: boundary, lineEnding: [0x0D, 0x0A])
        #expect(edit.headerChanges == [
            .replace(name: "Content-Type", instance: 1, value: " multipart/mixed; boundary=\"\(boundary)\""),
            .remove(name: "Content-Transfer-Encoding", instance: 1),
            .add(name: "MIME-Version", value: " 1.0"),
        ])
        let applied = edit.applied(to: original)
        #expect(applied.suffix(edit.body.count).elementsEqual(edit.body))
    }

    @Test("the Content-ID's right side is the authserv-id only when that is a dot-atom")
    func contentID() {
        #expect(CalendarPart(calendarText: "x", authservID: "mx.example.org").contentID.hasSuffix("@mx.example.org"))
        #expect(CalendarPart(calendarText: "x", authservID: "bad id>\r\n").contentID.hasSuffix("@eventsuggest.invalid"))
    }
}

/// An independent base64 decoder for the test (RFC 4648 §4).
enum Base64Check {
    static func decode(_ text: String) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var values: [UInt8] = []
        var bits = 0, buffer = 0
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: byte) else { continue }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                values.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        return values
    }
}
