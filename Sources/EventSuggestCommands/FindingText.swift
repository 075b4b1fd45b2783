import JSON
import Findings
import LintReport
import MailMessage
import Mailbox

/// Compiler-style text for findings: `path:line:column: warning: message [code]`, the
/// position rendered by `SourceLocation.rendered` (the one rendering every output uses).
///
/// A position in the decoded text of a MIME part (markup in a quoted-printable HTML part)
/// points at the part's first line in the file and says where in the part:
/// `mail.eml:40:1: error: … (part 2, line 12:5 of its decoded text) [code]`; a message
/// line inside an mbox is turned into a line of the mbox file.
enum FindingText {
    static func line(_ finding: Finding, in location: MessageLocation) -> String {
        FindingLine.text(finding, path: location.path, messageStartLine: location.line)
    }

    /// `line`/`column` are always the file's (as in the text format); a position in a decoded
    /// part adds `partLine`/`partColumn`, its place in the part's decoded text.
    static func json(_ finding: Finding, in location: MessageLocation) -> JSONValue {
        let position = finding.location
        let rendered = position?.rendered(messageStartLine: location.line)
        var inPart: SourceLocation?
        if let position, case .decodedPart = position.text { inPart = position }
        var pairs: [(String, JSONValue)] = [
            ("severity", .string(finding.severity.rawValue)),
            ("code", .string(finding.code)),
            ("message", .string(finding.message)),
            ("line", .optional(rendered?.line)),
            ("column", .optional(rendered?.column)),
            ("part", .optional(position?.part?.text)),
        ]
        // Only where they say something: the note, and the place in a decoded part.
        if let note = rendered?.note { pairs.append(("note", .string(note))) }
        if let inPart {
            pairs.append(("partLine", .number(inPart.line)))
            pairs.append(("partColumn", .optional(inPart.column)))
        }
        return .object(pairs)
    }
}

/// The texts a message's positions count in, for the HTML report's excerpts: the message as
/// stored, and the decoded text of each inline HTML part (where markup positions live).
enum MessageTexts {
    static func texts(of message: MailMessage, bytes: [UInt8]) -> [LocationText: String] {
        var texts: [LocationText: String] = [.message: String(decoding: bytes, as: UTF8.self)]
        for part in message.leafParts where part.contentType.mimeType == "text/html" && !part.isAttachment {
            if let text = part.decodedHTML(limits: message.limits).text { texts[.decodedPart(PartNumber(part.path))] = text }
        }
        return texts
    }
}
