import DKIM
import ICalendar
import MailMessage

extension FilterOutput {
    /// ``pieces(of:report:authservID:notExamined:)`` for `--attach-event`: the message as
    /// ``CalendarPartAttachment`` left it (with its part, or unchanged), and our fields, whose
    /// `X-Event-Suggestion` lines point at the part.
    ///
    /// The field and the part name each other: each line of an event in the part ends with
    /// `; uid=UID; part=cid:CONTENT-ID` (RFC 2392 names a body part by its Content-ID), and
    /// the part holds the VEVENT with that UID. When the part was left out, the line says
    /// `; uid=UID; not attached: why`. Authentication-Results records the verdict on the
    /// message as received (RFC 8601 §5), not on the changed copy.
    public static func pieces(of message: MailMessage, report: MessageReport, authservID: String,
                              attachment: CalendarPartAttachment.Result) -> [ArraySlice<UInt8>] {
        let bytes: [UInt8]
        if case .attached(let attached) = attachment { bytes = attached.bytes } else { bytes = message.bytes }
        let edit = FilterHeaderEdit(scanning: bytes[...], authservID: authservID)
        return edit.pieces(of: bytes[...], inserting: fields(report: report, authservID: authservID,
                                                             lineEnding: edit.lineEnding, attachment: attachment))
    }

    /// Our fields for `--attach-event`: Authentication-Results, then the X-Event-Suggestion
    /// lines of ``suggestions(_:attachment:)``, in `lineEnding`. The same bytes for `filter`
    /// and for the milter, which inserts them field by field
    /// (``FilterVerdict/attaching(_:authservID:)``).
    public static func fields(report: MessageReport, authservID: String, lineEnding: [UInt8],
                              attachment: CalendarPartAttachment.Result) -> [UInt8] {
        var fields = authenticationResults(AuthenticationResults.fieldValue(authservID: authservID, results: report.dkim),
                                           lineEnding: lineEnding)
        for suggestion in suggestions(report, attachment: attachment) {
            fields += suggestion.fieldBytes(lineEnding: lineEnding)
        }
        return fields
    }

    /// ``suggestions(_:)`` with the part named on the lines of the events it carries.
    public static func suggestions(_ report: MessageReport, attachment: CalendarPartAttachment.Result) -> [SuggestionField] {
        var fields = suggestions(report)
        // One line per outcome exactly when the calendar was written (``suggestions(_:)``).
        guard report.calendarError == nil, report.decision.trusted, fields.count == report.outcomes.count else { return fields }
        for (index, outcome) in report.outcomes.enumerated() {
            guard let uid = outcome.event?.property("UID")?.rawValue else { continue }
            switch attachment {
            case .attached(let attached) where attached.uids.contains(uid):
                fields[index].pieces.append(.plain("; uid=\(uid); part=cid:\(attached.contentID)"))
            case .notAttached(let uids, let reason) where uids.contains(uid):
                fields[index].pieces += [.plain("; uid=\(uid); not attached: "), .text(reason)]
            default:
                continue
            }
        }
        return fields
    }
}
