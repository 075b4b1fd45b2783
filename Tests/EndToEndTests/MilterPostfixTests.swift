import Foundation
import Glibc
import Testing
import TestSupport

/// `eventsuggest milter` behind a real Postfix (a private instance, smtpd on loopback, virtual
/// Maildir delivery), fed over SMTP by Python's smtplib: what a mail provider runs.
@Suite("EndToEndTests.Milter through Postfix", .serialized)
struct MilterPostfixTests {
    /// The honest case: every sample, sent to two recipients, is delivered to each exactly as
    /// `filter` writes it (Postfix's own Return-Path/X-Original-To/Delivered-To/Received aside),
    /// and the calendar holds what `filter` run over the same mails in the same order writes,
    /// and the events `scan --calendar` gives (same files, UIDs, STATUS, times).
    @Test func samplesReachBothRecipientsAsFilterWritesThem() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let files = MilterSamples.files
        #expect(files.count == 20)
        let milter = try MilterUnderTest(arguments: ["--calendar", work + "/milter-calendar"] + MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            try MilterSamples.send(files, to: postfix)
            return try postfix.waitForDeliveries(files.count)
        }
        let expected = try MilterSamples.filtered(files, calendar: work + "/filter-calendar")
        for recipient in MilterSamples.recipients {
            let messages = (delivered[recipient] ?? []).map(PostfixInstance.withoutDeliveryFields)
            #expect(messages.count == files.count)
            // Delivered in arrival order within a second's file names; compared as sets of whole messages.
            #expect(messages.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) },
                    "\(recipient): delivered messages differ from filter's output; milter log:\n\(milter.output)")
        }
        // The verdicts themselves, not only agreement with filter.
        let alice = (delivered[MilterSamples.recipients[0]] ?? []).map { String(decoding: $0, as: UTF8.self) }
        #expect(alice.filter { $0.contains("Authentication-Results: eventsuggest;\n\tdkim=pass") }.count == 18)
        #expect(alice.filter { $0.contains("dkim=fail") }.count == 1)
        #expect(alice.contains { $0.contains("X-Event-Suggestion: created \"EPIC Steak") })
        #expect(alice.contains { $0.contains("X-Event-Suggestion: ignored (1 reservation(s) from an untrusted sender") })
        #expect(alice.contains { $0.contains("X-Event-Suggestion: cancelled") })

        let milterCalendar = MilterSamples.calendar(work + "/milter-calendar")
        #expect(milterCalendar == MilterSamples.calendar(work + "/filter-calendar"))
        let scan = try TestBinary.run(["scan", MilterSamples.root.path, "--calendar", work + "/scan-calendar"] + MilterSamples.options)
        #expect(scan.status == 0, "\(scan.stderrText)")
        let scanCalendar = MilterSamples.calendar(work + "/scan-calendar")
        #expect(milterCalendar.count == 12)
        #expect(Set(milterCalendar.keys) == Set(scanCalendar.keys))
        for (name, event) in milterCalendar {
            #expect(MilterSamples.identityLines(event) == MilterSamples.identityLines(scanCalendar[name] ?? ""), "\(name)")
        }
        // One log line per message.
        #expect(milter.output.components(separatedBy: "\n").filter { $0.contains(" bytes dkim=") }.count == files.count)
    }

    /// The attack: a sender writes our verdict and a suggestion into its own mail. Postfix
    /// delivers the mail with ours only; another server's Authentication-Results stays.
    @Test func forgedFieldsAreDeletedAndOthersKept() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let original = try Data(contentsOf: URL(fileURLWithPath: MilterSamples.files[0]))
        let forged = Data("""
            X-Event-Suggestion: created "Free flight" 2027-02-01T10:00:00Z; id=FAKE1
            Authentication-Results: (trust me) eventsuggest; dkim=pass header.d=united.example
            Authentication-Results: mx.other.example; dkim=pass header.d=epicsteak.example

            """.utf8) + original
        // Below the signature too, in another letter case: unsigned fields a rule would still match.
        let split = forged.range(of: Data("\nFrom:".utf8))!.lowerBound
        let message = forged[..<split] + Data("\nx-event-suggestion: created \"Second forgery\"; id=FAKE2".utf8) + forged[split...]
        let path = work + "/forged.eml"
        try Data(message).write(to: URL(fileURLWithPath: path))

        let milter = try MilterUnderTest(arguments: ["--calendar", work + "/calendar"] + MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            try MilterSamples.send([path], to: postfix)
            return try postfix.waitForDeliveries(1)
        }
        let expected = try MilterSamples.filtered([path], calendar: work + "/filter-calendar")
        for recipient in MilterSamples.recipients {
            let message = PostfixInstance.withoutDeliveryFields(delivered[recipient]![0])
            let text = String(decoding: message, as: UTF8.self)
            #expect(!text.contains("FAKE1") && !text.contains("FAKE2") && !text.contains("united.example"))
            #expect(text.contains("Authentication-Results: mx.other.example; dkim=pass header.d=epicsteak.example\n"))
            #expect(text.hasPrefix("Authentication-Results: eventsuggest;\n\tdkim=pass header.d=epicsteak.example"))
            #expect(text.contains("X-Event-Suggestion: created \"EPIC Steak"))
            #expect(message == expected[0])
        }
        #expect(milter.output.contains("removed 3 forged field(s)"))
    }

    /// Several messages one after another on one SMTP connection (one milter connection):
    /// each gets its own verdict, nothing of the one before it.
    @Test func messagesInOneSessionAreKeptApart() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // Trusted, bad signature, unsigned: three different verdicts in a row.
        let files = MilterSamples.files.filter { path in
            ["1593190800.M1P100", "1714000300.M6P100", "1714000200.M5P100"].contains { path.contains($0) }
        }
        #expect(files.count == 3)
        let milter = try MilterUnderTest(arguments: ["--calendar", work + "/calendar"] + MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            _ = try runTool("/usr/bin/python3", [MilterSamples.script, "--one-session", "\(postfix.smtpPort)",
                                                 postfix.recipients.joined(separator: ",")] + files)
            return try postfix.waitForDeliveries(files.count)
        }
        let expected = try MilterSamples.filtered(files, calendar: work + "/filter-calendar")
        for recipient in MilterSamples.recipients {
            let messages = (delivered[recipient] ?? []).map(PostfixInstance.withoutDeliveryFields)
            #expect(messages.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    /// Many connections at once: 8 SMTP sessions in parallel. Every message is delivered with
    /// our fields, and the calendar holds the same events as the serial run.
    @Test func eightParallelSessions() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let files = MilterSamples.files
        let milter = try MilterUnderTest(arguments: ["--calendar", work + "/calendar"] + MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            try MilterSamples.send(files, to: postfix, jobs: 8)
            return try postfix.waitForDeliveries(files.count)
        }
        let serial = try MilterSamples.filtered(files, calendar: work + "/serial-calendar")
        // The verdicts do not depend on the order; what was done with an event may (created,
        // then updated, or the newer first and the older one unchanged), the end state not.
        let serialVerdicts = serial.map(MilterSamples.ourAuthenticationResults).sorted()
        for recipient in MilterSamples.recipients {
            let messages = (delivered[recipient] ?? []).map(PostfixInstance.withoutDeliveryFields)
            #expect(messages.count == files.count)
            #expect(messages.allSatisfy { $0.starts(with: Data("Authentication-Results: eventsuggest;".utf8)) })
            #expect(messages.map(MilterSamples.ourAuthenticationResults).sorted() == serialVerdicts)
        }
        let parallel = MilterSamples.calendar(work + "/calendar")
        let expected = MilterSamples.calendar(work + "/serial-calendar")
        #expect(Set(parallel.keys) == Set(expected.keys))
        for (name, event) in parallel {
            #expect(MilterSamples.identityLines(event) == MilterSamples.identityLines(expected[name] ?? ""), "\(name)")
        }
    }

    /// The milter SIGKILLed while it holds a message (after RCPT, before the end of DATA):
    /// Postfix delivers the message by its default action, unchanged; a milter started again
    /// on the same port serves the next message.
    @Test func killedMilterLeavesPostfixDeliveringAndARestartedOneServes() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let files = MilterSamples.files
        let milter = try MilterUnderTest(arguments: MilterSamples.options)
        try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            let sender = Process()
            sender.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            sender.arguments = [MilterSamples.script, "--pause", "\(postfix.smtpPort)",
                                postfix.recipients.joined(separator: ","), files[0]]
            let input = Pipe(), output = Pipe()
            sender.standardInput = input
            sender.standardOutput = output
            try sender.run()
            let reader = output.fileHandleForReading
            let paused = String(decoding: reader.readData(ofLength: 7), as: UTF8.self)
            #expect(paused == "paused\n")
            milter.process.signal(SIGKILL)
            #expect(milter.process.wait(seconds: 10) != nil)
            try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
            let reply = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            sender.waitUntilExit()
            #expect(reply.hasPrefix("ok ") && reply.contains(" 250 "), "\(reply)")
            let first = try postfix.waitForDeliveries(1)
            let original = try Data(contentsOf: URL(fileURLWithPath: files[0]))
            for recipient in postfix.recipients {
                // Unchanged: no field of ours, every byte of the original.
                #expect(PostfixInstance.withoutDeliveryFields(first[recipient]![0]) == original)
            }
            let restarted = try MilterUnderTest(port: milter.port, arguments: MilterSamples.options)
            try MilterSamples.send([files[1]], to: postfix)
            let second = try postfix.waitForDeliveries(2)
            for recipient in postfix.recipients {
                let texts = second[recipient]!.map { String(decoding: $0, as: UTF8.self) }
                #expect(texts.filter { $0.contains("Authentication-Results: eventsuggest;") }.count == 1)
            }
            #expect(restarted.output.contains(" bytes dkim="))
        }
    }

    /// A milter slower than the MTA allows (a key lookup that waits on a DNS server that never
    /// answers, Postfix's `milter_content_timeout` shorter than that wait): Postfix gives up on
    /// it and delivers the message unchanged; nothing holds mail.
    @Test func slowMilterTimesOutAndMailIsDeliveredUnchanged() throws {
        let silent = try LoopbackUDPSocket()
        let files = MilterSamples.files
        let options = MilterSamples.options.filter { $0 != "--keys" && !$0.hasSuffix("/keys") }
        let milter = try MilterUnderTest(arguments: options + ["--dns", "127.0.0.1:\(silent.port)", "--dns-timeout", "3"])
        try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients,
                        settings: ["milter_content_timeout = 1s"]) { postfix in
            let start = ContinuousClock.now
            try MilterSamples.send([files[0]], to: postfix)
            #expect(ContinuousClock.now - start < .seconds(5))
            let delivered = try postfix.waitForDeliveries(1)
            let original = try Data(contentsOf: URL(fileURLWithPath: files[0]))
            for recipient in postfix.recipients {
                #expect(PostfixInstance.withoutDeliveryFields(delivered[recipient]![0]) == original)
            }
        }
    }

    /// A 20 MB message passes intact: every byte delivered, our fields added.
    @Test func twentyMegabyteMessagePassesIntact() throws {
        let work = try MilterSamples.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        var message = Data("""
            From: Big Sender <big@origin.example>
            To: alice@recipients.example
            Subject: a large attachment
            Date: Thu, 14 Jan 2027 10:00:00 +0000
            Message-ID: <large@origin.example>
            MIME-Version: 1.0
            Content-Type: application/octet-stream
            Content-Transfer-Encoding: base64


            """.utf8)
        // Numbered lines, so a line lost, doubled or moved shows in the comparison.
        let filler = String(repeating: "QUJD", count: 17)
        var body = [UInt8]()
        body.reserveCapacity(21 << 20)
        var number = 0
        while body.count < 20 << 20 {
            let digits = String(number)
            body += Array((String(repeating: "0", count: 8 - digits.count) + digits + filler + "\n").utf8)
            number += 1
        }
        message.append(contentsOf: body)
        let path = work + "/large.eml"
        try message.write(to: URL(fileURLWithPath: path))
        let milter = try MilterUnderTest(arguments: MilterSamples.options)
        let delivered = try withPostfix(milterPort: milter.port, recipients: MilterSamples.recipients) { postfix in
            try MilterSamples.send([path], to: postfix)
            return try postfix.waitForDeliveries(1, seconds: 120)
        }
        for recipient in MilterSamples.recipients {
            let received = PostfixInstance.withoutDeliveryFields(delivered[recipient]![0])
            let text = String(decoding: received.prefix(400), as: UTF8.self)
            #expect(text.hasPrefix("Authentication-Results: eventsuggest;\n\tdkim=none\nX-Event-Suggestion: none (no trusted reservation markup)\n"))
            #expect(received.suffix(message.count) == message)
        }
        #expect(milter.output.contains(" \(message.count + message.filter { $0 == 0x0A }.count) bytes dkim=none"))
    }

    /// SIGTERM stops the milter within seconds, exit status 0.
    @Test func sigtermStopsItCleanly() throws {
        let milter = try MilterUnderTest(arguments: MilterSamples.options)
        let start = ContinuousClock.now
        milter.process.signal(SIGTERM)
        let status = milter.process.wait(seconds: 10)
        #expect(status == 0, "wait status \(status ?? -1): \(milter.output)")
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(milter.output.contains("eventsuggest milter: stopped"))
    }
}
