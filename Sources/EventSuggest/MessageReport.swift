import DKIM
import Findings
import ICalendar
import MailMessage
import SchemaMarkup
import SenderPolicy

/// Everything the pipeline found and did for one message: the value every output mode
/// (filter headers, scan report, summary) is made from.
public struct MessageReport: Sendable {
    public var messageID: String?
    public var from: EmailAddress?
    /// The message Date as seconds since 1970 — only the Date instance the deciding DKIM
    /// signature covers (`SignedHeaderView.date(now:)`); nil when the message is not trusted,
    /// or its Date is missing, unsigned, duplicated, unparsable or more than a day after the
    /// clock. The version rule takes nil as older than anything stored.
    public var date: Int64?
    public var dkim: [DKIMResult]
    public var decision: PolicyDecision
    /// The reservations in the message's own HTML parts (trusted or not).
    public var reservations: [Reservation]
    /// What the calendar did with them (empty when not trusted or no calendar is kept).
    public var outcomes: [StoreOutcome]
    public var findings: [Finding]
    /// The calendar folder failed (unwritable, full): the message is still delivered.
    public var calendarError: String?

    /// The key a scan orders messages by before writing events: the newest version of a
    /// reservation must be written last (modifiedTime, else Date).
    public var orderKey: Int64 {
        reservations.compactMap { $0.modifiedTime?.instant.map { Int64($0) } }.max() ?? date ?? 0
    }
}
