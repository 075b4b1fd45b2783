import EventSuggest
import MailMessage

/// What every message of a milter shares: the pipeline (rebuilt now and then, see
/// ``RefreshingPipeline``), the limits, our authserv-id and where the log lines go.
public struct MilterSettings: Sendable {
    public var pipeline: RefreshingPipeline
    public var parseLimits: ParseLimits
    /// `--limit message-bytes`: a larger message is passed on unexamined, as `filter` does.
    public var maxMessageBytes: Int
    public var authservID: String
    /// Each envelope recipient's calendar; nil: the pipeline's own store (or none) for all.
    public var calendars: RecipientCalendars?
    /// One line per message (the CLI writes it to standard error).
    public var log: @Sendable (String) -> Void

    public init(pipeline: RefreshingPipeline, parseLimits: ParseLimits, maxMessageBytes: Int, authservID: String,
                calendars: RecipientCalendars? = nil, log: @escaping @Sendable (String) -> Void) {
        self.pipeline = pipeline
        self.parseLimits = parseLimits
        self.maxMessageBytes = maxMessageBytes
        self.authservID = authservID
        self.calendars = calendars
        self.log = log
    }
}
