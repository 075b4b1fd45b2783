import DKIM
import EventSuggest
import Foundation
import ICalendar
import Milter
import MilterService
import SenderPolicy
import Synchronization
import Testing

/// The milter's per-recipient calendars without an MTA: one analysis, recorded into each
/// envelope recipient's calendar folder, and the fields every recipient's copy carries.
@Suite("MilterService.RecipientCalendars")
struct RecipientCalendarTests {
    static let now: Int64 = 1_800_000_000 // 2027-01-15
    /// A restaurant table from a sender trusted without DKIM (`--allow-unverified --allow-any-domain`).
    static let fields = [("From", " EPIC Steak <reservations@epicsteak.example>"), ("Subject", " Your table"),
                         ("Message-ID", " <r1@epicsteak.example>"), ("MIME-Version", " 1.0"),
                         ("Content-Type", " text/html; charset=utf-8")]
    static let body = """
        <html><body><script type="application/ld+json">
        {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "IWDSCA",
         "reservationStatus": "http://schema.org/Confirmed", "underName": {"@type": "Person", "name": "John Smith"},
         "reservationFor": {"@type": "FoodEstablishment", "name": "EPIC Steak",
           "address": {"@type": "PostalAddress", "streetAddress": "1 Pier", "addressLocality": "San Francisco",
                       "addressRegion": "CA", "postalCode": "94105", "addressCountry": "US"}},
         "startTime": "2027-06-01T19:30:00-07:00", "partySize": "2"}
        </script></body></html>\r\n
        """.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n")

    static func pipeline(store: CalendarStore?) -> Pipeline {
        Pipeline(verifier: DKIMVerifier(resolver: StaticKeyResolver(records: [:]), now: now),
                 policy: SenderPolicy(publicSuffixes: PublicSuffixList(text: "example\n"), registered: nil,
                                      allowAnyDomain: true, allowUnverified: true),
                 store: store)
    }

    /// The pipeline's own store: the clock and options every recipient's store is made with.
    static let prototype = CalendarStore(collection: UnusableCollection(location: "{user}", reason: "no recipient"), now: now)

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("es-recipients-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `{user}` as the template fills it, in a folder; a recipient starting "broken" gets an
    /// unusable calendar whose error names a secret location.
    static func calendars(in folder: String) -> RecipientCalendars {
        RecipientCalendars { recipient in
            if recipient.hasPrefix("broken") { return UnusableCollection(location: "/secret/broken-calendar", reason: "disk full") }
            let user = recipient.split(separator: "@")[0].split(separator: "+")[0].lowercased()
            return VdirCollection(directory: folder + "/" + user)
        }
    }

    struct Run {
        var edits: MilterHeaderEdits
        var log: String
        var suggestions: [String] {
            edits.insertions.filter { $0.name == "X-Event-Suggestion" }.map { String(decoding: $0.value, as: UTF8.self) }
        }
    }

    static func run(recipients: [String], calendars: RecipientCalendars?, store: CalendarStore? = prototype) throws -> Run {
        let (decision, log) = decide(recipients: recipients, calendars: calendars, store: store, attachesEvents: false)
        guard case .edit(let edits) = decision else { throw CancellationError() }
        return Run(edits: edits, log: log)
    }

    static func decide(recipients: [String], calendars: RecipientCalendars?, store: CalendarStore?,
                       attachesEvents: Bool) -> (MilterDecision, String) {
        let lines = Mutex<[String]>([])
        let pipeline = Self.pipeline(store: store)
        let settings = MilterSettings(
            pipeline: RefreshingPipeline(initial: pipeline, lifetime: .seconds(3600)) { pipeline },
            parseLimits: .default, maxMessageBytes: 1 << 20, authservID: "eventsuggest", calendars: calendars,
            log: { line in lines.withLock { $0.append(line) } })
        let session = MilterSession(settings: settings, attachesEvents: attachesEvents)
        for recipient in recipients { session.envelopeRecipient(recipient) }
        for (name, value) in fields { session.headerField(name: Array(name.utf8), value: Array(value.utf8)) }
        session.endOfHeader()
        Array(body.utf8).withUnsafeBytes { session.bodyChunk($0) }
        let decision = session.endOfMessage(queueID: "Q1")
        return (decision, lines.withLock { $0.joined(separator: "\n") })
    }

    static func events(_ folder: String) -> [String: String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "") })
    }

    @Test("two recipients, two calendars: each gets the event (brackets and +tag gone), the fields say created once")
    func eachRecipientsCalendar() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(recipients: ["<alice@mail.example>", "<Bob+Trips@mail.example>"], calendars: Self.calendars(in: folder))
        let alice = Self.events(folder + "/alice"), bob = Self.events(folder + "/bob")
        #expect(alice.count == 1)
        #expect(Set(alice.keys) == Set(bob.keys), "the same resource name in both calendars")
        #expect(alice.values.first?.contains("UID:") == true)
        #expect(run.suggestions.count == 1)
        #expect(run.suggestions.first?.hasPrefix(" created \"EPIC Steak") == true, "\(run.suggestions)")
        #expect(!run.suggestions.joined().contains("not written"))
        #expect(run.log.contains("calendars=2") && run.log.contains("created=1"), "\(run.log)")
        // The same message again: both calendars already hold it.
        let again = try Self.run(recipients: ["<alice@mail.example>", "<bob@mail.example>"], calendars: Self.calendars(in: folder))
        #expect(again.suggestions.first?.hasPrefix(" unchanged") == true, "\(again.suggestions)")
        #expect(Self.events(folder + "/alice") == alice)
    }

    @Test("recipients sharing a calendar (a fixed template, +tags of one user) get it written once: filter's own fields")
    func sharedCalendarWrittenOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixed = RecipientCalendars { _ in VdirCollection(directory: folder + "/shared") }
        let run = try Self.run(recipients: ["<alice@mail.example>", "<bob@mail.example>", "<carol@mail.example>"], calendars: fixed)
        // Written once: a second write into the same calendar would have made the answer "unchanged".
        #expect(run.suggestions.count == 1 && run.suggestions[0].hasPrefix(" created"), "\(run.suggestions)")
        #expect(Self.events(folder + "/shared").count == 1)
        #expect(!run.log.contains("calendars="), "\(run.log)")
        // Exactly filter's fields for the same bytes into a fresh calendar of its own.
        var store = Self.prototype
        store.collection = VdirCollection(directory: folder + "/filter")
        let original = Array((Self.fields.map { "\($0.0):\($0.1)\r\n" }.joined() + "\r\n" + Self.body).utf8)
        let verdict = Self.pipeline(store: store).filter(original, limits: .default, authservID: "eventsuggest")
        #expect(verdict.insertedFields.map(\.value) == run.edits.insertions.map(\.value))
        let tagged = try Self.run(recipients: ["<dave+a@mail.example>", "<Dave+b@mail.example>"], calendars: Self.calendars(in: folder))
        #expect(tagged.suggestions == [tagged.suggestions[0]] && tagged.suggestions[0].hasPrefix(" created"))
    }

    @Test("the attack: a recipient whose calendar fails gets no event, the mail passes, no field names its calendar")
    func unwritableRecipient() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The failing recipient first in the envelope: the fields show the first one written.
        let run = try Self.run(recipients: ["<broken@mail.example>", "<alice@mail.example>"], calendars: Self.calendars(in: folder))
        #expect(Self.events(folder + "/alice").count == 1)
        #expect(run.suggestions.count == 2, "\(run.suggestions)")
        #expect(run.suggestions.first?.hasPrefix(" created \"EPIC Steak") == true)
        #expect(run.suggestions.last == " error (not written for 1 of 2 recipients)")
        let inserted = run.edits.insertions.map { String(decoding: $0.value, as: UTF8.self) }.joined()
        #expect(!inserted.contains("secret") && !inserted.contains("disk full") && !inserted.contains(folder))
        // The log, which only the provider reads, names the recipient and why.
        #expect(run.log.contains("calendar not written for <broken@mail.example>: /secret/broken-calendar"), "\(run.log)")

        // Two recipients without a calendar (CalendarDestination gives every unusable one the
        // same location, the template): counted as recipients, not as calendars.
        let three = try Self.run(recipients: ["<broken1@mail.example>", "<broken2@mail.example>", "<carol@mail.example>"],
                                 calendars: Self.calendars(in: folder))
        #expect(three.suggestions.last == " error (not written for 2 of 3 recipients)", "\(three.suggestions)")
        #expect(three.suggestions.first?.hasPrefix(" created") == true)
        // No calendar written at all: the fields say so, still naming none.
        let none = try Self.run(recipients: ["<broken1@mail.example>", "<broken2@mail.example>"], calendars: Self.calendars(in: folder))
        #expect(none.suggestions == [" error (not written for 2 of 2 recipients)"], "\(none.suggestions)")
        // One recipient, one calendar: what filter says, error text and all (it is the recipient's own).
        let one = try Self.run(recipients: ["<broken@mail.example>"], calendars: Self.calendars(in: folder))
        #expect(one.suggestions.first?.contains("calendar not written: /secret/broken-calendar") == true, "\(one.suggestions)")
    }

    @Test("an untrusted sender or no calendar at all: no recipient calendar is touched")
    func nothingToWrite() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(recipients: ["<alice@mail.example>"], calendars: Self.calendars(in: folder), store: nil)
        #expect(run.suggestions.first?.contains("no calendar folder given") == true, "\(run.suggestions)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/alice"))
    }

    @Test("--attach-event with two recipients, one calendar failing: the part is attached, the event's line names it, the count stays")
    func attachedEventWithSeveralRecipients() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (decision, _) = Self.decide(recipients: ["<broken@mail.example>", "<alice@mail.example>"],
                                        calendars: Self.calendars(in: folder), store: Self.prototype, attachesEvents: true)
        guard case .editWithBody(let edits, let body, let withoutBody) = decision else {
            Issue.record("no calendar part: \(decision)"); return
        }
        let suggestions = edits.insertions.filter { $0.name == "X-Event-Suggestion" }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(suggestions.count == 2, "\(suggestions)")
        #expect(suggestions.first?.hasPrefix(" created \"EPIC Steak") == true && suggestions.first?.contains("part=cid:") == true, "\(suggestions)")
        #expect(suggestions.last == " error (not written for 1 of 2 recipients)")
        #expect(String(decoding: body, as: UTF8.self).contains("text/calendar"))
        let inserted = (edits.insertions + withoutBody.insertions).map { String(decoding: $0.value, as: UTF8.self) }.joined()
        #expect(!inserted.contains("secret") && !inserted.contains("disk full"))
        let fallback = withoutBody.insertions.filter { $0.name == "X-Event-Suggestion" }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(fallback.first?.contains("not attached") == true && fallback.last == " error (not written for 1 of 2 recipients)")
    }
}
