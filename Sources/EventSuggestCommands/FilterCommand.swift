#if canImport(Glibc)
import Glibc
#endif
import CommandLineOptions
import EventSuggest
import Findings
import Mailbox
import MailMessage
import POSIXFiles

/// `eventsuggest filter`: one message in, the same message out with our header fields,
/// for procmail (`:0 fw`) and maildrop (`xfilter`).
struct FilterCommand: ParsableCommand {
    static let summary = "Read one message on stdin, write it back with Authentication-Results and X-Event-Suggestion."
    static let synopsis = "filter [--calendar DIR] [--registered FILE] [options] < message > message-with-headers"
    static let discussion = """
        For procmail:   :0 fw
                        | eventsuggest filter --calendar $HOME/.calendars/reservations --registered $HOME/.eventsuggest/registered
        For maildrop:   xfilter "eventsuggest filter --calendar …"

        The message is written back byte for byte with two kinds of field added at the top
        (after an mbox 'From ' envelope line, which stays first): Authentication-Results
        (RFC 8601) and X-Event-Suggestion (what was found and done, one per event). Earlier
        Authentication-Results fields claiming our --authserv-id and every earlier
        X-Event-Suggestion field are removed, so a sender cannot forge either. Events are
        written into --calendar when the sender is trusted: a DKIM signature passes, its
        domain is aligned with From, and From's domain is registered.

        Mail is never lost and never passed on unprotected. When eventsuggest itself is not
        set up (a usage or configuration error, a missing --registered, --keys, --psl or
        --log file), the message still goes out whole with forged fields removed,
        'X-Event-Suggestion: error (…)', one line on standard error, exit 0. A calendar
        event that cannot be written is listed as 'failed' and the others are still written.
        --defer-on-error: exit 75 (EX_TEMPFAIL) with nothing on stdout on any of these and
        on a temporary DNS failure, so the mail server retries (with procmail, see the
        README's ':0 e' recipe). --defer-on-tempfail: the same for a DNS failure and a setup
        problem only.

        --attach-event (off by default): the delivered message also carries the events the
        calendar holds for it, as a text/calendar; method=PUBLISH part (RFC 5546), so the mail
        reader's own "add to calendar" banner offers them. This changes the body:
        a later DKIM check of the delivered copy fails (Authentication-Results keeps the
        verdict on the message as received). Never for an untrusted message, never without an event, never
        when the message would grow over the message-bytes limit (then it is delivered
        unchanged and X-Event-Suggestion says 'not attached').
        """
    static let command = CommandDescription(
        name: "filter", summary: summary, synopsis: synopsis, discussion: discussion,
        options: FilterOptions.options, operands: .none)

    var options: FilterOptions
    var temporaryFolder: TemporaryFolder

    init(parsing values: ParsedValues) throws(UsageError) {
        guard values.operands.isEmpty else {
            throw UsageError(message: "filter reads the message on standard input and takes no PATH", command: "filter")
        }
        options = try FilterOptions(parsing: values)
        temporaryFolder = TemporaryFolder(environment: values.environment)
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        // The setup: anything thrown here goes to setupFailed (EventSuggestTool.run).
        let limits = options.pipeline.limits.limits
        let pipeline = try options.pipeline.pipeline(readsEnvironmentRecipient: true)
        let log = try FindingLog(path: options.pipeline.logFile)
        let authservID = options.pipeline.authservIdentifier
        let deferOnError = options.defersOnError
        let deferOnTempfail = options.defersOnTempfail
        let location = MessageLocation(path: "-")

        let input: FilterInput.Content
        do {
            input = try FilterInput.read(limit: limits.mailbox.maxMessageBytes, headBytes: Self.headBytes(limits),
                                         temporaryFolder: temporaryFolder)
        } catch {
            return Self.unreadable(error, streams: streams)
        }
        switch input {
        case .overLimit(let head, let spill):
            // Delivered whole with our verdict fields, unexamined, and never held whole. Only
            // the header is looked at (its DKIM-Signature fields become neutral verdicts).
            let tooLarge = Finding(
                code: .messageTooLarge,
                message: "message of more than \(limits.mailbox.maxMessageBytes) bytes (limit message-bytes)")
            let verdict = pipeline.filterUnexamined(head: head, parsedBytes: Self.headBytes(limits), because: tooLarge,
                                                    limits: limits.message, authservID: authservID)
            log?.record(verdict.report, at: location)
            if let exit = Self.logFailed(log, deferOnError: deferOnError, streams: streams) { return exit }
            Self.write(verdict.pieces(of: head[...]), to: streams)
            do {
                try spill?.copy { streams.write(bytes: $0) }
                try FilterInput.copyRest { streams.write(bytes: $0) }
            } catch {
                // Part of the message is out already: the MTA must not count it delivered.
                streams.flush()
                streams.error("eventsuggest filter: \(error); exit 75 so the mail server retries")
                return .temporaryFailure
            }
        case .whole(let bytes):
            let verdict = pipeline.filter(bytes, limits: limits.message, authservID: authservID)
            let report = verdict.report
            log?.record(report, at: location)
            if let exit = Self.logFailed(log, deferOnError: deferOnError, streams: streams) { return exit }
            if deferOnTempfail, let failed = report.dkim.first(where: { $0.outcome == .temperror }) {
                streams.error("eventsuggest filter: deferring: a DKIM key lookup failed temporarily (\(failed.reason ?? ""))")
                return .temporaryFailure
            }
            if deferOnError, let problem = Self.calendarProblem(report) {
                streams.error("eventsuggest filter: deferring (--defer-on-error): \(problem)")
                return .temporaryFailure
            }
            if let problem = Self.calendarProblem(report) { streams.error("eventsuggest filter: \(problem)") }
            if options.attachesEvent {
                let attachment = CalendarPartAttachment(authservID: authservID, maximumMessageBytes: limits.mailbox.maxMessageBytes)
                    .attach(to: verdict.message, report: report)
                Self.write(FilterOutput.pieces(of: verdict.message, report: report, authservID: authservID, attachment: attachment),
                           to: streams)
            } else {
                Self.write(verdict.pieces(of: bytes[...]), to: streams)
            }
        }
        streams.flush()
        // A reader that went away got less than the message: the MTA must not count it delivered.
        return streams.outputFailed ? .temporaryFailure : .success
    }

    /// Closes the log before anything is written out. A log that lost lines is said on
    /// standard error and the message is delivered all the same (the log is a diagnostic,
    /// the mail is what matters); under --defer-on-error it is a failure like any other:
    /// exit 75 (returned here) and nothing on standard output, so the retry logs again.
    static func logFailed(_ log: FindingLog?, deferOnError: Bool, streams: StandardStreams) -> ExitStatus? {
        guard let problem = log?.close() else { return nil }
        if deferOnError {
            streams.error("eventsuggest filter: deferring (--defer-on-error): \(problem)")
            return .temporaryFailure
        }
        streams.error("eventsuggest filter: \(problem)")
        return nil
    }

    /// What the calendar did not do for a report, in one line, or nil when all went well.
    static func calendarProblem(_ report: MessageReport) -> String? {
        if let error = report.calendarError { return "calendar not written: \(error)" }
        let failed = report.outcomes.filter { $0.action == .failed }
        guard !failed.isEmpty else { return nil }
        return "\(failed.count) of \(report.outcomes.count) event(s) not written: \(failed[0].reason ?? "unknown error")"
    }

    /// How much of a message over the limit is read to find its header: the header budget
    /// and a little more (the envelope line, the line that ends the header).
    static func headBytes(_ limits: InputLimits) -> Int {
        min(limits.mailbox.maxMessageBytes, limits.message.maxHeaderBytes) + FilterInput.chunkSize
    }

    /// Writes the pieces in chunks: a large message is never copied whole into a buffer.
    static func write(_ pieces: [ArraySlice<UInt8>], to streams: StandardStreams) {
        for piece in pieces {
            var start = piece.startIndex
            while start < piece.endIndex {
                let end = min(piece.endIndex, start + FilterInput.chunkSize)
                streams.write(bytes: Array(piece[start..<end]))
                start = end
            }
        }
    }

    static func unreadable(_ error: FileError, streams: StandardStreams) -> ExitStatus {
        streams.error("eventsuggest filter: \(error); exit 75 so the mail server retries")
        return .temporaryFailure
    }

    // MARK: - Setup failures

    /// Every failure before the message is analysed (usage, configuration, a missing file)
    /// gets one answer: the message goes out whole, forged fields removed, with our fields
    /// saying why nothing was verified, one line on standard error, exit 0; or, when the
    /// user asked to defer (--defer-on-error, --defer-on-tempfail), exit 75 and no output.
    ///
    /// Exit 0 is the default because of procmail: on any other exit status of a `:0 fw`
    /// filter it delivers the original message, forged `Authentication-Results` and
    /// `X-Event-Suggestion` fields included. maildrop would defer instead, and mail would
    /// pile up in the queue until someone notices; the user who prefers that says so.
    static func setupFailed(_ error: any Error, commandLine: [String], environment: [String: String],
                            streams: StandardStreams) -> ExitStatus {
        let problem = EventSuggestTool.problemText(error)
        let deferring = ["defer-on-error", "defer-on-tempfail"].contains {
            ConfigurationFile.bestEffort($0, commandLine: commandLine, environment: environment).present
        }
        if deferring {
            streams.error("eventsuggest filter: \(problem); deferring: exit 75 so the mail server retries")
            return .temporaryFailure
        }
        let authservID = ConfigurationFile.bestEffort("authserv-id", commandLine: commandLine, environment: environment).value
            ?? "eventsuggest"
        let defaults = InputLimits.default
        let input: FilterInput.Content
        do {
            input = try FilterInput.read(limit: defaults.mailbox.maxMessageBytes, headBytes: headBytes(defaults),
                                         temporaryFolder: TemporaryFolder(environment: environment))
        } catch {
            streams.error("eventsuggest filter: \(problem)")
            return unreadable(error, streams: streams)
        }
        streams.error("eventsuggest filter: \(problem); the message was delivered unexamined")
        let (bytes, spill): ([UInt8], SpillFile?) = switch input {
        case .whole(let bytes): (bytes, nil)
        case .overLimit(let head, let spill): (head, spill)
        }
        let edit = FilterHeaderEdit(scanning: bytes[...], authservID: authservID)
        let fields = FilterOutput.setupFailureFields(problem: problem, isSigned: edit.isSigned, authservID: authservID,
                                                     lineEnding: edit.lineEnding)
        write(edit.pieces(of: bytes[...], inserting: fields), to: streams)
        if case .overLimit = input {
            do {
                try spill?.copy { streams.write(bytes: $0) }
                try FilterInput.copyRest { streams.write(bytes: $0) }
            } catch {
                streams.flush()
                return unreadable(error, streams: streams)
            }
        }
        streams.flush()
        return streams.outputFailed ? .temporaryFailure : .success
    }
}
