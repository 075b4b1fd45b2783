import DKIM
import EventSuggest
import ICalendar

/// The counts `scan` prints at the end.
struct ScanSummary {
    var messages = 0
    var signed = 0
    var verified = 0
    var trusted = 0
    var withMarkup = 0
    var reservationsByType: [String: Int] = [:]
    var events: [StoreOutcome.Action: Int] = [:]
    var diagnostics: [String: Int] = [:]
    var unreadable = 0

    mutating func add(_ report: MessageReport) {
        messages += 1
        if !report.dkim.isEmpty { signed += 1 }
        if report.dkim.contains(where: { $0.outcome == .pass }) { verified += 1 }
        if report.decision.trusted { trusted += 1 }
        if !report.reservations.isEmpty { withMarkup += 1 }
        for reservation in report.reservations { reservationsByType[reservation.kind.rawValue, default: 0] += 1 }
        for outcome in report.outcomes { events[outcome.action, default: 0] += 1 }
        for finding in report.findings { diagnostics[finding.code, default: 0] += 1 }
        for outcome in report.outcomes where outcome.action == .skipped { diagnostics[outcome.code ?? "skipped", default: 0] += 1 }
    }

    var text: String {
        func row(_ label: String, _ value: Int) -> String { "  " + label.padding(toLength: 22) + String(value) }
        var lines = ["Summary"]
        lines += [row("messages", messages), row("DKIM-signed", signed), row("verified (dkim=pass)", verified),
                  row("trusted senders", trusted), row("with reservations", withMarkup)]
        if unreadable > 0 { lines.append(row("unreadable inputs", unreadable)) }
        if !reservationsByType.isEmpty {
            lines.append("Reservations")
            lines += reservationsByType.sorted { $0.key < $1.key }.map { row($0.key, $0.value) }
        }
        lines.append("Events")
        for action in [StoreOutcome.Action.created, .updated, .cancelled, .unchanged, .skipped] {
            lines.append(row(action.rawValue, events[action, default: 0]))
        }
        if !diagnostics.isEmpty {
            lines.append("Top diagnostics")
            let top = diagnostics.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8)
            lines += top.map { row($0.key, $0.value) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
