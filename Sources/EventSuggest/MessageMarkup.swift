import Findings
import MailMessage
import SchemaMarkup

/// The markup of a message: read only from its own text/html parts, never from inside a
/// forwarded message (message/rfc822 is a leaf: its signer is not its author).
public enum MessageMarkup {
    /// Items and reservations from every HTML leaf of `message`, with the findings of
    /// decoding and reading them.
    public static func extract(from message: MailMessage, using extractor: MarkupExtractor) -> MarkupExtraction {
        var items: [ExtractedItem] = []
        var findings: [Finding] = []
        for part in message.leafParts where part.contentType.mimeType == "text/html" {
            let decoded = part.decodedText(limits: message.limits)
            findings += decoded.findings
            let found = extractor.items(fromHTML: decoded.text, part: part.path)
            items += found.items
            findings += found.findings
        }
        var result = extractor.reservations(from: items)
        result.findings = findings + result.findings
        return result
    }

    /// A bare HTML file (a sender's template), read as one part.
    public static func extract(html: String, using extractor: MarkupExtractor) -> MarkupExtraction {
        extractor.extract(html: html)
    }
}
