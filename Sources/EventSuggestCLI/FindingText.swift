import Findings
import Mailbox

/// Compiler-style text for findings: `path:line: warning: message [code]`.
enum FindingText {
    static func line(_ finding: Finding, in location: MessageLocation) -> String {
        var text = location.path
        if let line = finding.location?.line { text += ":\(location.fileLine(line))" } else if let line = location.line { text += ":\(line)" }
        if let column = finding.location?.column { text += ":\(column)" }
        text += ": \(finding.severity.rawValue): \(finding.message) [\(finding.code)]"
        if let part = finding.location?.part { text += " (part \(part))" }
        return text
    }

    static func json(_ finding: Finding, in location: MessageLocation) -> JSONValue {
        .object([
            ("severity", .string(finding.severity.rawValue)),
            ("code", .string(finding.code)),
            ("message", .string(finding.message)),
            ("line", .optional(finding.location.map { location.fileLine($0.line) })),
            ("part", .optional(finding.location?.part)),
        ])
    }
}
