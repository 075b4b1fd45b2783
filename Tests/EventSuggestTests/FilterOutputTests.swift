import EventSuggest
import MailMessage
import Testing

/// The filter's edits of a message (FilterHeaderEdit) and the X-Event-Suggestion field
/// (SuggestionField): each rule beside the attack on it.
@Suite("filter output: where our fields go, what is removed, how a suggestion is written")
struct FilterOutputTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func edited(_ message: String, authservID: String = "eventsuggest", fields: String = "X-Ours: 1\n") -> String {
        let input = bytes(message)
        let edit = FilterHeaderEdit(scanning: input[...], authservID: authservID)
        return text(Array(edit.pieces(of: input[...], inserting: bytes(fields)).joined()))
    }

    // MARK: - The envelope line

    @Test("an mbox envelope line stays first; our fields go right after it")
    func envelopeLineStaysFirst() {
        let message = "From sender@example.org  Tue Dec  1 10:00:00 2026\nFrom: a@b.example\nSubject: x\n\nbody\n"
        #expect(Self.edited(message) == "From sender@example.org  Tue Dec  1 10:00:00 2026\nX-Ours: 1\nFrom: a@b.example\nSubject: x\n\nbody\n")
    }

    @Test("a message without an envelope line gets our fields at the very top; 'From:' and 'From :' are fields, not envelopes",
          arguments: ["From: a@b.example\n\nbody\n", "From : a@b.example\n\nbody\n"])
    func fromFieldIsNotAnEnvelope(_ message: String) {
        #expect(Self.edited(message) == "X-Ours: 1\n" + message)
    }

    @Test("the line ending is the message's, not the envelope line's (procmail writes LF above a CRLF message)")
    func lineEndingAfterEnvelope() {
        let input = Self.bytes("From s@x  Tue Dec  1 10:00:00 2026\nFrom: a@b.example\r\n\r\nbody\r\n")
        #expect(FilterHeaderEdit(scanning: input[...], authservID: "eventsuggest").lineEnding == [0x0D, 0x0A])
        let lf = Self.bytes("From: a@b.example\n\nbody\n")
        #expect(FilterHeaderEdit(scanning: lf[...], authservID: "eventsuggest").lineEnding == [0x0A])
    }

    // MARK: - Forged fields

    @Test("attack: every earlier X-Event-Suggestion is removed, folded, in any letter case, anywhere in the header")
    func forgedSuggestionsRemoved() {
        let message = "X-Event-Suggestion: created \"Free money\"; id=1\nFrom: a@b.example\n"
            + "x-event-suggestion: updated\n  folded on\nSubject: s\nX-EVENT-SUGGESTION:created\n\nbody\n"
        #expect(Self.edited(message) == "X-Ours: 1\nFrom: a@b.example\nSubject: s\n\nbody\n")
    }

    @Test("attack: a forged field after a line that is not a field (where the parser ends the header) is still removed")
    func forgedAfterNonFieldLine() {
        // procmail and maildrop read the header up to the empty line; so do we here.
        let message = "From: a@b.example\nthis is not a field\nX-Event-Suggestion: created forged\n\nbody\n"
        #expect(Self.edited(message) == "X-Ours: 1\nFrom: a@b.example\nthis is not a field\n\nbody\n")
    }

    @Test("honest neighbours are kept: other authserv-ids, other names, the same words in the body")
    func honestFieldsKept() {
        let message = "Authentication-Results: mx.example.org; dkim=pass\nX-Event-Suggestions: mine\n"
            + "X-Event-Suggestion-Note: mine\nFrom: a@b.example\n\nX-Event-Suggestion: created in the body\n"
            + "Authentication-Results: eventsuggest; dkim=pass\n"
        #expect(Self.edited(message) == "X-Ours: 1\n" + message)
    }

    @Test("attack: Authentication-Results claiming our authserv-id (bare, quoted, after a comment, other case) are removed",
          arguments: ["eventsuggest; dkim=pass", "\"eventsuggest\"; dkim=pass", "(trust me) eventsuggest; dkim=pass",
                      "EventSuggest; dkim=pass", "eventsuggest;\n\tdkim=pass header.d=b.example"])
    func forgedVerdictRemoved(_ value: String) {
        let message = "Authentication-Results: \(value)\nFrom: a@b.example\n\nbody\n"
        #expect(Self.edited(message) == "X-Ours: 1\nFrom: a@b.example\n\nbody\n")
    }

    @Test("with --authserv-id mx.local, fields of 'eventsuggest' are someone else's and stay")
    func otherAuthservID() {
        let message = "Authentication-Results: eventsuggest; dkim=pass\nAuthentication-Results: mx.local; dkim=pass\nFrom: a@b.example\n\nb\n"
        #expect(Self.edited(message, authservID: "mx.local")
                == "X-Ours: 1\nAuthentication-Results: eventsuggest; dkim=pass\nFrom: a@b.example\n\nb\n")
    }

    @Test("a signed header is recognized (the setup-failure verdict depends on it)")
    func signedHeader() {
        let signed = Self.bytes("DKIM-Signature: v=1; d=b.example\nFrom: a@b.example\n\nbody\n")
        let unsigned = Self.bytes("From: a@b.example\n\nDKIM-Signature: in the body\n")
        #expect(FilterHeaderEdit(scanning: signed[...], authservID: "eventsuggest").isSigned)
        #expect(!FilterHeaderEdit(scanning: unsigned[...], authservID: "eventsuggest").isSigned)
    }

    // MARK: - X-Event-Suggestion

    /// The field as a reader decodes it: parsed back by our MIME layer, RFC 2047 words decoded.
    static func decoded(_ field: [UInt8]) -> String? {
        MailMessage(bytes: field + [0x0A] + Self.bytes("body\n")).header.first(named: "X-Event-Suggestion")?.decodedValue
    }

    static func physicalLines(_ field: [UInt8]) -> [String] {
        text(field).replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n").filter { !$0.isEmpty }
    }

    static func created(_ summary: String, id: String = "IWDSCA") -> SuggestionField {
        SuggestionField([.plain("created \""), .text(summary), .plain("\" 2020-06-26T19:30:00-07:00; id=\(id)")])
    }

    @Test("a non-ASCII summary: the verb, date and id= stay plain ASCII, a rule on the first line matches; it decodes back",
          arguments: ["EPIC Steak — table for 2", "Hôtel du Lac, 2 nights", "UA 123 SFO → ORD", "Zürich", "Café Müller Köln",
                      "東京 → 大阪 新幹線のぞみ 123号", "a — b — c — d — e — f — g — h — i — j — k — l — m — n — o — p"])
    func nonASCIISummary(_ summary: String) throws {
        let field = Self.created(summary).fieldBytes(lineEnding: [0x0D, 0x0A])
        let lines = Self.physicalLines(field)
        // The rule `^X-Event-Suggestion: (created|updated)` sees the verb on the first line.
        #expect(lines.first == "X-Event-Suggestion: created" || lines.first?.hasPrefix("X-Event-Suggestion: created ") == true,
                "\(lines)")
        #expect(field.allSatisfy { $0 < 0x80 }, "the field is not ASCII")
        #expect(Self.text(field).contains("id=IWDSCA"))
        #expect(Self.text(field).contains("2020-06-26T19:30:00-07:00"))
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "\(lines.map(\.utf8.count))")
        #expect(Self.decoded(field) == "created \"\(summary)\" 2020-06-26T19:30:00-07:00; id=IWDSCA")
    }

    @Test("an ASCII summary is written as it is, unencoded")
    func asciiSummary() {
        let field = Self.created("Symphony Night").fieldBytes(lineEnding: [0x0A])
        // 82 octets on one line: folded at the last space that keeps the first line under 78.
        #expect(Self.text(field) == "X-Event-Suggestion: created \"Symphony Night\" 2020-06-26T19:30:00-07:00;\n id=IWDSCA\n")
    }

    @Test("attack: a summary of 66,000 characters (one word, or many) is folded; no line over 78, it decodes back whole",
          arguments: [String(repeating: "A", count: 66_000), String(repeating: "é ", count: 33_000) + "x",
                      String(repeating: "Table ", count: 11_000)])
    func hugeSummary(_ summary: String) {
        let field = Self.created(summary).fieldBytes(lineEnding: [0x0D, 0x0A])
        let lines = Self.physicalLines(field)
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "longest line \(lines.map(\.utf8.count).max() ?? 0)")
        #expect(Self.decoded(field) == "created \"\(summary)\" 2020-06-26T19:30:00-07:00; id=IWDSCA")
    }

    @Test("attack: CR, LF and text that looks like an encoded word in a summary add no field and decode to what was written",
          arguments: [("Dinner\r\nX-Event-Suggestion: created fake", "Dinner X-Event-Suggestion: created fake"),
                      ("=?UTF-8?Q?created?=", "=?UTF-8?Q?created?="), ("Tea\u{2028}time", "Tea time")])
    func hostileSummary(_ summary: String, _ expected: String) throws {
        let field = Self.created(summary).fieldBytes(lineEnding: [0x0A])
        let message = MailMessage(bytes: field + Self.bytes("From: a@b.example\n\nbody\n"))
        #expect(message.header.fields(named: "X-Event-Suggestion").count == 1)
        let value = try #require(message.header.first(named: "X-Event-Suggestion")?.decodedValue)
        #expect(value.hasPrefix("created \""))
        #expect(!value.contains("\n") && !value.contains("\r"))
        // Runs of white space become one space (as unfolding does anyway).
        #expect(value == "created \"\(expected)\" 2020-06-26T19:30:00-07:00; id=IWDSCA", "\(value)")
    }

    @Test("attack: an id from markup that is not ASCII or is huge stays ASCII and bounded; the field stays one field")
    func hostileID() {
        let field = Self.created("Dinner", id: "Ä1\nX: y").fieldBytes(lineEnding: [0x0A])
        #expect(field.allSatisfy { $0 < 0x80 })
        #expect(Self.decoded(field)?.hasSuffix("id=%C3%841 X: y") == true, "\(Self.decoded(field) ?? "")")
        let huge = Self.created("Dinner", id: String(repeating: "9", count: 5000)).fieldBytes(lineEnding: [0x0A])
        #expect(Self.physicalLines(huge).allSatisfy { $0.utf8.count <= 998 })
    }
}
