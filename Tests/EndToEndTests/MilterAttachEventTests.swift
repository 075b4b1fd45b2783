import Foundation
import Testing
import TestSupport

/// `milter --attach-event` (issue 22) behind a real Postfix (a private instance, as in
/// MilterPostfixTests): the calendar part travels in the delivered message exactly as
/// `filter --attach-event` writes it, through libmilter's header changes and body
/// replacement. Python's `email`, icalendar and libical read the delivered copy
/// (AttachEventMail's checker).
@Suite("EndToEndTests.Milter --attach-event through Postfix", .serialized)
struct MilterAttachEventTests {
    static let recipients = MilterSamples.recipients

    /// A message as Postfix stores it: LF line endings.
    static func lineFeeds(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
            output.append(byte)
        }
        return output
    }

    /// The Message-ID field's value of a message, to pair deliveries with what was sent.
    static func messageID(_ bytes: [UInt8]) -> String? {
        let name = Array("message-id:".utf8)
        for line in bytes.prefix(64 << 10).split(separator: 0x0A) {
            if line.isEmpty || line == [0x0D] { return nil }
            guard line.count > name.count, line.prefix(name.count).map({ $0 | 0x20 }) == name.map({ $0 | 0x20 }) else { continue }
            return ReservationMail.text(Array(line.dropFirst(name.count))).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }

    /// A message as an SMTP client sends it: its last line ended (smtplib adds the CRLF
    /// before the final dot; DKIM's canonical body is the same either way, RFC 6376 §3.4.3).
    static func sendable(_ message: [UInt8]) -> [UInt8] {
        message.suffix(2).elementsEqual([0x0D, 0x0A]) ? message : message + [0x0D, 0x0A]
    }

    /// Each delivery equals the oracle's message of the same Message-ID; a readable difference if not.
    static func expectSame(_ delivered: [[UInt8]], _ expected: [[UInt8]], _ label: String) {
        #expect(delivered.count == expected.count, "\(label): \(delivered.count) deliveries for \(expected.count) messages")
        for oracle in expected {
            let id = messageID(oracle)
            guard let message = delivered.first(where: { messageID($0) == id }) else {
                Issue.record("\(label): \(id ?? "?") not delivered")
                continue
            }
            #expect(ReservationMail.difference(message, oracle) == nil,
                    "\(label) \(id ?? "?"): \(ReservationMail.difference(message, oracle) ?? "")")
        }
    }

    /// Writes `messages` into `work` and sends them one after another over SMTP through
    /// Postfix and a milter started with `milterArguments`: the deliveries, each without
    /// Postfix's own fields, by recipient; and the milter's log.
    static func deliver(_ messages: [[UInt8]], milterArguments: [String], in work: URL,
                        seconds: Double = 60) throws -> (delivered: [String: [[UInt8]]], log: String) {
        var paths: [String] = []
        for (index, message) in messages.enumerated() {
            let path = work.appendingPathComponent("sent-\(index).eml").path
            try Data(message).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let milter = try MilterUnderTest(arguments: milterArguments)
        let delivered = try withPostfix(milterPort: milter.port, recipients: recipients) { postfix in
            let sent = try MilterSamples.send(paths, to: postfix)
            try #require(!sent.contains("error "), "\(sent)")
            return try postfix.waitForDeliveries(messages.count, seconds: seconds)
        }
        return (delivered.mapValues { $0.map { Array(PostfixInstance.withoutDeliveryFields($0)) } }, milter.output)
    }

    /// What `filter` (with `extra`) writes for each message in turn into its own calendar,
    /// in LF: the oracle the deliveries must equal.
    static func filtered(_ messages: [[UInt8]], setup: AttachEventMail.Setup, calendar: String,
                         _ extra: [String] = ["--attach-event"]) throws -> [[UInt8]] {
        try messages.map { message in
            let result = try TestBinary.run(["filter", "--calendar", calendar, "--keys", setup.keys, "--registered", setup.registered,
                                             "--now", ReservationMail.now] + extra, input: Data(message))
            try #require(result.status == 0, "filter: \(result.stderrText)")
            return lineFeeds(Array(result.stdout))
        }
    }

    static func milterArguments(_ setup: AttachEventMail.Setup, calendar: String, _ extra: [String] = ["--attach-event"]) -> [String] {
        ["--calendar", calendar, "--keys", setup.keys, "--registered", setup.registered, "--now", ReservationMail.now] + extra
    }

    /// The honest case: a restaurant, a two-leg flight and (after the booking) a cancellation,
    /// each as single-part HTML in 8bit, quoted-printable and base64, multipart/alternative,
    /// and multipart/mixed with a PDF: every delivery equals filter's output byte for byte,
    /// Python's email reads it without defects, every original part is kept, the part parses
    /// with icalendar and libical and names what the calendar holds.
    @Test func deliversThePartAsFilterWritesIt() throws {
        let setup = try AttachEventMail.Setup("milter-attach")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        var cases: [(AttachEventMail.Booking, AttachEventMail.Shape)] = []
        for booking in [AttachEventMail.Booking.restaurant, .flight] { for shape in AttachEventMail.Shape.allCases { cases.append((booking, shape)) } }
        for shape in AttachEventMail.Shape.allCases { cases.append((.cancellation, shape)) }
        let messages = try cases.map { Self.sendable(try AttachEventMail.signed($0.1, $0.0)) }
        let milterCalendar = setup.folder.appendingPathComponent("milter-calendar").path
        let (delivered, log) = try Self.deliver(messages, milterArguments: Self.milterArguments(setup, calendar: milterCalendar),
                                                in: setup.folder)
        let expected = try Self.filtered(messages, setup: setup, calendar: setup.folder.appendingPathComponent("filter-calendar").path)
        for recipient in Self.recipients { Self.expectSame(delivered[recipient] ?? [], expected, recipient) }
        // The milter's calendar is the one filter wrote over the same mails.
        #expect(ReservationMail.calendar(milterCalendar).count == 3)
        #expect(AttachEventMail.stored(milterCalendar) == AttachEventMail.stored(setup.folder.appendingPathComponent("filter-calendar").path))

        let byID = Dictionary((delivered[Self.recipients[0]] ?? []).map { (Self.messageID($0) ?? "?", $0) }, uniquingKeysWith: { a, _ in a })
        let stored = AttachEventMail.stored(milterCalendar)
        for ((booking, shape), original) in zip(cases, messages) {
            let label = "\(booking.rawValue)/\(shape.rawValue)"
            let message = try #require(byID[Self.messageID(original) ?? ""], "\(label) not delivered")
            let view = try AttachEventMail.check(original: Self.lineFeeds(original), delivered: message, in: setup.folder)
            #expect((view["defects"] as? [String]) == [], "\(label): Python's email found defects: \(view["defects"] ?? "")")
            #expect(view["calendarParts"] as? Int == 1, "\(label)")
            #expect(view["headerKept"] as? Bool == true, "\(label): a field other than Content-Type/CTE/MIME-Version changed")
            let kept = try #require(view["originalLeavesKept"] as? [Bool])
            let counts = try #require(view["leafCount"] as? [Int])
            #expect(counts[1] == counts[0] + 1 && kept.allSatisfy { $0 }, "\(label): original parts changed: \(kept) \(counts)")
            #expect(view["topType"] as? String == "multipart/mixed" && view["mimeVersion"] as? String == "1.0", "\(label)")
            #expect(view["icalMethod"] as? String == "PUBLISH" && view["libicalMethod"] as? String == "PUBLISH", "\(label)")
            let events = try #require(view["icalendar"] as? [[String: Any]])
            let libical = try #require(view["libical"] as? [[String: Any]])
            #expect(events.count == (booking == .flight ? 2 : 1) && libical.count == events.count, "\(label)")
            for event in events {
                let uid = try #require(event["uid"] as? String)
                #expect(stored[uid] != nil, "\(label): UID \(uid) is not in the calendar")
                #expect((event["errors"] as? [String]) == [], "\(label)")
                #expect(event["status"] as? String == (booking == .cancellation ? "CANCELLED" : "CONFIRMED"), "\(label)")
            }
            if booking == .cancellation { #expect(events.first?["sequence"] as? Int == 1, "\(label)") }
            let contentID = ((view["contentID"] as? String) ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
            let suggestions = ReservationMail.suggestions(message)
            #expect(suggestions.count == events.count && suggestions.allSatisfy { $0.contains("; part=cid:\(contentID)") },
                    "\(label): \(suggestions)")
        }
        #expect(log.components(separatedBy: "\n").filter { $0.contains(" bytes dkim=pass trusted") }.count == messages.count)
    }

    /// The attack beside it: the same markup unsigned (anyone can write it) under
    /// --attach-event gets no part; the body arrives untouched, only our fields are added
    /// and the forged suggestion is gone — as filter writes it.
    @Test func untrustedMessageIsDeliveredUnchangedApartFromOurFields() throws {
        let setup = try AttachEventMail.Setup("milter-attach-untrusted")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let messages = [AttachEventMail.Shape.htmlBase64, .mixedWithPDF].map { shape in
            Self.sendable(Array("X-Event-Suggestion: created \"Forged\"; part=cid:forged@eventsuggest\r\n".utf8)
                + AttachEventMail.message(shape, html: AttachEventMail.html(for: .restaurant), id: "unsigned-\(shape.rawValue)"))
        }
        let calendar = setup.folder.appendingPathComponent("milter-calendar").path
        let (delivered, log) = try Self.deliver(messages, milterArguments: Self.milterArguments(setup, calendar: calendar),
                                                in: setup.folder)
        let expected = try Self.filtered(messages, setup: setup, calendar: setup.folder.appendingPathComponent("filter-calendar").path)
        for recipient in Self.recipients {
            let received = delivered[recipient] ?? []
            Self.expectSame(received, expected, recipient)
            for message in received {
                let (fields, rest) = ReservationMail.splitOurFields(message)
                #expect(fields.count == 2 && fields[1].value.hasPrefix("ignored"), "\(fields)")
                let original = try #require(messages.first { Self.messageID($0) == Self.messageID(message) })
                // Everything after our fields is the message as sent, without the forged field.
                let sent = Self.lineFeeds(Array(original.dropFirst("X-Event-Suggestion: created \"Forged\"; part=cid:forged@eventsuggest\r\n".utf8.count)))
                #expect(ReservationMail.difference(rest, sent) == nil, "\(ReservationMail.difference(rest, sent) ?? ""); log: \(log)")
                #expect(!ReservationMail.text(message).contains("text/calendar"))
            }
        }
        #expect(ReservationMail.calendar(calendar).isEmpty)
    }

    /// A message the part would take past `message-bytes` gets no part and passes: the body
    /// as sent, the event still written, the suggestion says why; the same message with room
    /// for the part gets it (the limit, not something else, decided).
    @Test func messageNearTheLimitGetsNoPartAndPasses() throws {
        let setup = try AttachEventMail.Setup("milter-attach-limit")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = Self.sendable(try AttachEventMail.signed(.alternative, .restaurant))
        // Room for Postfix's Received field (the milter counts it), none for the part.
        let limit = signed.count + 400
        let plain = try Self.filtered([signed], setup: setup, calendar: setup.folder.appendingPathComponent("c1").path, [])[0]
        let roomy = try Self.filtered([signed], setup: setup, calendar: setup.folder.appendingPathComponent("c2").path)[0]
        try #require(roomy.count - plain.count > 1000, "the part must not fit into the 400 bytes of room")
        let calendar = setup.folder.appendingPathComponent("milter-calendar").path
        let (delivered, log) = try Self.deliver(
            [signed], milterArguments: Self.milterArguments(setup, calendar: calendar, ["--attach-event", "--limit", "message-bytes=\(limit)"]),
            in: setup.folder)
        for recipient in Self.recipients {
            let message = try #require(delivered[recipient]?.first)
            let (fields, rest) = ReservationMail.splitOurFields(message)
            #expect(ReservationMail.difference(rest, Self.lineFeeds(signed)) == nil,
                    "the body or header changed: \(ReservationMail.difference(rest, Self.lineFeeds(signed)) ?? ""); log: \(log)")
            #expect(fields.first?.value.contains("dkim=pass") == true)
            let suggestion = ReservationMail.suggestions(message).first ?? ""
            #expect(suggestion.hasPrefix("created ") && suggestion.contains("not attached: with the calendar part the message would be"),
                    "\(suggestion)")
        }
        #expect(AttachEventMail.stored(calendar).count == 1)
    }

    /// A 20 MB message gets its part: the new body goes to Postfix in many pieces of one
    /// protocol packet each, and arrives whole, as filter writes it.
    @Test func twentyMegabyteMessageGetsItsPart() throws {
        let setup = try AttachEventMail.Setup("milter-attach-large")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let small = AttachEventMail.message(.mixedWithPDF, html: AttachEventMail.html(for: .restaurant), id: "large-mixed")
        // Numbered base64 lines, so a piece lost, doubled or moved shows.
        var big: [UInt8] = []
        big.reserveCapacity(21 << 20)
        var number = 0
        let filler = Array(String(repeating: "QUJD", count: 17).utf8)
        while big.count < 20 << 20 {
            let digits = String(number)
            big += Array((String(repeating: "0", count: 8 - digits.count) + digits).utf8) + filler + [0x0D, 0x0A]
            number += 1
        }
        let closing = Array("--outer-1--".utf8)
        let at = try #require((0...(small.count - closing.count)).first { small[$0..<($0 + closing.count)].elementsEqual(closing) })
        let unsigned = Array(small[..<at]) + Array("--outer-1\r\nContent-Type: application/pdf; name=\"big.pdf\"\r\nContent-Transfer-Encoding: base64\r\n\r\n".utf8)
            + big + Array(small[at...])
        let signed = Self.sendable(try ReservationMail.sign(unsigned, domain: AttachEventMail.domain))
        let limits = ["--attach-event", "--limit", "message-bytes=\(64 << 20)"]
        let calendar = setup.folder.appendingPathComponent("milter-calendar").path
        let (delivered, log) = try Self.deliver([signed], milterArguments: Self.milterArguments(setup, calendar: calendar, limits),
                                                in: setup.folder, seconds: 180)
        let expected = try Self.filtered([signed], setup: setup, calendar: setup.folder.appendingPathComponent("filter-calendar").path,
                                         limits)[0]
        try #require(ReservationMail.text(Array(expected.prefix(4096))).contains("part=cid:"), "filter attached no part")
        for recipient in Self.recipients {
            let message = try #require(delivered[recipient]?.first)
            #expect(ReservationMail.difference(message, expected) == nil, "\(recipient): \(ReservationMail.difference(message, expected) ?? "") \(log.suffix(2000))")
        }
        let view = try AttachEventMail.check(original: Self.lineFeeds(signed), delivered: delivered[Self.recipients[0]]?.first ?? [],
                                             in: setup.folder)
        #expect((view["defects"] as? [String]) == [])
        #expect((view["originalLeavesKept"] as? [Bool])?.allSatisfy { $0 } == true && view["calendarParts"] as? Int == 1)
    }
}
