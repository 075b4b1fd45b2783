@testable import EventSuggest
import MailMessage
import Milter
import SenderPolicy
import DKIM
import ICalendar
import Foundation
@testable import MilterService
import Testing

/// `--attach-event` in the milter's terms: filter's ``MessageEdit`` turned into header edits
/// and a body. An MTA is modelled here as Postfix's cleanup carries the edits out (deletions
/// and changes by name and occurrence, additions after the last field, insertions at the
/// top), and what it delivers must be, byte for byte, what `filter --attach-event` writes.
/// The end-to-end suite (MilterAttachEventTests) does the same through a real Postfix.
@Suite("MilterService.MilterAttachmentEdits")
struct MilterAttachmentEditsTests {
    static let calendarText = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n"
    static let crlf: [UInt8] = [0x0D, 0x0A]

    /// A header as an MTA holds it: the fields (name, value after the colon) and the body.
    struct ModelMTA {
        var fields: [(name: String, value: [UInt8])]
        var body: [UInt8]

        /// Splits a CRLF message the way libmilter hands it over (continuation lines kept in the value).
        init(_ bytes: [UInt8]) {
            let message = MailMessage(bytes: bytes)
            fields = message.header.fields.map { field in
                let raw = Array(field.raw)
                let colon = raw.firstIndex(of: UInt8(ascii: ":"))!
                var value = Array(raw[(colon + 1)...])
                if value.suffix(2) == [0x0D, 0x0A] { value.removeLast(2) }
                return (String(decoding: raw[..<colon], as: UTF8.self), value)
            }
            body = Array(bytes[message.bodyStart...])
        }

        func position(_ reference: HeaderFieldReference) -> Int? {
            fields.indices.filter { fields[$0].name.lowercased() == reference.name.lowercased() }
                .dropFirst(reference.index - 1).first
        }

        /// In the order MilterCallbacks.apply sends them.
        mutating func carryOut(_ edits: MilterHeaderEdits, body newBody: [UInt8]?) throws {
            for deletion in edits.deletions.sorted(by: { $0.index > $1.index }) {
                fields.remove(at: try #require(position(deletion), "no field \(deletion)"))
            }
            for change in edits.changes { fields[try #require(position(change.field), "no field \(change.field)")].value = change.value }
            for addition in edits.additions { fields.append((addition.name, addition.value)) }
            for insertion in edits.insertions.reversed() { fields.insert((insertion.name, insertion.value), at: 0) }
            if let newBody { body = newBody }
        }

        /// Written out with CRLF, an LF inside a value (the MTA's folding) as CRLF.
        var bytes: [UInt8] {
            var output: [UInt8] = []
            for field in fields {
                output += Array(field.name.utf8) + [UInt8(ascii: ":")]
                MilterSession.appendWithCRLF(field.value, to: &output)
                output += crlf
            }
            return output + crlf + body
        }
    }

    static func wrapped(_ text: String) -> (MailMessage, MessageEdit) {
        let message = MailMessage(bytes: Array(text.utf8))
        let part = CalendarPart(calendarText: calendarText, authservID: "eventsuggest")
        let boundary = MIMEBoundary.choose(avoiding: message.bytes, seed: calendarText)!
        return (message, CalendarPartAttachment.wrappingEdit(message, part: part, boundary: boundary, lineEnding: crlf))
    }

    static func delivered(_ message: MailMessage, _ edit: MessageEdit) throws -> [UInt8] {
        var header = MilterHeaderEdits(deletions: [], insertions: [])
        MilterAttachmentEdits.add(edit.headerChanges, to: &header)
        var mta = ModelMTA(message.bytes)
        try mta.carryOut(header, body: edit.body)
        return mta.bytes
    }

    @Test("a quoted-printable single part without MIME-Version: Content-Type changed in place, CTE removed, MIME-Version added last")
    func wrapsSinglePart() throws {
        let (message, edit) = Self.wrapped("From: a@b.example\r\nContent-Type: text/html;\r\n\tcharset=utf-8\r\n"
            + "Content-Transfer-Encoding: quoted-printable\r\nSubject: x\r\n\r\n<p>caf=C3=A9</p>\r\n")
        var header = MilterHeaderEdits(deletions: [], insertions: [])
        MilterAttachmentEdits.add(edit.headerChanges, to: &header)
        #expect(header.changes.map(\.field) == [HeaderFieldReference(name: "Content-Type", index: 1)])
        #expect(String(decoding: header.changes[0].value, as: UTF8.self).hasPrefix(" multipart/mixed; boundary=\"=_eventsuggest_"))
        #expect(header.deletions == [HeaderFieldReference(name: "Content-Transfer-Encoding", index: 1)])
        #expect(header.additions == [HeaderFieldText(name: "MIME-Version", value: Array(" 1.0".utf8))])
        #expect(header.insertions.isEmpty)
        #expect(try Self.delivered(message, edit) == edit.applied(to: message))
    }

    @Test("no Content-Type at all: one is added after the last field, MIME-Version after it, as filter writes them")
    func wrapsWithoutContentType() throws {
        let (message, edit) = Self.wrapped("From: a@b.example\r\nSubject: plain\r\n\r\nhello\r\n")
        let delivered = try Self.delivered(message, edit)
        #expect(delivered == edit.applied(to: message))
        #expect(String(decoding: delivered, as: UTF8.self).hasPrefix(
            "From: a@b.example\r\nSubject: plain\r\nContent-Type: multipart/mixed; boundary=\"=_eventsuggest_"))
    }

    @Test("the attack: two Content-Type and two CTE fields (a parser that reads the first sees another type): the last ones, the ones MIME reads, are the ones changed")
    func changesTheDecisiveInstance() throws {
        let (message, edit) = Self.wrapped("From: a@b.example\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: 7bit\r\n"
            + "MIME-Version: 1.0\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPHA+eDwvcD4=\r\n")
        var header = MilterHeaderEdits(deletions: [], insertions: [])
        MilterAttachmentEdits.add(edit.headerChanges, to: &header)
        #expect(header.changes.map(\.field) == [HeaderFieldReference(name: "Content-Type", index: 2)])
        #expect(header.deletions == [HeaderFieldReference(name: "Content-Transfer-Encoding", index: 2)])
        #expect(header.additions.isEmpty, "MIME-Version is there: not doubled")
        let delivered = try Self.delivered(message, edit)
        #expect(delivered == edit.applied(to: message))
        // The first Content-Type is still text/plain; MIME reads the last one, now multipart.
        #expect(MailMessage(bytes: delivered).root.contentType.mimeType == "multipart/mixed")
    }

    @Test("multipart/mixed with MIME-Version: no header change, only the body (the part before the closing delimiter)")
    func appendsToMixed() throws {
        let message = MailMessage(bytes: Array(("From: a@b.example\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n"
            + "--b1\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n--b1--\r\n").utf8))
        let part = CalendarPart(calendarText: Self.calendarText, authservID: "eventsuggest")
        let edit = try #require(CalendarPartAttachment.appendingEdit(message, part: part, lineEnding: Self.crlf))
        var header = MilterHeaderEdits(deletions: [], insertions: [])
        MilterAttachmentEdits.add(edit.headerChanges, to: &header)
        #expect(header == MilterHeaderEdits(deletions: [], insertions: []))
        #expect(try Self.delivered(message, edit) == edit.applied(to: message))
    }

    /// The message a sender writes with markup, unsigned: never trusted.
    static let untrusted: [(String, String)] = [
        ("From", " Shop <news@shop.example>"), ("Subject", " Your table"), ("MIME-Version", " 1.0"),
        ("Content-Type", " text/html; charset=utf-8"), ("X-Event-Suggestion", " created \"Forged\"; id=FAKE"),
    ]
    static let markupBody = "<script type=\"application/ld+json\">{\"@context\":\"http://schema.org\",\"@type\":\"FoodEstablishmentReservation\","
        + "\"reservationNumber\":\"T1\",\"reservationStatus\":\"http://schema.org/ReservationConfirmed\","
        + "\"reservationFor\":{\"@type\":\"FoodEstablishment\",\"name\":\"Chez\"},\"startTime\":\"2027-03-01T19:00:00+01:00\"}</script>\r\n"

    @Test("an untrusted message with markup under --attach-event: header edits only, the same as without the switch")
    func untrustedGetsNoBody() {
        let with = MilterSessionTests.run(MilterSession(settings: MilterSessionTests.settings(), attachesEvents: true),
                                          fields: Self.untrusted, body: Self.markupBody)
        let without = MilterSessionTests.run(MilterSession(settings: MilterSessionTests.settings()),
                                             fields: Self.untrusted, body: Self.markupBody)
        guard case .edit(let edits) = with else { Issue.record("the body would change: \(with)"); return }
        #expect(with == without)
        #expect(edits.deletions == [HeaderFieldReference(name: "X-Event-Suggestion", index: 1)])
        #expect(edits.changes.isEmpty && edits.additions.isEmpty)
    }

    @Test("over message-bytes under --attach-event: header edits only, our fields say it was not examined")
    func overTheLimitGetsNoBody() {
        let decision = MilterSessionTests.run(MilterSession(settings: MilterSessionTests.settings(maxMessageBytes: 300),
                                                            attachesEvents: true),
                                              fields: Self.untrusted, body: Self.markupBody + Self.markupBody, chunk: 64)
        guard case .edit(let edits) = decision else { Issue.record("the body would change: \(decision)"); return }
        #expect(String(decoding: edits.insertions[1].value, as: UTF8.self).contains("not examined"))
    }

    @Test("a trusted message with an event: the body edit, and for an MTA that refuses body changes edits that stand alone")
    func trustedMessageCarriesHeaderEditsWithoutTheBody() throws {
        let calendar = FileManager.default.temporaryDirectory.appendingPathComponent("es-attach-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: calendar) }
        let pipeline = Pipeline(
            verifier: DKIMVerifier(resolver: StaticKeyResolver(records: [:]), now: 1_800_000_000),
            policy: SenderPolicy(publicSuffixes: PublicSuffixList(text: "example\n"), registered: nil,
                                 allowAnyDomain: true, allowUnverified: true),
            store: CalendarStore(directory: calendar, now: 1_800_000_000))
        let text = Self.untrusted.map { "\($0.0):\($0.1)\r\n" }.joined() + "\r\n" + Self.markupBody
        let verdict = pipeline.filter(Array(text.utf8), limits: .default, authservID: "eventsuggest")
        try #require(verdict.report.decision.trusted, "the development switches trust the sender")
        let decision = MilterAttachmentEdits.decision(for: verdict, authservID: "eventsuggest", maximumMessageBytes: 1 << 20)
        guard case .editWithBody(let edits, let body, let withoutBody) = decision else {
            Issue.record("no body edit: \(decision)"); return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("Content-Type: text/calendar; charset=UTF-8; method=PUBLISH"))
        #expect(edits.changes.map(\.field.name) == ["Content-Type"])
        // Without the body: no Content-Type change that would name a part the body lacks, the
        // forged field still removed, and our field saying why nothing was attached.
        #expect(withoutBody.changes.isEmpty && withoutBody.additions.isEmpty)
        #expect(withoutBody.deletions == [HeaderFieldReference(name: "X-Event-Suggestion", index: 1)])
        let suggestion = try #require(withoutBody.insertions.first { $0.name == "X-Event-Suggestion" })
        let value = String(decoding: suggestion.value, as: UTF8.self)
        #expect(value.contains("not attached") && value.contains(MilterAttachmentEdits.bodyActionNotGranted))
        #expect(!value.contains("cid:"))
    }
}
