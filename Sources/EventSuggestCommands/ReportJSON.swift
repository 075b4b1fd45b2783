import DKIM
import EventSuggest
import ICalendar
import JSON
import Mailbox

/// The JSON-lines report of DESIGN.md: one object per message.
enum ReportJSON {
    static func object(_ report: MessageReport, at location: MessageLocation) -> JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(location.path))]
        if let line = location.line { members.append(("line", .number(line))) }
        members += [
            ("messageId", .optional(report.messageID)),
            ("from", .optional(report.from?.address)),
            ("dkim", .array(report.dkim.map { result in
                .object([
                    ("domain", .optional(result.domain)), ("selector", .optional(result.selector)),
                    ("algorithm", .optional(result.algorithm)), ("result", .string(result.outcome.rawValue)),
                    ("reason", .optional(result.reason)),
                ])
            })),
            ("policy", .object([
                ("trusted", .bool(report.decision.trusted)), ("code", .string(report.decision.code)),
                ("domain", .optional(report.decision.domain)), ("reason", .string(report.decision.reason)),
                ("notes", .array(report.decision.notes.map(JSONValue.string))),
            ])),
            ("reservations", .array(report.reservations.map(ReservationText.json))),
            ("events", .array(report.outcomes.map { outcome in
                .object([
                    ("action", .string(outcome.action.rawValue)), ("code", .optional(outcome.code)),
                    ("summary", .optional(outcome.summary)), ("start", .optional(outcome.start?.description)),
                    ("reservationId", .optional(outcome.reservationID)), ("item", .string(outcome.itemReference)),
                    ("uid", .optional(outcome.uid?.value)), ("file", .optional(outcome.fileName)),
                    ("reason", .optional(outcome.reason)),
                ])
            })),
            ("diagnostics", .array(report.findings.map { FindingText.json($0, in: location) })),
        ]
        return .object(members)
    }
}
