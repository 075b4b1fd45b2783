import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM during a scan of a few thousand messages, through the built binary
/// (issue 14): the scan stops between two messages, finishes the event being written,
/// leaves no temp file, writes the report lines of the messages it finished (each a whole
/// JSON object), says "interrupted after N of M messages; K events written" and exits
/// 130 or 143. Children run under a deadline that kills them and fails the test.
@Suite("scan interrupted by SIGINT and SIGTERM", .serialized)
struct ScanSignalTests {
    typealias Mail = CalendarProcessTests
    typealias Fault = FaultInjectionTests

    /// 3,000 messages; one in six writes an event (fsync'd writes are the slow part).
    static let tables = 500
    static let plain = 2_500

    /// `tables` mails with one table each and `plain` mails without markup (done as soon as
    /// they are analysed), interleaved by file name.
    static func maildir(in folder: URL) throws -> URL {
        let maildir = folder.appendingPathComponent("Maildir")
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for number in 1...(tables + plain) {
            let name = "cur/\(1_800_000_000 + number).M\(number).host:2,S"
            let bytes = number % 6 != 0
                ? Data("From: a@example.org\r\nSubject: note \(number)\r\nMessage-ID: <n\(number)@example.org>\r\n\r\nhello\r\n".utf8)
                : Mail.tableMessage(id: "S-\(number)", version: 1)
            try bytes.write(to: maildir.appendingPathComponent(name))
        }
        return maildir
    }

    /// Whether `pid` blocks `signal` (its /proc status line SigBlk): the scan has started
    /// watching for it, so the signal will be taken, not kill the process.
    static func blocks(_ pid: pid_t, _ signal: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
              let mask = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    static func eventFiles(_ calendar: URL) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: calendar.path)) ?? []).filter { $0.hasSuffix(".ics") }.count
    }

    /// "interrupted after N of M messages; K events written" → (N, M, K).
    static func interruptedLine(_ stderr: String) -> (done: Int, of: Int, events: Int)? {
        guard let range = stderr.range(of: #"interrupted after (\d+) of (\d+) messages; (\d+) events written"#,
                                       options: .regularExpression) else { return nil }
        let numbers = stderr[range].split { !$0.isNumber }.compactMap { Int($0) }
        return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
    }

    /// The common checks after an interrupted scan; returns (N, M, K).
    static func checkInterrupted(_ output: Fault.Output, status: Int32, calendar: URL, report: URL,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> (Int, Int, Int) {
        #expect(output.exit == .init(code: status), "\(output.exit) \(output.stderrText)", sourceLocation: sourceLocation)
        let counts = try #require(interruptedLine(output.stderrText), "no 'interrupted after' line: \(output.stderrText)",
                                  sourceLocation: sourceLocation)
        #expect(counts.done <= counts.of && counts.of <= tables + plain, sourceLocation: sourceLocation)
        // K events written: exactly the event files there (one reservation, one file per table mail).
        let state = try Fault.calendarProblems(calendar, sourceLocation: sourceLocation)
        #expect(state.temporary == [], "temp files left: \(state.temporary)", sourceLocation: sourceLocation)
        #expect(state.events.count == counts.events, sourceLocation: sourceLocation)
        // N report lines, each a whole JSON object; the table mails among them are the events written.
        let lines = try FilesOddEntryTests.reportObjects(report, sourceLocation: sourceLocation)
        #expect(lines.count == counts.done, sourceLocation: sourceLocation)
        let created = lines.filter { (($0["events"] as? [[String: Any]]) ?? []).contains { $0["action"] as? String == "created" } }
        #expect(created.count == counts.events, sourceLocation: sourceLocation)
        return (counts.done, counts.of, counts.events)
    }

    /// A started scan of a fresh 3,000-message Maildir in `label`'s folder.
    struct Run {
        let folder: URL
        let maildir: URL
        let calendar: URL
        let report: URL
        let child: Fault.Child

        init(_ label: String) throws {
            folder = try Mail.makeFolder(label)
            maildir = try ScanSignalTests.maildir(in: folder)
            calendar = folder.appendingPathComponent("calendar")
            report = folder.appendingPathComponent("report.jsonl")
            child = try Fault.start(FilesOddEntryTests.scanArguments(maildir, calendar, report: report) + ["--jobs", "2"],
                                    input: Data(), in: folder)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("SIGINT while events are written: exit 130, the event under way finished, K files = K events, N whole report lines")
    func interruptWhileWriting() throws {
        let run = try Run("scan-sigint")
        defer { run.remove() }
        let (folder, maildir, calendar, report, child) = (run.folder, run.maildir, run.calendar, run.report, run.child)
        // Wait until the writing has begun (a few events there), then Ctrl-C.
        let deadline = Date().addingTimeInterval(120)
        while Self.eventFiles(calendar) < 20 && Date() < deadline && kill(child.pid, 0) == 0 { usleep(2_000) }
        kill(child.pid, SIGINT)
        let output = child.finish(seconds: 120)
        let (done, of, events) = try Self.checkInterrupted(output, status: 130, calendar: calendar, report: report)
        // Every message was analysed before writing began; the scan stopped well before the end.
        #expect(of == Self.tables + Self.plain)
        #expect(events >= 20 && events < Self.tables, "\(events) events: the signal did not land mid-write")
        #expect(done == Self.plain + events)

        // The honest case: a new scan, not interrupted, completes the calendar (every table,
        // each once), exits 0 and says nothing of an interruption.
        let againReport = folder.appendingPathComponent("again.jsonl")
        let again = try Fault.start(FilesOddEntryTests.scanArguments(maildir, calendar, report: againReport),
                                    input: Data(), in: folder).finish(seconds: 300)
        #expect(again.exit == .init(code: 0), "\(again.stderrText)")
        #expect(!again.stderrText.contains("interrupted"))
        #expect(try FilesOddEntryTests.reportObjects(againReport).count == Self.tables + Self.plain)
        #expect(try Fault.calendarProblems(calendar).events.count == Self.tables)
    }

    @Test("SIGTERM while the messages are analysed: exit 143, no event written, the report holds only finished messages")
    func terminateWhileAnalysing() throws {
        let run = try Run("scan-sigterm")
        defer { run.remove() }
        let (calendar, report, child) = (run.calendar, run.report, run.child)
        // As soon as the scan watches for the signal (before then, SIGTERM would kill it, as it should).
        let deadline = Date().addingTimeInterval(60)
        while !Self.blocks(child.pid, SIGTERM) && Date() < deadline { usleep(500) }
        #expect(Self.blocks(child.pid, SIGTERM), "the scan never blocked SIGTERM")
        kill(child.pid, SIGTERM)
        let output = child.finish(seconds: 120)
        let (done, of, events) = try Self.checkInterrupted(output, status: 143, calendar: calendar, report: report)
        #expect(events == 0, "events written while analysing was interrupted")
        #expect(of < Self.tables + Self.plain, "the whole mailbox was read: the signal came too late to test this")
        // Only mails without events are done when the analysis stops; their lines are all there.
        #expect(done <= of)
        let lines = try FilesOddEntryTests.reportObjects(report)
        #expect(lines.allSatisfy { ($0["events"] as? [Any])?.isEmpty ?? false })
    }
}
