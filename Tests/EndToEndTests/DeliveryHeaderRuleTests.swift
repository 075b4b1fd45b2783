import Foundation
import Testing

/// A mail rule on our field works: `* ^X-Event-Suggestion: (created|updated)` in procmail
/// files exactly the messages whose decoded suggestion says created or updated, over every
/// sample of Maildir-samples (non-ASCII titles with "—" and "→" among them), and a
/// suggestion forged by a sender never matches.
@Suite("a procmail rule on X-Event-Suggestion over every sample", .serialized)
struct DeliveryHeaderRuleTests {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")

    static func sampleFiles() throws -> [URL] {
        try ["new", "cur"].flatMap { sub in
            try FileManager.default.contentsOfDirectory(atPath: samples.appendingPathComponent(sub).path)
                .filter { !$0.hasPrefix(".") }.map { samples.appendingPathComponent(sub).appendingPathComponent($0) }
        }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("^X-Event-Suggestion: (created|updated) files every created or updated sample and nothing else; lines ≤ 78 octets")
    func ruleMatchesEverySample() throws {
        let folder = try ReservationMail.folder("header-rule")
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.path + "/home-procmail-maildir/Events/"
        let rule = ":0\n* ^X-Event-Suggestion: (created|updated)\n\(events)\n"
        let home = try MTADelivery.Home(.procmail, .maildir, in: folder, filterArguments: [
            "--calendar", folder.path + "/calendar", "--keys", Self.samples.path + "/keys",
            "--registered", Self.samples.path + "/registered-domains", "--now", "2027-01-15T00:00:00Z"], rules: rule)
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(atPath: events + sub, withIntermediateDirectories: true)
        }
        let files = try Self.sampleFiles()
        #expect(files.count >= 20)
        for file in files {
            let result = try home.deliver(Array(try Data(contentsOf: file)))
            #expect(result.status == 0, "\(file.lastPathComponent): \(home.log)")
        }
        // Attack: an unsigned sender writes the field itself.
        let forged = Array("X-Event-Suggestion: created \"Free flight\" 2027-02-01T10:00:00Z; id=FORGED\r\n".utf8)
            + ReservationMail.message(from: "Deals <deals@news.example>", subject: "Deals", date: "Fri, 15 Jan 2027 10:00:00 +0000",
                                      messageID: "forged-1@news.example", html: "<p>Deals</p>\n")
        #expect(try home.deliver(forged).status == 0)

        let filed = try MTADelivery.pythonView(target: events, store: .maildir)
        let others = try MTADelivery.pythonView(target: home.target, store: .maildir)
        #expect(filed.count + others.count == files.count + 1)
        func says(_ entry: [String: Any], _ verbs: [String]) -> Bool {
            ((entry["suggestions"] as? [String]) ?? []).contains { suggestion in verbs.contains { suggestion.hasPrefix($0 + " ") } }
        }
        for entry in filed {
            #expect(says(entry, ["created", "updated"]), "filed without created/updated: \(entry)")
        }
        for entry in others {
            #expect(!says(entry, ["created", "updated"]), "created/updated but the rule missed it: \(entry)")
        }
        // The samples' demo numbers: 12 created and 2 updated events in at least 10 mails.
        #expect(filed.count >= 10, "only \(filed.count) mails filed")
        #expect(filed.contains { says($0, ["updated"]) })
        #expect(filed.contains { (($0["suggestions"] as? [String]) ?? []).contains { $0.contains("—") || $0.contains("→") } },
                "no non-ASCII title among the filed mails: the test would not test the encoding")
        #expect(others.contains { ($0["messageId"] as? String)?.contains("forged-1") == true })
        #expect(!(filed + others).contains { ((($0["suggestions"] as? [String]) ?? []).joined()).contains("FORGED") })

        // Our fields are ASCII; every physical line of X-Event-Suggestion is at most 78 octets
        // (Authentication-Results, written by the DKIM part, at most 998).
        for stored in DeliveryAgent.delivered(events) + DeliveryAgent.delivered(home.target) {
            let (_, rest) = ReservationMail.splitOurFields(stored)
            let ours = Array(stored.prefix(stored.count - rest.count))
            #expect(ours.allSatisfy { $0 < 0x80 })
            var inSuggestion = false
            for line in ours.split(separator: 0x0A) {
                let text = ReservationMail.text(Array(line)).replacingOccurrences(of: "\r", with: "")
                if text.hasPrefix("X-Event-Suggestion:") { inSuggestion = true }
                if text.hasPrefix("Authentication-Results:") { inSuggestion = false }
                #expect(text.utf8.count <= (inSuggestion ? 78 : 998), "\(text.utf8.count) octets: \(text)")
            }
        }
    }
}
