import DKIM
import Findings
import ICalendar
import MailMessage
import SchemaMarkup
import SenderPolicy

extension MessageReport {
    /// A report made again from its parts, outside this module: `scan` sets reports aside
    /// on disk and reads them back (issue 21).
    public static func restored(
        messageID: String?, from: EmailAddress?, date: Int64?, dkim: [DKIMResult], decision: PolicyDecision,
        reservations: [Reservation], outcomes: [StoreOutcome], findings: [Finding], calendarError: String?
    ) -> MessageReport {
        MessageReport(messageID: messageID, from: from, date: date, dkim: dkim, decision: decision, reservations: reservations,
                      outcomes: outcomes, findings: findings, calendarError: calendarError)
    }
}
