import Foundation
import Glibc
import Testing
import TestSupport

/// Per-recipient calendars through the real hosts: the samples sent over SMTP (Python's
/// smtplib) through a private Postfix with our milter to two recipients, the events written
/// into each recipient's own calendar on a Radicale started by the test (or into a folder
/// per recipient), compared with what `filter` and `scan --calendar` make of the same mails.
@Suite("EndToEndTests.Milter per-recipient calendars", .serialized)
struct MilterRecipientTests {
    static let users = MilterSamples.recipients.map { String($0.split(separator: "@")[0]) }

    /// Every delivered copy is the original plus filter's fields (Postfix's own fields
    /// aside): both recipients' calendars were written, so the fields are filter's own.
    static func expectDeliveredAsFilterWritesThem(_ delivered: [String: [Data]], files: [String], work: String,
                                                  log: String) throws {
        let expected = try MilterSamples.filtered(files, calendar: work + "/filter-calendar")
        for recipient in MilterSamples.recipients {
            let messages = (delivered[recipient] ?? []).map(PostfixInstance.withoutDeliveryFields)
            #expect(messages.count == files.count)
            #expect(messages.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) },
                    "\(recipient): delivered messages differ from filter's output; milter log:\n\(log)")
        }
        let alice = (delivered[MilterSamples.recipients[0]] ?? []).map { String(decoding: $0, as: UTF8.self) }
        #expect(alice.filter { $0.contains("Authentication-Results: eventsuggest;\n\tdkim=pass") }.count == 18)
        #expect(alice.contains { $0.contains("X-Event-Suggestion: created \"EPIC Steak") })
        #expect(alice.contains { $0.contains("X-Event-Suggestion: cancelled") })
        #expect(!alice.contains { $0.contains("not written") })
        #expect(log.components(separatedBy: "\n").filter { $0.contains("calendars=2") }.count >= 5, "\(log)")
    }

    @Test("--caldav {user}: the samples to two recipients, each Radicale calendar holds exactly scan --calendar's events")
    func eachRecipientsRadicaleCalendar() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let files = MilterSamples.files
        // scan --calendar, read by Python's icalendar and libical: what each calendar must hold.
        let expected = try CalDAVSamples.vdirReference()
        #expect(expected.count == 12)
        try withRadicale { radicale in
            let milter = try MilterUnderTest(arguments: ["--caldav", radicale.root + "{user}/reservations/",
                                                         "--caldav-credentials", try radicale.credentialsFile()] + MilterSamples.options)
            let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
                try MilterSamples.send(files, to: postfix)
                return try postfix.waitForDeliveries(files.count)
            }
            try Self.expectDeliveredAsFilterWritesThem(delivered, files: files, work: work, log: milter.output)
            for user in Self.users {
                // Resource names, UIDs, STATUS, times, summaries as both readers parse them.
                #expect(try CalDAVSamples.events(at: radicale.root + "\(user)/reservations/") == expected, "\(user)")
                // Each user may read their own calendar with their own password.
                let own = try CalDAVSamples.events(at: radicale.root + "\(user)/reservations/", user: user,
                                                   password: Radicale.users[user] ?? "")
                #expect(own == expected, "\(user) reads it")
            }
        }
    }

    @Test("--calendar DIR/{user}: a folder per recipient, each the events and file names scan --calendar gives")
    func eachRecipientsFolder() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let files = MilterSamples.files
        let milter = try MilterUnderTest(arguments: ["--calendar", work + "/users/{user}"] + MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            try MilterSamples.send(files, to: postfix)
            return try postfix.waitForDeliveries(files.count)
        }
        try Self.expectDeliveredAsFilterWritesThem(delivered, files: files, work: work, log: milter.output)
        let scan = try TestBinary.run(["scan", MilterSamples.root.path, "--calendar", work + "/scan-calendar"] + MilterSamples.options)
        #expect(scan.status == 0, "\(scan.stderrText)")
        let reference = MilterSamples.calendar(work + "/scan-calendar")
        #expect(reference.count == 12)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work + "/users").sorted() == Self.users.sorted())
        for user in Self.users {
            let calendar = MilterSamples.calendar(work + "/users/" + user)
            #expect(Set(calendar.keys) == Set(reference.keys), "\(user)")
            for (name, event) in calendar {
                #expect(MilterSamples.identityLines(event) == MilterSamples.identityLines(reference[name] ?? ""), "\(user)/\(name)")
            }
            #expect(try CalDAVSamples.events(at: work + "/users/" + user) == CalDAVSamples.events(at: work + "/scan-calendar"))
        }
    }

    @Test("Radicale stopped under the milter (--on-error tempfail): mail delivered, field says not written; restarted: the next mail writes")
    func radicaleStoppedAndRestarted() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // The first two samples that create an event when they come first.
        let files = MilterSamples.files
        let filtered = try MilterSamples.filtered(files, calendar: work + "/filter-calendar")
        let writing = zip(files, filtered).filter { String(decoding: $0.1, as: UTF8.self).contains("X-Event-Suggestion: created") }
            .map(\.0)
        try #require(writing.count >= 2)
        try withRadicale { radicale in
            let milter = try MilterUnderTest(arguments: ["--caldav", radicale.root + "{user}/reservations/", "--on-error", "tempfail",
                                                         "--caldav-credentials", try radicale.credentialsFile()] + MilterSamples.options)
            try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
                radicale.stop()
                try MilterSamples.send([writing[0]], to: postfix)
                let down = try postfix.waitForDeliveries(1)
                for recipient in MilterSamples.recipients {
                    let text = String(decoding: down[recipient]?.first ?? Data(), as: UTF8.self)
                    #expect(text.contains("Authentication-Results: eventsuggest;\n\tdkim=pass"), "\(recipient)")
                    #expect(text.contains("X-Event-Suggestion: error (not written for 2 of 2 recipients)"),
                            "\(recipient): \(text.prefix(600))")
                    #expect(!text.contains(radicale.root) && !text.contains("reservations/"), "no calendar URL in the fields")
                }
                #expect(milter.output.contains("calendar not written for <\(MilterSamples.recipients[0])>"), "\(milter.output)")

                try radicale.start()
                try MilterSamples.send([writing[1]], to: postfix)
                let up = try postfix.waitForDeliveries(2)
                for recipient in MilterSamples.recipients {
                    let texts = (up[recipient] ?? []).map { String(decoding: $0, as: UTF8.self) }
                    #expect(texts.count == 2)
                    #expect(texts.contains { $0.contains("X-Event-Suggestion: created") && !$0.contains("not written") }, "\(recipient)")
                }
            }
            for user in Self.users {
                #expect(try !CalDAVSamples.events(at: radicale.root + "\(user)/reservations/").isEmpty, "\(user): the second mail's events")
            }
            #expect(milter.process.reap(blocking: false) == false, "the milter still runs")
        }
    }

    @Test("8 SMTP sessions through the milter and 4 filter --caldav processes at once on one calendar: the serial state")
    func milterAndFiltersOnOneCalendar() throws {
        let files = MilterSamples.files
        let expected = try CalDAVSamples.vdirReference()
        try withRadicale { radicale in
            let credentials = try radicale.credentialsFile()
            let calendar = radicale.root + "alice/shared/"
            // A fixed URL: one calendar for both recipients, written once per message.
            let milter = try MilterUnderTest(arguments: ["--caldav", calendar, "--caldav-credentials", credentials] + MilterSamples.options)
            let lock = NSLock()
            nonisolated(unsafe) var problems: [String] = []
            let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
                // Lane 4 sends every sample in 8 SMTP sessions; lanes 0–3 each run filter over a quarter of them.
                nonisolated(unsafe) let postfix = postfix
                DispatchQueue.concurrentPerform(iterations: 5) { lane in
                    do {
                        if lane == 4 {
                            try MilterSamples.send(files, to: postfix, jobs: 8)
                            return
                        }
                        for (index, message) in files.enumerated() where index % 4 == lane {
                            let run = try TestBinary.run(["filter", "--caldav", calendar, "--caldav-credentials", credentials]
                                                         + MilterSamples.options, input: try Data(contentsOf: URL(fileURLWithPath: message)))
                            if run.status != 0 || run.stdoutText.contains("not written") {
                                lock.withLock { problems.append("filter \(message): \(run.status) \(run.stdoutText.prefix(800))") }
                            }
                        }
                    } catch {
                        lock.withLock { problems.append("lane \(lane): \(error)") }
                    }
                }
                return try postfix.waitForDeliveries(files.count)
            }
            #expect(lock.withLock { problems }.isEmpty, "\(lock.withLock { problems })")
            for recipient in MilterSamples.recipients {
                let messages = (delivered[recipient] ?? []).map { String(decoding: $0, as: UTF8.self) }
                #expect(messages.count == files.count)
                #expect(!messages.contains { $0.contains("not written") }, "\(recipient); milter log:\n\(milter.output)")
            }
            #expect(try CalDAVSamples.events(at: calendar) == expected, "the state scan --calendar reaches serially")
        }
    }
}
