import Findings
import SchemaMarkup

/// `lint --format html`: one self-contained page for a person to look at.
///
/// Each file's findings beside the excerpt of the source they point at, and a calendar card
/// per reservation (what the mail becomes as an event). Nothing loads from anywhere: inline
/// CSS, no script, a `default-src 'none'` Content-Security-Policy, and every text from the
/// mail escaped, so the mail's own images and links are shown as text, never fetched.
public enum HTMLReport {
    public static func page(_ files: [LintedFile], help: CodeHelp) -> String {
        let findings = files.flatMap(\.findings)
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="referrer" content="no-referrer">
            <title>eventsuggest lint</title>
            <style>\(style)</style>
            </head><body>
            <h1>eventsuggest lint</h1>
            <p class="summary">\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") \
            in \(files.count) file\(files.count == 1 ? "" : "s")</p>

            """
        for file in files { html += section(file, help: help) }
        return html + "</body></html>\n"
    }

    static func section(_ file: LintedFile, help: CodeHelp) -> String {
        var html = "<section class=\"file\"><h2>\(escape(file.name))</h2>\n"
        if let reason = file.unreadable {
            html += "<p class=\"unreadable\">\(escape(reason))</p>\n"
        }
        if !file.reservations.isEmpty {
            html += "<div class=\"cards\">\n" + file.reservations.map(card).joined() + "</div>\n"
        }
        if !file.findings.isEmpty {
            html += "<ol class=\"findings\">\n"
            for finding in file.findings {
                html += "<li class=\"finding \(finding.severity.rawValue)\" data-code=\"\(escape(finding.code))\">"
                html += "<p class=\"line\">" + escape(FindingLine.text(finding, path: file.path, messageStartLine: file.messageStartLine))
                    + "</p>"
                if let text = help.help(for: finding.code) { html += "<p class=\"help\">\(escape(text))</p>" }
                if let location = finding.location, let excerpt = excerpt(location, in: file) { html += excerpt }
                html += "</li>\n"
            }
            html += "</ol>\n"
        } else if file.unreadable == nil {
            html += "<p class=\"clean\">No findings.</p>\n"
        }
        return html + "</section>\n"
    }

    /// The reservation as a calendar shows it: title, when (in the zone or offset as written),
    /// where, and the fields a traveller looks for.
    static func card(_ reservation: Reservation) -> String {
        var rows: [(String, String)] = []
        func add(_ label: String, _ value: String?) { if let value, !value.isEmpty { rows.append((label, value)) } }
        add("When", when(reservation))
        add("Where", place(reservation.place))
        add("To", place(reservation.destination))
        add("Status", reservation.status?.rawValue)
        add("Confirmation", reservation.reservationID)
        add("Name", reservation.underName)
        add("Party", reservation.partySize.map { "\($0) \($0 == 1 ? "person" : "people")" })
        add("Trip", [reservation.provider, reservation.tripNumber].compactMap { $0 }.joined(separator: " "))
        add("Seat", reservation.seat)
        add("Ticket", reservation.ticketNumber)
        add("Booked via", reservation.broker)
        add("Link", reservation.url)
        let title = reservation.name ?? reservation.kind.rawValue
        var html = "<article class=\"card\" data-kind=\"\(escape(reservation.kind.rawValue))\">"
        html += "<h3>\(escape(title))</h3><dl>"
        for (label, value) in rows { html += "<dt>\(escape(label))</dt><dd>\(escape(value))</dd>" }
        return html + "</dl></article>\n"
    }

    static func when(_ reservation: Reservation) -> String? {
        guard let start = reservation.start else { return nil }
        let readable: (DateTimeValue) -> String = { $0.description.replacing("T", with: " ") }
        return readable(start) + (reservation.end.map { " – " + readable($0) } ?? "")
    }

    static func place(_ place: Place?) -> String? {
        guard let place, !place.isEmpty else { return nil }
        return [place.name, place.code.map { "(\($0))" }, place.address?.formatted].compactMap { $0 }.joined(separator: " ")
    }

    /// Up to two lines either side of the position, in the text it counts in, the line
    /// itself marked and a caret under the column.
    static func excerpt(_ location: SourceLocation, in file: LintedFile) -> String? {
        guard let text = file.texts[location.text] else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let first = max(1, location.line - 2), last = min(lines.count, location.line + 2)
        var html = "<pre class=\"excerpt\">"
        for number in first...last {
            let content = String(lines[number - 1].prefix(400))
            let mark = number == location.line ? " class=\"at\"" : ""
            html += "<span\(mark)><span class=\"number\">\(number)</span>\(escape(content))</span>\n"
            if number == location.line, let column = location.column, column >= 1 {
                html += "<span class=\"caret\"><span class=\"number\"></span>\(String(repeating: " ", count: min(column - 1, 400)))^</span>\n"
            }
        }
        return html + "</pre>"
    }

    /// HTML text and attribute values: `&`, `<`, `>`, `"`, `'` as references, so nothing from
    /// the mail becomes markup.
    public static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case _ where scalar.value < 0x20 && scalar != "\t" && scalar != "\n": output += " "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
        h2{font-size:1.1em;border-bottom:1px solid #ccc}
        .cards{display:flex;flex-wrap:wrap;gap:1em;margin:1em 0}
        .card{border:1px solid #bbb;border-radius:8px;padding:.5em 1em;min-width:16em;background:#fafaff}
        .card h3{margin:.2em 0}.card dl{display:grid;grid-template-columns:auto 1fr;gap:.1em 1em;margin:0}
        .card dt{color:#666}.finding{margin:.5em 0}.finding .line{margin:0;font-family:monospace}
        .error .line{color:#a00}.warning .line{color:#960}.note .line{color:#06c}.help{margin:0;color:#555}
        .excerpt{background:#f4f4f4;padding:.3em;overflow-x:auto}.excerpt .at{background:#fee}
        .number{display:inline-block;width:4em;color:#999}.caret{color:#a00}
        """
}
