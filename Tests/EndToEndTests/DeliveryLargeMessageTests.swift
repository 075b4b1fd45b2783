import Foundation
import Testing
import TestSupport

/// Large messages in filter mode, from a pipe (as procmail and maildrop hand them) and from
/// a regular file: held once or not at all (the RSS numbers are in the issue note), and
/// always delivered whole. 20 MB is past the 16 MiB a pipe keeps in memory before it sets
/// the rest aside, so both ways of reading are exercised.
@Suite("large messages in filter mode: whole, once, or streamed through unexamined", .serialized)
struct DeliveryLargeMessageTests {
    /// A plain message of about `bytes` with a forged suggestion and a forged verdict on top.
    static func largeMessage(bytes: Int) -> [UInt8] {
        var message = Array(("X-Event-Suggestion: created \"Forged\" 2027-02-01T10:00:00Z; id=FORGED\r\n"
            + "Authentication-Results: eventsuggest; dkim=pass\r\n"
            + "From: Big <big@big.example>\r\nTo: a@b.example\r\nSubject: large\r\nMessage-ID: <large@big.example>\r\n"
            + "Content-Type: text/plain\r\n\r\n").utf8)
        let line = Array("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\r\n".utf8)
        message.reserveCapacity(bytes + line.count)
        while message.count < bytes { message += line }
        return message
    }

    static func forgedFieldsEnd(_ message: [UInt8]) -> Int {
        let text = ReservationMail.text(Array(message.prefix(400)))
        return text.range(of: "From: Big")!.lowerBound.utf16Offset(in: text)
    }

    @Test("over message-bytes, from a pipe and from a file: delivered whole, forged fields removed, 'not examined'",
          arguments: ["pipe", "file"])
    func overLimit(_ input: String) throws {
        let folder = try ReservationMail.folder("large-over-\(input)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = Self.largeMessage(bytes: 20 << 20)
        let arguments = ["filter", "--allow-any-domain", "--now", ReservationMail.now, "--limit", "message-bytes=1M"]
        let result: TestBinary.Result
        if input == "pipe" {
            result = try TestBinary.run(arguments, input: Data(message))
        } else {
            let path = try MailboxE2E.write(message, to: "large.eml", in: folder)
            result = try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"),
                                               ["-c", "exec \"$0\" \"$@\" < \"\(path)\"", TestBinary.eventsuggest.path] + arguments)
        }
        #expect(result.status == 0, "\(result.stderrText)")
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == Array(message[Self.forgedFieldsEnd(message)...]), "the message after our fields is not the original")
        #expect(fields.count == 2)
        let suggestion = ReservationMail.suggestions(Array(result.stdout)).first ?? ""
        #expect(suggestion.hasPrefix("none (not examined: message of more than 1048576 bytes"), "\(suggestion)")
        #expect(!ReservationMail.text(Array(result.stdout.prefix(600))).contains("FORGED"))
    }

    @Test("under message-bytes from a pipe past the in-memory part: the whole message, byte for byte, examined")
    func underLimitFromPipe() throws {
        let message = Self.largeMessage(bytes: 20 << 20)
        let result = try TestBinary.run(["filter", "--allow-any-domain", "--now", ReservationMail.now], input: Data(message))
        #expect(result.status == 0, "\(result.stderrText)")
        let (_, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == Array(message[Self.forgedFieldsEnd(message)...]))
        #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no trusted reservation markup)"])
    }
}

/// Peak memory of filter on a message under message-bytes: held once, at its size. 128 MiB is
/// large enough that a second copy (or an array grown once past the message's size) shows.
@Suite("filter holds a message once: peak RSS under the message's size plus 64 MiB", .serialized)
struct DeliveryMemoryTests {
    @Test("from a regular file and from a pipe (past the 16 MiB kept before the spill file)",
          arguments: ["file", "pipe"])
    func heldOnce(_ input: String) throws {
        let folder = try ReservationMail.folder("memory-\(input)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = DeliveryLargeMessageTests.largeMessage(bytes: 128 << 20)
        let path = try MailboxE2E.write(message, to: "large.eml", in: folder)
        let peak = folder.appendingPathComponent("peak").path
        let output = folder.appendingPathComponent("out").path
        let filter = "/usr/bin/time -f %M -o \"\(peak)\" \"$0\" filter --config none --allow-any-domain --now \(ReservationMail.now)"
            + " --limit message-bytes=256M"
        let command = input == "file" ? "exec \(filter) < \"\(path)\" > \"\(output)\"" : "cat \"\(path)\" | \(filter) > \"\(output)\""
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command, TestBinary.eventsuggest.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let delivered = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(ReservationMail.splitOurFields(delivered).rest == Array(message[DeliveryLargeMessageTests.forgedFieldsEnd(message)...]))
        let peakKiB = Int(try String(contentsOfFile: peak, encoding: .utf8)
            .split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? -1
        #expect(peakKiB > message.count / 1024, "the message was not held at all? \(peakKiB) KiB")
        // Shadow memory and ASan's quarantine make a sanitized binary's RSS meaningless here.
        if !Sanitizer.active {
            #expect(peakKiB < (message.count >> 10) + 64 * 1024, "peak RSS \(peakKiB) KiB for a \(message.count >> 10) KiB message")
        }
    }
}

/// How filter holds a message that comes from a pipe past the 16 MiB kept in memory: the rest
/// in an unlinked temporary file in `$TMPDIR`, which no one else can open and which goes away
/// with the process; and what happens when there is no such file to be had.
@Suite("filter's spill file: unlinked, in $TMPDIR, and what a missing or full $TMPDIR does", .serialized)
struct DeliverySpillFileTests {
    static let message = DeliveryLargeMessageTests.largeMessage(bytes: 20 << 20)
    static let arguments = ["filter", "--allow-any-domain", "--now", ReservationMail.now]

    /// Runs filter with `TMPDIR` set, the message piped in by `cat` from a file in `folder`
    /// (a filter that stops reading early then ends `cat` with SIGPIPE, not this test process).
    static func run(_ arguments: [String], temporaryFolder: String, in folder: URL) throws -> TestBinary.Result {
        let path = try MailboxE2E.write(message, to: "message.eml", in: folder)
        return try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"), [
            "-c", "message=$1; shift; cat \"$message\" | \"$0\" \"$@\"", TestBinary.eventsuggest.path, path,
        ] + arguments, environment: ["TMPDIR": temporaryFolder])
    }

    static func delivered(_ result: TestBinary.Result) -> Bool {
        ReservationMail.splitOurFields(Array(result.stdout)).rest
            == Array(message[DeliveryLargeMessageTests.forgedFieldsEnd(message)...])
    }

    @Test("past 16 MiB from a pipe: the rest goes to a file in $TMPDIR that has no name there while filter runs")
    func spillFileIsUnlinked() throws {
        let folder = try ReservationMail.folder("spill-unlinked")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 17 MiB written means more than 16 MiB read by filter (a pipe holds 64 KiB): it spills now.
        let split = 17 << 20
        var open: [String] = [], names: [String] = []
        let result = try TestBinary.runProcess(TestBinary.eventsuggest, Self.arguments, environment: ["TMPDIR": folder.path]) {
            input, process in
            try input.write(contentsOf: Data(Self.message[..<split]))
            let deadline = Date().addingTimeInterval(20)
            while open.isEmpty && Date() < deadline {
                let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd")) ?? []
                open = fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/\($0)") }
                    .filter { $0.hasPrefix(folder.path + "/.eventsuggest-filter.") }
                if open.isEmpty { usleep(20_000) }
            }
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            try input.write(contentsOf: Data(Self.message[split...]))
        }
        #expect(open.count == 1 && open.allSatisfy { $0.hasSuffix(" (deleted)") }, "\(open)")
        #expect(names.isEmpty, "the spill file has a name in $TMPDIR: \(names)")
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.delivered(result), "the message was not delivered whole")
        #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no trusted reservation markup)"])
    }

    @Test("over message-bytes past the spill point: the head, the spilled part and the rest out in order, unexamined")
    func overLimitWithSpill() throws {
        let folder = try ReservationMail.folder("spill-over")
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let result = try Self.run(Self.arguments + ["--limit", "message-bytes=17M"], temporaryFolder: temporary.path, in: folder)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(Self.delivered(result), "the message was not delivered whole")
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("none (not examined: message of more than") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("no $TMPDIR folder: the message is held in memory instead, delivered whole and examined")
    func missingTemporaryFolder() throws {
        let folder = try ReservationMail.folder("spill-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(Self.arguments, temporaryFolder: folder.path + "/no-such-folder", in: folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderrText)")
        #expect(Self.delivered(result))
        #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no trusted reservation markup)"])
    }

    @Test("a full $TMPDIR mid-spill: what was set aside is read back, the message held in memory, delivered whole and examined")
    func fullTemporaryFolder() throws {
        try FaultInjectionTests.withTmpfs("spill-full") { folder, mountPoint in
            let result = try Self.run(Self.arguments, temporaryFolder: mountPoint.path, in: folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderrText)")
            #expect(Self.delivered(result))
            #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no trusted reservation markup)"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).isEmpty)
        }
    }
}

/// Standard input as filter finds it: a spool file an MTA has read part of, or something
/// that cannot be read at all.
@Suite("filter's standard input: where it starts, and when it cannot be read")
struct DeliveryStandardInputTests {
    static let sample = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples/cur/1593190800.M1P100.samples:2,S").path

    @Test("a regular file already read in part: only what is left counts against message-bytes, and is delivered")
    func partReadSpoolFile() throws {
        let folder = try ReservationMail.folder("stdin-offset")
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = try Array(Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        let junk = Array((String(repeating: "x", count: 3000) + "\n").utf8)
        let path = try MailboxE2E.write(junk + message, to: "spool", in: folder)
        // The shell reads the first line, leaving the offset after it; the limit lies
        // between what is left and the whole file.
        let limit = message.count + 1000
        let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples").path
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"), [
            "-c", "{ read -r line; exec \"$0\" \"$@\"; } < '\(path)'", TestBinary.eventsuggest.path, "filter",
            "--keys", samples + "/keys", "--registered", samples + "/registered-domains", "--now", "2027-01-15T00:00:00Z",
            "--limit", "message-bytes=\(limit)",
        ])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(FaultInjectionTests.deliveryProblem(result.stdout, Data(message)) == nil)
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("found 1 reservation") == true,
                "\(ReservationMail.suggestions(Array(result.stdout)))")
    }

    @Test("standard input that cannot be read (a directory): exit 75, 'standard input' and errno's text named")
    func unreadable() throws {
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"),
                                               ["-c", "exec \"$0\" filter --allow-any-domain < /", TestBinary.eventsuggest.path])
        #expect(result.status == 75)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "eventsuggest filter: standard input: cannot read: Is a directory; exit 75 so the mail server retries\n",
                "\(result.stderrText)")
    }
}
