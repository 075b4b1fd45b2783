import JSON
import Findings
import Mailbox

/// Compiler-style text for findings: `path:line:column: warning: message [code]`.
///
/// A position in the decoded text of a MIME part (markup in a quoted-printable HTML part)
/// names the part: `mail.eml(part 2):12:5: …`; a message line inside an mbox is turned
/// into a line of the mbox file.
enum FindingText {
    static func line(_ finding: Finding, in location: MessageLocation) -> String {
        var text = location.path
        if let position = finding.location {
            if position.inDecodedText {
                if let part = position.part { text += "(part \(part))" }
                text += ":\(position.line)"
            } else {
                text += ":\(location.fileLine(position.line))"
            }
            if let column = position.column { text += ":\(column)" }
        } else if let line = location.line {
            text += ":\(line)"
        }
        text += ": \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"
        if let position = finding.location, !position.inDecodedText, let part = position.part {
            text += " (part \(part))"
        }
        return text
    }

    static func json(_ finding: Finding, in location: MessageLocation) -> JSONValue {
        let position = finding.location
        return .object([
            ("severity", .string(finding.severity.rawValue)),
            ("code", .string(finding.code)),
            ("message", .string(finding.message)),
            ("line", .optional(position.map { $0.inDecodedText ? $0.line : location.fileLine($0.line) })),
            ("column", .optional(position?.column)),
            ("part", .optional(position?.part)),
        ])
    }
}
