import CalDAV
import CommandLineOptions
import Milter
import MilterService
import POSIXFiles

/// `eventsuggest milter`: filter's analysis for every message an MTA (Postfix, Sendmail)
/// receives, over libmilter, with many connections at once.
struct MilterCommand: ParsableCommand {
    static let summary = "Serve Postfix or Sendmail as a milter: filter's fields and events for every message received."
    static let synopsis = "milter --socket inet:PORT@HOST|unix:PATH [--calendar DIR|--caldav URL] [--registered FILE] [--on-error accept|tempfail] [--attach-event] [options]"
    static let discussion = """
        Postfix:   smtpd_milters = inet:127.0.0.1:8891
                   milter_default_action = accept
        Run:       eventsuggest milter --socket inet:8891@127.0.0.1 --calendar /srv/calendars/reservations

        At the end of each message the milter does exactly what 'filter' does: it inserts
        Authentication-Results and X-Event-Suggestion above the message's own fields,
        deletes earlier Authentication-Results fields that claim our --authserv-id and every
        earlier X-Event-Suggestion field, and writes the events of a trusted sender into
        each envelope recipient's calendar: --calendar and --caldav take a template with
        {recipient}, {user} and {domain}, filled in for every recipient (recipients with the
        same calendar get it written once; a fixed one is one calendar for all). It never
        rejects a message. A message larger than --limit message-bytes is passed on
        unexamined (our fields say so).

        Without --attach-event the milter never changes a body. --attach-event (off by
        default; as filter's, see 'eventsuggest help filter'): a trusted message with events
        also gets them as a text/calendar; method=PUBLISH part, so the reader's own "add to
        calendar" banner offers them. This changes the body (smfi_replacebody) and the
        Content-Type field, so a later DKIM check of the delivered copy fails
        (Authentication-Results keeps the verdict on the message as received). Never for an
        untrusted message, never past the message-bytes limit.

        --on-error: what a message gets when the milter itself fails (no state for the
        connection, an edit the MTA refused): accept (default, delivered unchanged) or
        tempfail (4xx, the client retries). A calendar that cannot be written is not such a
        failure: the mail passes, its X-Event-Suggestion says the event was not written
        (with several recipients: for how many of them, no calendar named; the log line
        names the recipients and why).

        Runs in the foreground and logs one line per message to standard error. SIGTERM or
        SIGINT stops it: no new connection is taken, and the process exits once the
        connections under way are done. The clock, the DKIM key cache and the
        --registered list are renewed every minute. README: "The milter".
        """
    static let command = CommandDescription(
        name: "milter", summary: summary, synopsis: synopsis, discussion: discussion,
        options: MilterOptions.options, operands: .none)

    var options: MilterOptions

    init(parsing values: ParsedValues) throws(UsageError) {
        guard values.operands.isEmpty else {
            throw UsageError(message: "milter takes its messages from the MTA and no PATH", command: "milter")
        }
        options = try MilterOptions(parsing: values)
        guard let socket = options.socketText, MilterServer.isSocketSpecification(socket) else {
            throw UsageError(message: "milter needs --socket inet:PORT@HOST or unix:PATH", command: "milter")
        }
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let socket = options.socketText ?? ""
        let onError: MilterFailureAction = options.onError == .tempfail ? .tempfail : .accept
        let limits = options.pipeline.limits.limits
        let pipelineOptions = options.pipeline
        let pipeline = RefreshingPipeline(initial: try pipelineOptions.pipeline(), lifetime: .seconds(60)) {
            try pipelineOptions.pipeline()
        }
        // Each envelope recipient's calendar, from the template (DESIGN.md "Beyond one machine").
        let recipientCalendars = try pipelineOptions.calendar.calendarDestination().map { destination in
            RecipientCalendars { recipient in destination.collection(for: recipient) }
        }
        let settings = MilterSettings(
            pipeline: pipeline, parseLimits: limits.message, maxMessageBytes: limits.mailbox.maxMessageBytes,
            authservID: options.pipeline.authservIdentifier, calendars: recipientCalendars,
            log: { line in try? FileDescriptor.standardError().write("eventsuggest milter: \(line)\n") })
        let attachesEvent = options.attachesEvent
        let server = MilterServer(socket: socket, onFailure: onError, changesBody: attachesEvent) {
            MilterSession(settings: settings, attachesEvents: attachesEvent)
        }
        try server.run { streams.error("eventsuggest milter: listening on \(socket)") }
        streams.error("eventsuggest milter: stopped")
        return .success
    }
}
