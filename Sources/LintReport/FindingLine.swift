import Findings

/// The compiler-style text of one finding, the one text format every output uses:
/// `path:line:column: severity: message [code]`.
///
/// The position is `SourceLocation.rendered`: for a position in a decoded MIME part
/// (quoted-printable, base64) the file position is where the part begins and the message
/// ends with the place inside it: `mail.eml:40:1: error: … (part 2, line 14:36 of its
/// decoded text) [code]`.
public enum FindingLine {
    public static func text(_ finding: Finding, path: String, messageStartLine: Int? = nil) -> String {
        var text = path
        let rendered = finding.location?.rendered(messageStartLine: messageStartLine)
        if let rendered, rendered.line != nil {
            text += ":" + rendered.lineAndColumn
        } else if let messageStartLine {
            text += ":\(messageStartLine):1"     // a message of an mbox: where it begins
        }
        // A finding about a whole file (no markup, DKIM) has no place: `path: error: …`.
        return text + ": \(finding.severity.rawValue): " + message(finding) + " [\(finding.code)]"
    }

    /// The message with the position note, if any (`… (part 2, line 14:36 of its decoded text)`).
    public static func message(_ finding: Finding) -> String {
        guard let note = finding.location?.rendered().note else { return finding.message }
        return finding.message + " " + note
    }
}
