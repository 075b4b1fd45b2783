import Findings
import MailMessage
import SchemaMarkup

/// The markup of a message: read only from its own inline text/html parts, in an encoding a
/// browser reads HTML in — never from an HTML attachment, nor from inside a forwarded
/// message (message/rfc822 is a leaf: its signer is not its author).
public enum MessageMarkup {
    /// Items and reservations from every HTML leaf of `message`, with the findings of
    /// decoding and reading them.
    public static func extract(from message: MailMessage, using extractor: MarkupExtractor) -> MarkupExtraction {
        var items: [ExtractedItem] = []
        var findings: [Finding] = []
        var bodyLines: [PartNumber: Int] = [:]
        var partStarts: [PartNumber: Int] = [:]
        for part in message.leafParts {
            let location = SourceLocation(line: part.bodyLine, part: part.path)
            if part.contentType.mimeType == "message/rfc822" {
                // Said only when the forwarded message looks like it carries markup: forwarding is common.
                guard MarkupHint.mayContainMarkup(part.body) else { continue }
                findings.append(Finding(
                    code: .forwardedMessageIgnored,
                    message: "part \(part.path) is a forwarded message (message/rfc822); its markup is not read: "
                        + "its signer is not this message's author", location: location))
                continue
            }
            guard part.contentType.mimeType == "text/html" else { continue }
            // Apple Mail and Gmail read markup from the inline HTML a person sees (RFC 2183 §2.1).
            guard !part.isAttachment else {
                guard MarkupHint.mayContainMarkup(part.decodedBody(limits: message.limits).bytes) else { continue }
                findings.append(Finding(
                    code: .htmlAttachmentIgnored,
                    message: "part \(part.path) is an HTML attachment (Content-Disposition: attachment); its markup is "
                        + "not read: only the inline HTML body counts", location: location))
                continue
            }
            // A part whose bytes cannot hold markup is not made into text (issue 21).
            let decoded = part.decodedHTML(limits: message.limits, whenBytes: extractor.needsParsing)
            findings += decoded.findings
            guard let text = decoded.text else { continue }
            let found = extractor.items(fromHTML: text, part: part.path)
            items += found.items
            findings += found.findings
            partStarts[PartNumber(part.path)] = part.header.fields.first?.line ?? part.bodyLine
            switch part.transferEncoding {
            case .sevenBit, .eightBit, .binary:
                // Not transfer-encoded: the decoded text has the message's lines, so a
                // position can name a line of the e-mail file itself.
                bodyLines[PartNumber(part.path)] = part.bodyLine
            case .base64, .quotedPrintable, .unknown:
                break
            }
        }
        var result = extractor.reservations(from: items)
        result.findings = (findings + result.findings).map { finding in
            var finding = finding
            finding.location = finding.location.map { messageLocation($0, bodyLines, partStarts) }
            return finding
        }
        result.items = result.items.map { item in
            var item = item
            item.location = messageLocation(item.location, bodyLines, partStarts)
            return item
        }
        result.reservations = result.reservations.map { reservation in
            var reservation = reservation
            reservation.location = reservation.location.map { messageLocation($0, bodyLines, partStarts) }
            return reservation
        }
        return result
    }

    /// A position in a part's decoded text counted in the message when the part's lines are
    /// the message's (not transfer-encoded); otherwise kept in the decoded text, with the
    /// line where the part begins in the message.
    private static func messageLocation(_ location: SourceLocation, _ bodyLines: [PartNumber: Int],
                                        _ partStarts: [PartNumber: Int]) -> SourceLocation {
        guard case .decodedPart(let part) = location.text else { return location }
        if let bodyLine = bodyLines[part] { return location.inMessage(bodyLine: bodyLine) }
        var location = location
        location.partStartLine = location.partStartLine ?? partStarts[part]
        return location
    }

    /// A bare HTML file (a sender's template), read as one part.
    public static func extract(html: String, using extractor: MarkupExtractor) -> MarkupExtraction {
        extractor.extract(html: html)
    }
}
