import EventSuggest
import ICalendar
import Mailbox

/// The one line the milter logs per message, e.g.
/// `4XyZ1: to=<a@example.org>,<b@example.org> 4711 bytes dkim=pass trusted (…) reservations=2 created=2`.
/// Never the message's text beyond what filter's own fields carry (no subject, no body).
struct MilterLogLine {
    let queueID: String?
    let recipients: [String]
    let size: Int
    let verdict: FilterVerdict
    /// Each recipient calendar written or tried (empty: the pipeline's own store, or none).
    var calendars: [RecipientCalendars.Written] = []

    var text: String {
        let report = verdict.report
        var parts = ["\(queueID ?? "-"):", "to=" + recipients.map { "<\(Self.printable($0))>" }.joined(separator: ","),
                     "\(size) bytes"]
        parts.append("dkim=" + (report.dkim.isEmpty ? "none" : report.dkim.map(\.outcome.rawValue).joined(separator: ",")))
        parts.append(report.decision.trusted ? "trusted" : "untrusted (\(report.decision.code))")
        parts.append("reservations=\(report.reservations.count)")
        var counts: [StoreOutcome.Action: Int] = [:]
        for outcome in report.outcomes { counts[outcome.action, default: 0] += 1 }
        for action in [StoreOutcome.Action.created, .updated, .cancelled, .unchanged, .skipped, .failed] {
            if let count = counts[action] { parts.append("\(action.rawValue)=\(count)") }
        }
        if calendars.count > 1 { parts.append("calendars=\(calendars.count)") }
        let unwritten = calendars.filter { !$0.isWritten }
        if !unwritten.isEmpty {
            for calendar in unwritten {
                let reason = calendar.report.calendarError
                    ?? calendar.report.outcomes.first(where: { $0.action == .failed })?.reason ?? "not written"
                parts.append("calendar not written for " + calendar.recipients.map { "<\(Self.printable($0))>" }.joined(separator: ",")
                             + ": \(Self.printable(reason))")
            }
        } else if let error = report.calendarError {
            parts.append("calendar not written: \(Self.printable(error))")
        }
        if !verdict.edit.removed.isEmpty { parts.append("removed \(verdict.edit.removed.count) forged field(s)") }
        if let tooLarge = report.findings.first(where: { $0.has(.messageTooLarge) }) {
            parts.append("not examined: \(tooLarge.message)")
        }
        return parts.joined(separator: " ")
    }

    /// Text from the envelope or the calendar, on one line of printable ASCII.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }
}
