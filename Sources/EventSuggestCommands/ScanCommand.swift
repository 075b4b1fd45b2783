#if canImport(Glibc)
import Glibc
#endif
import CommandLineOptions
import Dispatch
import EventSuggest
import Findings
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
        if let text = values.environment["EVENTSUGGEST_SCAN_HELD_MESSAGES"], let limit = Int(text), limit >= 0 {
            heldMessages = limit
        }
        spoolFolder = TemporaryFolder(environment: values.environment)
    }

    /// How many messages that write events are held whole before the others are set aside
    /// in the spool (issue 21): a held report takes ~16 KB (its signed header view
    /// included), a spooled one 24 bytes, and encoding it costs nothing measurable, so few
    /// are held: a small scan (a Maildir of a few hundred mails) never touches the disk.
    /// `EVENTSUGGEST_SCAN_HELD_MESSAGES` sets it for tests (0: set every one aside), as the
    /// spool's folder is `TMPDIR`'s.
    var heldMessages = 256
    var spoolFolder: TemporaryFolder

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
        let spool = ScanSpool(in: spoolFolder.path)
        let lineSpool = ScanSpool(in: spoolFolder.path)
        let waiting = ScanWaitingMessages(heldLimit: heldMessages, spool: spool)
        var summary = ScanSummary()
        /// Messages read from the mailboxes (or listed) and handed to the workers.
        var taken = 0
        /// Messages analysed and filed.
        var filed = 0
        /// Messages that write no events, filed.
        var finishedCount = 0
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

        func writeReport(_ line: String) {
            if reportPath == "-" { streams.write(line) } else { reportFile?.write(line) }
        }
        func writeReport(bytes: [UInt8]) {
            if reportPath == "-" { streams.write(bytes: bytes) } else { reportFile?.write(bytes: bytes) }
        }
        /// The one stderr line of a spool that went to memory (the other spool's is the same news).
        var toldSpoolProblem = false
        func tellSpoolProblems() {
            let problems = [spool.takeProblem(), lineSpool.takeProblem()].compactMap { $0 }
            guard let problem = problems.first, !toldSpoolProblem else { return }
            toldSpoolProblem = true
            progress.clear()
            streams.error("eventsuggest: \(problem)")
        }

        /// Files analysed messages: those that write events wait for the date-ordered writes;
        /// the others are done at once. Their report lines go out as soon as every earlier
        /// message's line is known; behind a waiting message they go to the line spool, with
        /// a NUL byte (never in a JSON line) where each waiting message's line goes.
        func file(_ done: [(location: MessageLocation, report: MessageReport)]) {
            for (location, report) in done {
                filed += 1
                if let unreadable = report.findings.first(where: { $0.has(.messageUnreadable) }) {
                    summary.unreadable += 1
                    // Standard error is what procmail's LOGFILE and journald keep: the path and errno.
                    progress.clear()
                    streams.error("eventsuggest: \(unreadable.message)")
                }
                if pipeline.writesEvents(for: report) {
                    waiting.add(report, at: location)
                    if reportPath != nil { _ = lineSpool.append([0]) }
                } else {
                    finishedCount += 1
                    summary.add(report)
                    log?.record(report, at: location)
                    if reportPath != nil {
                        let line = ReportJSON.object(report, at: location).serialized + "\n"
                        if waiting.isEmpty { writeReport(line) } else { _ = lineSpool.append(line) }
                    }
                }
            }
            tellSpoolProblems()
            if !done.isEmpty { progress.update(done: filed, total: total) }
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
        if let store = pipeline.store, !waiting.isEmpty, interrupt.received == nil {
            // A folder that cannot be locked is reported by the writes that follow.
            summary.removedTemporaryFiles = (try? store.repair()) ?? 0
        }
        // Events in date order: the newest version of a reservation is written last. A
        // signal stops this between two messages, never inside a write.
        let order = interrupt.received == nil ? waiting.dateOrder() : []
        var calendarProblems: [String] = []
        var spoolFailed = false
        var calendarFailed = false
        var recordedCount = 0
        var eventsWritten = 0
        func tellSpoolFailure(_ error: ScanWaitingError) {
            spoolFailed = true
            progress.clear()
            streams.error("eventsuggest: \(error.message)")
        }
        for (written, index) in order.enumerated() {
            if interrupt.received != nil { break }
            var analysis: (report: MessageReport, location: MessageLocation)
            do {
                analysis = try waiting.analysis(Int(index))
            } catch {
                summary.unreadable += 1
                tellSpoolFailure(error)
                continue
            }
            pipeline.record(&analysis.report)
            let report = analysis.report
            progress.writing(done: written + 1, total: order.count)
            summary.add(report)
            recordedCount += 1
            eventsWritten += report.outcomes.filter { [.created, .updated, .cancelled].contains($0.action) }.count
            if report.calendarError != nil || report.outcomes.contains(where: { $0.action == .failed }) { calendarFailed = true }
            waiting.recorded(Int(index), output: ScanWaitingMessages.Output(
                reportLine: reportPath == nil ? [] : Array((ReportJSON.object(report, at: analysis.location).serialized + "\n").utf8),
                logLines: log == nil ? [] : Array(FindingLog.lines(report, at: analysis.location).utf8)))
            tellSpoolProblems()
            // One stderr line per problem (an unwritable folder fails every write the same way).
            for problem in [report.calendarError].compactMap({ $0 }) + report.outcomes.filter({ $0.action == .failed }).compactMap(\.reason)
            where !calendarProblems.contains(problem) {
                calendarProblems.append(problem)
                progress.clear()
                streams.error("eventsuggest: calendar not written: \(problem)")
            }
        }
        progress.clear()

        // The waiting messages' lines, in input order: the log's after every other message's
        // (as they were before the spool), the report's where the line spool's NULs are.
        var nextWaiting = 0
        func putOutWaiting() {
            let index = nextWaiting
            nextWaiting += 1
            do {
                guard let output = try waiting.output(index) else { return }
                if !output.logLines.isEmpty { log?.write(bytes: output.logLines) }
                if reportPath != nil && !output.reportLine.isEmpty { writeReport(bytes: output.reportLine) }
            } catch {
                tellSpoolFailure(error)
            }
        }
        if reportPath != nil {
            do {
                try lineSpool.forEachPiece { piece in
                    var start = 0
                    while let marker = piece[start...].firstIndex(of: 0) {
                        if marker > start { writeReport(bytes: Array(piece[start..<marker])) }
                        putOutWaiting()
                        start = marker + 1
                    }
                    if start < piece.count { writeReport(bytes: Array(piece[start...])) }
                }
            } catch {
                tellSpoolFailure(.unreadable("\(error.path): cannot read the report lines set aside: \(error.reason)"))
            }
        }
        while nextWaiting < waiting.count { putOutWaiting() }
        let done = finishedCount + recordedCount

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
        if summary.unreadable > 0 || calendarFailed || spoolFailed { status = .findings }
        if let signal = interrupt.received {
            streams.error("eventsuggest: interrupted after \(done) of \(taken) messages; \(eventsWritten) events written")
            return signal == SIGINT ? .interrupted : .terminated
        }
        return status
    }

}
