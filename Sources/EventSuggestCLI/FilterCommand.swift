#if canImport(Glibc)
import Glibc
#endif
import DKIM
import EventSuggest
import Findings
import Mailbox
import MailMessage

/// `eventsuggest filter`: one message in, the same message out with our header fields,
/// for procmail (`:0 fw`) and maildrop (`xfilter`).
enum FilterCommand: Command {
    static let name = "filter"
    static let summary = "Read one message on stdin, write it back with Authentication-Results and X-Event-Suggestion."
    static let synopsis = "filter [--calendar DIR] [--registered FILE] [options] < message > message-with-headers"
    static let discussion = """
        For procmail:   :0 fw
                        | eventsuggest filter --calendar $HOME/.calendars/reservations --registered $HOME/.eventsuggest/registered
        For maildrop:   xfilter "eventsuggest filter --calendar …"

        The message is written back byte for byte with two kinds of field prepended:
        Authentication-Results (RFC 8601; earlier ones claiming our --authserv-id are
        removed, so a sender cannot forge our verdict) and X-Event-Suggestion (what was
        found and done, one per event). Events are written into --calendar when the
        sender is trusted: a DKIM signature passes, its domain is aligned with From, and
        From's domain is registered.

        Mail is never lost: the whole message is read first; whatever happens later, the
        output is the complete message (with our fields, or unchanged after an internal
        error). With --defer-on-tempfail a DNS failure exits 75 (EX_TEMPFAIL) and writes
        nothing, so the mail server retries later. A calendar folder that cannot be written
        is reported in X-Event-Suggestion; the message is still delivered.
        """
    static let options: [OptionSpec] = PipelineOptions.specs + [
        .flag("defer-on-tempfail", "Exit 75 (EX_TEMPFAIL) without output when a key lookup fails temporarily."),
    ]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "filter reads the message on standard input and takes no PATH", command: name)
        }
        let limits = try LimitOptions.limits(arguments, command: name)
        let pipeline = try PipelineOptions.pipeline(arguments, limits: limits, command: name)
        let log = try FindingLog(path: arguments.value("log"))
        // Read everything before anything is written: the output is then always whole.
        let input = try MessageSource.readWhole("-", limits: MailboxLimits(maxMessageBytes: .max))
        let message = MailMessage(bytes: input.bytes, limits: limits.message)
        // Over the size limit the message is still delivered whole, with our verdict fields, unexamined.
        let report = input.bytes.count > limits.mailbox.maxMessageBytes
            ? pipeline.unexamined(message, because: Finding(
                code: MailboxFindingCode.messageTooLarge, severity: .error,
                message: "message of \(input.bytes.count) bytes is larger than \(limits.mailbox.maxMessageBytes) (limit message-bytes)"))
            : pipeline.process(message)
        log?.record(report, at: input.location)
        if arguments.has("defer-on-tempfail") && report.dkim.contains(where: { $0.outcome == .temperror }) {
            streams.error("eventsuggest filter: deferring: a DKIM key lookup failed temporarily (\(report.dkim.first { $0.outcome == .temperror }?.reason ?? ""))")
            return .temporaryFailure
        }
        streams.write(bytes: FilterOutput.rewrite(message, report: report, authservID: PipelineOptions.authservID(arguments)))
        streams.flush()
        // A reader that went away got less than the message: the MTA must not count it delivered.
        return streams.outputFailed ? .temporaryFailure : .success
    }
}
