#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import EventSuggest
import Foundation
import Mailbox
import MailMessage

/// `eventsuggest scan`: mailboxes in parallel into a calendar, with a report and a summary.
enum ScanCommand: Command {
    static let name = "scan"
    static let summary = "Scan Maildir folders and mbox files: verify, extract, and write events to a calendar."
    static let synopsis = "scan PATH... [--calendar DIR] [--registered FILE] [--report FILE|-] [--jobs N] [options]"
    static let discussion = """
        Every message goes through the whole pipeline: DKIM, the sender policy, the markup
        of its own HTML parts. Messages are analysed in parallel (--jobs, default: the
        number of cores); events are then written in the order of the messages' dates
        (modifiedTime, else Date), so the calendar ends up as if the mails had arrived in
        order, whatever order they were read in. Scanning again changes nothing.

        --report FILE writes one JSON object per message (DESIGN.md's report: file,
        messageId, from, dkim, policy, reservations, events, diagnostics); '-' writes them to
        standard output and the summary to standard error. A progress line is shown on a
        terminal only.

        Exit status: 0, or 1 when an input could not be read or the calendar folder could
        not be written; 2 on usage errors.
        """
    static let options: [OptionSpec] = PipelineOptions.specs + [
        .value("report", "FILE", "Write the JSON-lines report to FILE ('-' for standard output)."),
        .value("jobs", "N", "Messages analysed in parallel (default: the number of cores)."),
        .flag("recursive", "Also read Maildir++ subfolders (.Folder) of a Maildir."),
        .value("mbox-format", "FORMAT", "How mbox files quote 'From ' lines: mboxrd (default) or mboxo."),
    ]

    /// One message's place in the scan and its result.
    private struct Entry {
        let location: MessageLocation
        var report: MessageReport
    }

    /// A message in input order: one whose events are still to be written (kept whole until
    /// the date-ordered writes), or one that is done, kept only as its report line (when a
    /// report is asked for). Only the messages that write events are held whole: a 2 GB
    /// mailbox is scanned in bounded memory.
    private enum Slot {
        case toRecord(Int)        // index into the entries to record
        case finished(String?)    // the report line
    }

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "scan needs at least one PATH (a Maildir, an mbox, a file, or -)", command: name)
        }
        let jobs = try JobsOption.jobs(arguments, command: name)
        let limits = try LimitOptions.limits(arguments, command: name)
        var configured = try PipelineOptions.pipeline(arguments, limits: limits, command: name)
        // One look for a killed writer's temp files for the whole scan, not one per message.
        configured.store?.repairsBeforeEachWrite = false
        let pipeline = configured
        let format = try MailboxOptions.mboxFormat(arguments, command: name)
        let reportPath = arguments.value("report")
        let reportFile = try reportPath.flatMap { $0 == "-" ? nil : try OutputFile(path: $0, append: false) }
        let progress = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        let log = try FindingLog(path: arguments.value("log"))
        var slots: [Slot] = []
        var entries: [Entry] = []
        var summary = ScanSummary()
        // Each worker reads its own message files: reading is part of the parallel work.
        let parallel = PipelinedBatches(ParallelBatch(jobs: jobs) {
            (reference: MessageReference) -> (location: MessageLocation, report: MessageReport) in
            let message = reference.load(limits: limits.mailbox)
            var report = pipeline.analyze(MailMessage(bytes: message.bytes, limits: limits.message))
            report.findings = message.findings + report.findings
            return (message.location, report)
        })

        /// Files analysed messages: held whole when they write events, else done at once.
        func file(_ done: [(location: MessageLocation, report: MessageReport)]) {
            for (location, report) in done {
                if report.findings.contains(where: { $0.code == MailboxFindingCode.messageUnreadable }) { summary.unreadable += 1 }
                if pipeline.writesEvents(for: report) {
                    entries.append(Entry(location: location, report: report))
                    slots.append(.toRecord(entries.count - 1))
                } else {
                    summary.add(report)
                    log?.record(report, at: location)
                    slots.append(.finished(reportPath == nil ? nil : ReportJSON.object(report, at: location).serialized + "\n"))
                }
            }
            if !done.isEmpty { progress.update(done: slots.count) }
        }

        for path in arguments.positionals {
            do {
                try MessageSource.open(path, recursive: arguments.has("recursive")).forEachReference(format: format, limits: limits.mailbox) {
                    file(parallel.append($0))
                }
            } catch let error as MailboxError {
                progress.clear()
                _ = CommandLineTool.report(error, streams: streams)
                summary.unreadable += 1
            }
        }
        file(parallel.finish())
        progress.clear()

        if let store = pipeline.store, !entries.isEmpty {
            // A folder that cannot be locked is reported by the writes that follow.
            summary.removedTemporaryFiles = (try? store.repair()) ?? 0
        }
        // Events in date order: the newest version of a reservation is written last.
        let order = entries.indices.sorted { (entries[$0].report.orderKey, $0) < (entries[$1].report.orderKey, $1) }
        for index in order { pipeline.record(&entries[index].report) }
        for entry in entries {
            summary.add(entry.report)
            log?.record(entry.report, at: entry.location)
        }

        if reportPath != nil {
            for slot in slots {
                let line: String
                switch slot {
                case .toRecord(let index): line = ReportJSON.object(entries[index].report, at: entries[index].location).serialized + "\n"
                case .finished(let text): line = text ?? ""
                }
                if reportPath == "-" { streams.write(line) } else { reportFile?.write(line) }
            }
        }
        if reportPath == "-" { streams.error(summary.text) } else { streams.write(summary.text) }
        let calendarFailed = entries.contains { $0.report.calendarError != nil }
        return summary.unreadable > 0 || calendarFailed ? .findings : .success
    }

}

/// "scanned 1,234 messages (456/s)" on standard error, on a terminal only.
private final class ProgressLine {
    let enabled: Bool
    let start = Date()

    init(enabled: Bool) { self.enabled = enabled }

    func update(done: Int) {
        guard enabled else { return }
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let text = "\rscanned \(done) messages (\(Int(Double(done) / elapsed))/s)"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    func clear() {
        guard enabled else { return }
        _ = "\r\u{1B}[K".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}
