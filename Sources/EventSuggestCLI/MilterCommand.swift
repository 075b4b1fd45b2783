import Milter
import MilterService
import POSIXFiles

/// `eventsuggest milter`: filter's analysis for every message an MTA (Postfix, Sendmail)
/// receives, over libmilter, with many connections at once.
enum MilterCommand: Command {
    static let name = "milter"
    static let summary = "Serve Postfix or Sendmail as a milter: filter's fields and events for every message received."
    static let synopsis = "milter --socket inet:PORT@HOST|unix:PATH [--calendar DIR] [--registered FILE] [--on-error accept|tempfail] [options]"
    static let discussion = """
        Postfix:   smtpd_milters = inet:127.0.0.1:8891
                   milter_default_action = accept
        Run:       eventsuggest milter --socket inet:8891@127.0.0.1 --calendar /srv/calendars/reservations

        At the end of each message the milter does exactly what 'filter' does: it inserts
        Authentication-Results and X-Event-Suggestion above the message's own fields,
        deletes earlier Authentication-Results fields that claim our --authserv-id and every
        earlier X-Event-Suggestion field, and writes the events of a trusted sender into
        --calendar. It never rejects a message and never changes a body. A message larger
        than --limit message-bytes is passed on unexamined (our fields say so).

        --on-error: what a message gets when the milter itself fails (no state for the
        connection, an edit the MTA refused): accept (default, delivered unchanged) or
        tempfail (4xx, the client retries). A calendar that cannot be written is not such a
        failure: the mail passes, its X-Event-Suggestion says the event was not written.

        Runs in the foreground and logs one line per message to standard error. SIGTERM or
        SIGINT stops it: no new connection is taken, and the process exits once the
        connections under way are done. The clock, the DKIM key cache and the
        --registered list are renewed every minute.
        """
    static let options: [OptionSpec] = PipelineOptions.specs.filter { $0.name != "log" } + [
        .value("socket", "SPEC", "Where to listen: inet:PORT@HOST (e.g. inet:8891@127.0.0.1) or unix:PATH."),
        .value("on-error", "ACTION", "When the milter itself fails: accept (default) or tempfail."),
    ]

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "milter takes its messages from the MTA and no PATH", command: name)
        }
        guard let socket = arguments.value("socket"), MilterServer.isSocketSpecification(socket) else {
            throw UsageError(message: "milter needs --socket inet:PORT@HOST or unix:PATH"
                + (arguments.value("socket").map { ", not '\($0)'" } ?? ""), command: name)
        }
        let onErrorText = arguments.value("on-error") ?? "accept"
        guard let onError = MilterFailureAction(rawValue: onErrorText) else {
            throw UsageError(message: "--on-error wants accept or tempfail, not '\(onErrorText)'", command: name)
        }
        let limits = try LimitOptions.limits(arguments, command: name)
        let pipeline = RefreshingPipeline(
            initial: try PipelineOptions.pipeline(arguments, limits: limits, command: name), lifetime: .seconds(60)
        ) { try PipelineOptions.pipeline(arguments, limits: limits, command: name) }
        let settings = MilterSettings(
            pipeline: pipeline, parseLimits: limits.message, maxMessageBytes: limits.mailbox.maxMessageBytes,
            authservID: PipelineOptions.authservID(arguments),
            log: { line in try? FileDescriptor.standardError().write("eventsuggest milter: \(line)\n") })
        let server = MilterServer(socket: socket, onFailure: onError) { MilterSession(settings: settings) }
        try server.run { streams.error("eventsuggest milter: listening on \(socket)") }
        streams.error("eventsuggest milter: stopped")
        return .success
    }
}
