import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files that are not regular files where the tool expects one, CRLF keys files and a
/// report that cannot be written, through the built binary (issue 14). Every child runs
/// under a deadline that kills it and fails the test: a hang shows as a failure.
@Suite("odd files, CRLF keys and unwritable reports, as processes")
struct FilesOddEntryTests {
    typealias Mail = CalendarProcessTests
    typealias Fault = FaultInjectionTests

    /// An id-only cancellation of table `id` (no reservationFor: it names every part).
    static func idOnlyCancellation(_ id: String) -> Data {
        Mail.message(subject: "Cancelled: \(id)", date: Mail.dateHeader(9), messageID: "<\(id).cancel@zurpost.example>",
                     jsonLD: """
                         {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
                          "reservationNumber": "\(id)", "reservationStatus": "http://schema.org/ReservationCancelled"}
                         """)
    }

    /// The header block of a filter's output, unfolded.
    static func unfoldedHeader(_ output: Data) -> String {
        let text = String(decoding: output, as: UTF8.self)
        let header = text.components(separatedBy: "\r\n\r\n").first ?? text
        return header.replacingOccurrences(of: "\r\n ", with: " ").replacingOccurrences(of: "\r\n\t", with: " ")
    }

    @Test("filter: a FIFO or a folder named x.ics in the calendar; an id-only cancellation ends at once, the mail whole, x.ics named",
          arguments: ["fifo", "directory"])
    func oddEntryInCalendar(kind: String) throws {
        let folder = try Mail.makeFolder("files-odd-calendar")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("calendar")
        let created = try Fault.run(Fault.filterArguments(calendar), input: Mail.tableMessage(id: "ZP-1", version: 1), in: folder)
        try #require(created.exit == .init(code: 0), "\(created.stderrText)")
        let odd = calendar.appendingPathComponent("x.ics").path
        if kind == "fifo" { try #require(mkfifo(odd, 0o644) == 0) } else { try #require(mkdir(odd, 0o755) == 0) }

        // Today's bug: open(2) of the FIFO waits for a writer forever, holding the folder's lock.
        let cancel = Self.idOnlyCancellation("ZP-1")
        let output = try Fault.start(Fault.filterArguments(calendar), input: cancel, in: folder).finish(seconds: 30)
        #expect(output.exit.signal == nil, "killed: \(output.exit)")
        #expect(output.exit.code == 0 || output.exit.code == 75, "\(output.exit) \(output.stderrText)")
        if output.exit.code == 0 {
            #expect(Fault.deliveryProblem(output.stdout, cancel) == nil, "the mail is not delivered whole")
        }
        // The diagnostic names the file and what it is (in our header field or on stderr).
        let said = Self.unfoldedHeader(output.stdout) + output.stderrText
        let what = kind == "fifo" ? "a FIFO (named pipe), not a regular file" : "a directory, not a regular file"
        #expect(said.contains("\(odd): cannot read the calendar folder: \(what)"), "\(said)")
        // The lock is free: the next mail's event is written at once.
        let next = try Fault.run(Fault.filterArguments(calendar), input: Mail.tableMessage(id: "ZP-2", version: 1), in: folder)
        #expect(next.exit == .init(code: 0), "\(next.stderrText)")
        // Nothing else lost: both events whole and confirmed, no temp file.
        if kind == "fifo" { unlink(odd) } else { rmdir(odd) }
        let state = try Fault.calendarProblems(calendar, round: kind)
        #expect(state.events.count == 2 && state.temporary.isEmpty)
        #expect(state.events.values.allSatisfy { Mail.property("STATUS", $0) == ["CONFIRMED"] })

        // The honest case: x.ics removed, the same mail again cancels the table (a retry completes it).
        let retried = try Fault.run(Fault.filterArguments(calendar), input: cancel, in: folder)
        #expect(retried.exit == .init(code: 0))
        let after = try Fault.calendarProblems(calendar, round: "\(kind), retried")
        #expect(after.events.values.filter { Mail.property("STATUS", $0) == ["CANCELLED"] }.count == 1)
    }

    /// A Maildir of `count` table mails, one reservation each.
    static func tableMaildir(in folder: URL, count: Int) throws -> URL {
        let maildir = folder.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for number in 1...count {
            try Mail.tableMessage(id: "T-\(number)", version: 1)
                .write(to: maildir.appendingPathComponent("cur/\(1_800_000_000 + number).M\(number).host:2,S"))
        }
        return maildir
    }

    static func scanArguments(_ maildir: URL, _ calendar: URL, report: URL) -> [String] {
        ["scan", maildir.path, "--calendar", calendar.path, "--report", report.path,
         "--allow-unverified", "--allow-any-domain", "--now", Mail.now]
    }

    /// The report's lines, each parsed as a JSON object (a line that is not is a failure).
    static func reportObjects(_ report: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let text = try String(contentsOf: report, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"), "the report's last line is cut", sourceLocation: sourceLocation)
        return text.split(separator: "\n").compactMap { line in
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            #expect(object != nil, "not a whole JSON object: \(line.prefix(120))", sourceLocation: sourceLocation)
            return object
        }
    }

    @Test("scan: Maildir entries linked to /dev/zero and to a FIFO, and a FIFO: each reported by name, the run ends, every other event written")
    func oddMaildirEntries() throws {
        let folder = try Mail.makeFolder("files-odd-maildir")
        defer { try? FileManager.default.removeItem(at: folder) }
        let maildir = try Self.tableMaildir(in: folder, count: 6)
        // The honest run first: the calendar of the six mails alone.
        let reference = folder.appendingPathComponent("reference")
        let clean = try Fault.run(Self.scanArguments(maildir, reference, report: folder.appendingPathComponent("clean.jsonl")), in: folder)
        try #require(clean.exit == .init(code: 0), "\(clean.stderrText)")
        let expected = try Fault.calendarProblems(reference).events

        let cur = maildir.appendingPathComponent("cur").path
        let pipe = folder.appendingPathComponent("pipe").path
        try #require(mkfifo(pipe, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: cur + "/1800000002.zero:2,S", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: cur + "/1800000004.pipe-link:2,S", withDestinationPath: pipe)
        try #require(mkfifo(cur + "/1800000005.fifo:2,S", 0o644) == 0)
        let calendar = folder.appendingPathComponent("calendar")
        let report = folder.appendingPathComponent("odd.jsonl")
        // Today's bug: the /dev/zero link is read until message-bytes, then drained forever.
        let output = try Fault.start(Self.scanArguments(maildir, calendar, report: report), input: Data(), in: folder)
            .finish(seconds: 60)
        #expect(output.exit == .init(code: 1), "an unreadable input is exit 1: \(output.exit) \(output.stderrText)")
        let lines = try Self.reportObjects(report)
        #expect(lines.count == 9)
        let odd = [("1800000002.zero:2,S", "a character device"), ("1800000004.pipe-link:2,S", "a FIFO (named pipe)"),
                   ("1800000005.fifo:2,S", "a FIFO (named pipe)")]
        for (name, what) in odd {
            let line = lines.first { ($0["file"] as? String) == cur + "/" + name }
            let diagnostics = line?["diagnostics"] as? [[String: Any]] ?? []
            #expect(diagnostics.contains {
                $0["code"] as? String == "message-unreadable"
                    && $0["message"] as? String == "\(cur)/\(name): cannot read: \(what), not a regular file"
            }, "\(name): \(diagnostics)")
        }
        // Nothing else lost: the same six events as without the odd entries.
        #expect(try Fault.calendarProblems(calendar).events == expected)
    }

    @Test("scan PATH that is a FIFO or /dev/zero: refused at once, naming it", arguments: ["fifo", "/dev/zero"])
    func oddPathArgument(kind: String) throws {
        let folder = try Mail.makeFolder("files-odd-path")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = kind == "fifo" ? folder.appendingPathComponent("mail.mbox").path : "/dev/zero"
        if kind == "fifo" { try #require(mkfifo(path, 0o644) == 0) }
        let output = try Fault.start(["scan", path, "--allow-unverified", "--allow-any-domain"], input: Data(), in: folder)
            .finish(seconds: 30)
        #expect(output.exit == .init(code: 1))
        let what = kind == "fifo" ? "a FIFO (named pipe)" : "a character device"
        #expect(output.stderrText.contains("\(path): cannot read: \(what), not a regular file"), "\(output.stderrText)")
    }

    @Test("verify and scan with a CRLF keys file: the same verdicts as with the LF one; every sample still verified")
    func keysFileWithCRLF() throws {
        let folder = try Mail.makeFolder("files-crlf-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")
        let keys = try String(contentsOf: samples.appendingPathComponent("keys"), encoding: .utf8)
        #expect(!keys.contains("\r"))
        let crlf = folder.appendingPathComponent("keys.crlf")
        try Data(keys.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: crlf)
        let withLF = try TestBinary.run(["verify", samples.path, "--json", "--keys", samples.appendingPathComponent("keys").path])
        let withCRLF = try TestBinary.run(["verify", samples.path, "--json", "--keys", crlf.path])
        #expect(withCRLF.stdoutText == withLF.stdoutText)
        #expect(withCRLF.status == withLF.status)
        let passes = withCRLF.stdoutText.components(separatedBy: "\"result\":\"pass\"").count - 1
        #expect(passes >= 10, "only \(passes) signatures pass with the CRLF keys file")
        // The attack the old reader fell to: read as one line, the first comment hid every key after it.
        #expect(!withCRLF.stdoutText.contains("no key"), "a key of the CRLF file was not found")
    }

    @Test("scan --report /dev/full: exit 1 naming the report; the same scan into a file: exit 0, one whole line a message")
    func reportOnFullDevice() throws {
        let folder = try Mail.makeFolder("files-dev-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        let maildir = try Self.tableMaildir(in: folder, count: 3)
        var arguments = Self.scanArguments(maildir, folder.appendingPathComponent("calendar"), report: URL(fileURLWithPath: "/dev/full"))
        let full = try Fault.run(arguments, in: folder)
        #expect(full.exit == .init(code: 1))
        #expect(full.stderrText.contains("/dev/full: cannot write the report: No space left on device"), "\(full.stderrText)")
        let report = folder.appendingPathComponent("report.jsonl")
        arguments = Self.scanArguments(maildir, folder.appendingPathComponent("calendar"), report: report)
        let written = try Fault.run(arguments, in: folder)
        #expect(written.exit == .init(code: 0), "\(written.stderrText)")
        #expect(try Self.reportObjects(report).count == 3)
    }
}
