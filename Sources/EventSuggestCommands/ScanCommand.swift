#if canImport(Glibc)
import Glibc
#endif
import CommandLineOptions
import Dispatch
import EventSuggest
import Findings
import FoundationEssentials
import Mailbox
import MailMessage
import POSIXFiles

/// `eventsuggest scan`: mailboxes in parallel into a calendar, with a report and a summary.
struct ScanCommand: ParsableCommand {
    static let summary = "Scan Maildir folders and mbox files: verify, extract, and write events to a calendar."
    static let synopsis = "scan PATH... [--calendar DIR] [--registered FILE] [--report FILE|-] [--jobs N] [options]"
    static let discussion = """
        Every message goes through the whole pipeline: DKIM, the sender policy, the markup
        of its own HTML parts. Messages are analysed in parallel (--jobs, default: the
        number of cores); events are then written in the order of the messages' dates
        (modifiedTime, else Date), so the calendar ends up as if the mails had arrived in
        order, whatever order they were read in. Scanning again changes nothing.

        --report FILE writes one JSON object per message (file, messageId, from, dkim,
        policy, reservations, events, diagnostics; see the README, "The report"); '-'
        writes them to standard output and the summary to standard error. A progress line
        is shown on a terminal, or in a log with --progress.

        SIGINT (Ctrl-C) or SIGTERM stops the scan between two messages: the event being
        written is finished, the report gets the lines of the messages done, and
        "interrupted after N of M messages; K events written" goes to standard error. A
        second signal stops at once.

        Exit status: 0, or 1 when an input could not be read, the calendar folder or the
        report could not be written; 2 on usage errors; 130 after SIGINT, 143 after SIGTERM.
        """
    static let report = OptionDeclaration.value("report", "FILE", "Write the JSON-lines report to FILE ('-' for standard output).")
    static let progress = OptionDeclaration.switch(
        "progress", "Show progress on standard error even when it is not a terminal (one line per update, for logs).")
    static let command = CommandDescription(
        name: "scan", summary: summary, synopsis: synopsis, discussion: discussion,
        options: PipelineOptions.options + MailboxReadingOptions.options + JobsOptions.options + [report, progress],
        operands: .paths("PATH"))

    var paths: [String]
    var setup: PipelineOptions
    var reading: MailboxReadingOptions
    var jobs: JobsOptions
    var reportPath: String?
    /// nil: on a terminal only.
    var showsProgress: Bool?

    init(parsing values: ParsedValues) throws(UsageError) {
        paths = try values.requireOperands("PATH (a Maildir, an mbox, a file, or -)")
        setup = try PipelineOptions(parsing: values)
        reading = try MailboxReadingOptions(parsing: values)
        jobs = try JobsOptions(parsing: values)
        reportPath = values.string(Self.report)
        showsProgress = values.switches[Self.progress.name]
    }

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

    func run(streams: StandardStreams) throws -> ExitStatus {
        let jobs = jobs.count
        let limits = setup.limits.limits
        var configured = try setup.pipeline()
        // One look for a killed writer's temp files for the whole scan, not one per message.
        configured.store?.repairsBeforeEachWrite = false
        let pipeline = configured
        let format = reading.mboxFormat
        let reportPath = reportPath
        let reportFile = try reportPath.flatMap { $0 == "-" ? nil : try OutputFile(path: $0, append: false) }
        let onTerminal = isatty(STDERR_FILENO) == 1
        let progress = ScanProgress(enabled: showsProgress ?? onTerminal, rewritesLine: onTerminal, streams: streams)
        // The count is known when every PATH is a Maildir or a file (an mbox is split as it is read).
        let total = progress.enabled ? ScanProgress.knownCount(of: paths, recursive: reading.recursive) : nil
        let log = try FindingLog(path: setup.logFile)
        // Before the workers start: they inherit the blocked signals.
        let interrupt = InterruptSignals.watch()
        var slots: [Slot] = []
        var entries: [Entry] = []
        var summary = ScanSummary()
        /// Messages read from the mailboxes (or listed) and handed to the workers.
        var taken = 0
        // Each worker reads its own message files: reading is part of the parallel work.
        let parallel = PipelinedBatches(ParallelBatch(jobs: jobs, stopping: { interrupt.received != nil }) {
            (reference: MessageReference) -> (location: MessageLocation, report: MessageReport) in
            let message = reference.load(limits: limits.mailbox)
            var report = pipeline.analyze(MailMessage(bytes: message.bytes, limits: limits.message))
            // A file that could not be read is that, once: not also an empty message.
            if message.findings.contains(where: { $0.has(.messageUnreadable) }) {
                report.findings.removeAll { $0.has(.emptyMessage) }
            }
            report.findings = message.findings + report.findings
            return (message.location, report)
        })

        /// Files analysed messages: held whole when they write events, else done at once.
        func file(_ done: [(location: MessageLocation, report: MessageReport)]) {
            for (location, report) in done {
                if let unreadable = report.findings.first(where: { $0.has(.messageUnreadable) }) {
                    summary.unreadable += 1
                    // Standard error is what procmail's LOGFILE and journald keep: the path and errno.
                    progress.clear()
                    streams.error("eventsuggest: \(unreadable.message)")
                }
                if pipeline.writesEvents(for: report) {
                    entries.append(Entry(location: location, report: report))
                    slots.append(.toRecord(entries.count - 1))
                } else {
                    summary.add(report)
                    log?.record(report, at: location)
                    slots.append(.finished(reportPath == nil ? nil : ReportJSON.object(report, at: location).serialized + "\n"))
                }
            }
            if !done.isEmpty { progress.update(done: slots.count, total: total) }
        }

        /// Thrown from the reading loop to stop it at a signal.
        struct Interrupted: Error {}
        paths: for path in paths {
            do {
                try MessageSource.open(path, recursive: reading.recursive).forEachReference(format: format, limits: limits.mailbox) {
                    if interrupt.received != nil { throw Interrupted() }
                    taken += 1
                    file(parallel.append($0))
                }
            } catch is Interrupted {
                break paths
            } catch let error as MailboxError {
                progress.clear()
                streams.error("eventsuggest: \(error)")
                summary.unreadable += 1
            }
        }
        file(interrupt.received == nil ? parallel.finish() : parallel.abandon())
        progress.clear()

        // Interrupted while analysing: no event is written (the messages that would write
        // some are not done, and are left out of the report; a new scan writes them).
        var recorded = [Bool](repeating: false, count: entries.count)
        if let store = pipeline.store, !entries.isEmpty, interrupt.received == nil {
            // A folder that cannot be locked is reported by the writes that follow.
            summary.removedTemporaryFiles = (try? store.repair()) ?? 0
        }
        // Events in date order: the newest version of a reservation is written last. A
        // signal stops this between two messages, never inside a write.
        let order = entries.indices.sorted { (entries[$0].report.orderKey, $0) < (entries[$1].report.orderKey, $1) }
        var calendarProblems: [String] = []
        for (written, index) in order.enumerated() {
            if interrupt.received != nil { break }
            pipeline.record(&entries[index].report)
            recorded[index] = true
            progress.writing(done: written + 1, total: order.count)
            // One stderr line per problem (an unwritable folder fails every write the same way).
            let report = entries[index].report
            for problem in [report.calendarError].compactMap({ $0 }) + report.outcomes.filter({ $0.action == .failed }).compactMap(\.reason)
            where !calendarProblems.contains(problem) {
                calendarProblems.append(problem)
                progress.clear()
                streams.error("eventsuggest: calendar not written: \(problem)")
            }
        }
        progress.clear()
        for (index, entry) in entries.enumerated() where recorded[index] {
            summary.add(entry.report)
            log?.record(entry.report, at: entry.location)
        }

        var done = 0
        for slot in slots {
            let line: String?
            switch slot {
            case .toRecord(let index):
                guard recorded[index] else { continue }
                line = reportPath == nil ? nil : ReportJSON.object(entries[index].report, at: entries[index].location).serialized + "\n"
            case .finished(let text):
                line = text
            }
            done += 1
            guard let line else { continue }
            if reportPath == "-" { streams.write(line) } else { reportFile?.write(line) }
        }
        var summaryText = summary.text
        // A dry run says so: the counts are what would have been written.
        if pipeline.store == nil { summaryText += "no --calendar: nothing written\n" }
        if reportPath == "-" { streams.error(summaryText) } else { streams.write(summaryText) }
        var status: ExitStatus = .success
        do {
            try reportFile?.close()
        } catch {
            // The report is what a script reads: one that could not be written fails the scan.
            streams.error("eventsuggest: \(error.path): cannot write the report: \(error.reason)")
            status = .findings
        }
        if let problem = log?.close() {
            // Like the report: a log that lost lines fails the scan.
            streams.error("eventsuggest: \(problem)")
            status = .findings
        }
        if reportPath == "-" && streams.outputFailed {
            streams.error("eventsuggest: standard output: cannot write the report")
            status = .findings
        }
        let calendarFailed = entries.indices.contains { index in
            recorded[index] && (entries[index].report.calendarError != nil
                || entries[index].report.outcomes.contains { $0.action == .failed })
        }
        if summary.unreadable > 0 || calendarFailed { status = .findings }
        if let signal = interrupt.received {
            let written = entries.indices.filter { recorded[$0] }.reduce(0) { count, index in
                count + entries[index].report.outcomes.filter { [.created, .updated, .cancelled].contains($0.action) }.count
            }
            streams.error("eventsuggest: interrupted after \(done) of \(taken) messages; \(written) events written")
            return signal == SIGINT ? .interrupted : .terminated
        }
        return status
    }

}
