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
    /// Temporary files an interrupted writer had left in the calendar folder, removed before writing.
    var removedTemporaryFiles = 0

    mutating func add(_ report: MessageReport) {
        messages += 1
        if !report.dkim.isEmpty { signed += 1 }
        if report.dkim.contains(where: { $0.outcome == .pass }) { verified += 1 }
        if report.decision.trusted { trusted += 1 }
        if !report.reservations.isEmpty { withMarkup += 1 }
        for reservation in report.reservations { reservationsByType[reservation.kind.rawValue, default: 0] += 1 }
        // A part the calendar already holds in a newer version (a second scan of a folder, a
        // redelivery) is unchanged, not skipped, and no diagnostic: nothing is wrong.
        for outcome in report.outcomes { events[outcome.isAlreadyInCalendar ? .unchanged : outcome.action, default: 0] += 1 }
        for finding in report.findings { diagnostics[finding.code, default: 0] += 1 }
        for outcome in report.outcomes where outcome.action == .skipped && !outcome.isAlreadyInCalendar {
            diagnostics[outcome.code ?? "skipped", default: 0] += 1
        }
    }

    var text: String {
        // Sections of (label, count) rows; every count starts in one column.
        var sections: [(title: String, rows: [(String, Int)])] = []
        var summary = [("messages", messages), ("DKIM-signed", signed), ("verified (dkim=pass)", verified),
                       ("trusted senders", trusted), ("with reservations", withMarkup)]
        if unreadable > 0 { summary.append(("unreadable inputs", unreadable)) }
        sections.append(("Summary", summary))
        if !reservationsByType.isEmpty {
            sections.append(("Reservations", reservationsByType.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        var eventRows = [StoreOutcome.Action.created, .updated, .cancelled, .unchanged, .skipped].map {
            ($0.rawValue, events[$0, default: 0])
        }
        // Shown only when it happened (a disk full mid-run), so the usual summary stays as it is.
        if let failed = events[.failed], failed > 0 { eventRows.append(("failed (not written)", failed)) }
        if removedTemporaryFiles > 0 { eventRows.append(("stale temp files removed", removedTemporaryFiles)) }
        sections.append(("Events", eventRows))
        if !diagnostics.isEmpty {
            let top = diagnostics.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(8)
            sections.append(("Top diagnostics", top.map { ($0.key, $0.value) }))
        }
        let width = max(22, (sections.flatMap { $0.rows.map(\.0.count) }.max() ?? 0) + 2)
        var lines: [String] = []
        for section in sections {
            lines.append(section.title)
            lines += section.rows.map { "  " + $0.0.padding(toLength: width) + String($0.1) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
