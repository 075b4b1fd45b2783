import Findings

/// A parsed e-mail: the exact bytes it arrived as, its header fields, its MIME
/// tree, and what the parser found wrong with it.
///
/// Parsing never fails: malformed mail gives a usable, degraded message plus
/// findings. The bytes are kept whole, so DKIM can hash them and filter mode can
/// write them back unchanged.
public struct MailMessage: Sendable {
    /// The message exactly as read.
    public let bytes: [UInt8]
    public let header: MessageHeader
    /// Offset in `bytes` where the body starts (after the empty line).
    public let bodyStart: Int
    /// The MIME tree; its root carries the message header.
    public let root: MIMEEntity
    /// The mailboxes of the first From field (empty when none parses). With more than one
    /// From field there is no ``author``, so which one this reads decides nothing.
    public let from: [EmailAddress]
    /// Everything the parser had to forgive or cut, in order of appearance.
    public let findings: [Finding]
    public let limits: ParseLimits

    public init(bytes: [UInt8], limits: ParseLimits = .default) {
        self.bytes = bytes
        self.limits = limits
        var findings: [Finding] = []
        if bytes.isEmpty {
            findings.append(Finding(code: .emptyMessage, message: "the message is empty"))
        }
        let parsed = HeaderParser(limits: limits, part: nil)
            .parse(bytes, range: 0..<bytes.count, firstLine: 1, allowsEnvelopeLine: true)
        header = parsed.header
        bodyStart = parsed.bodyStart
        findings += parsed.findings

        var mime = MIMEParser(bytes: bytes, limits: limits)
        root = mime.entity(
            header: parsed.header, body: parsed.bodyStart..<bytes.count, bodyLine: parsed.bodyLine,
            path: "", depth: 0, inDigest: false)
        findings += mime.findings

        let fromFields = parsed.header.fields(named: "From")
        var from: [EmailAddress] = []
        switch fromFields.count {
        case 0:
            if !bytes.isEmpty {
                findings.append(Finding(
                    code: .fromMissing, message: "the message has no From field"))
            }
        case 1:
            break
        default:
            findings.append(Finding(
                code: .fromMultiple,
                message: "the message has \(fromFields.count) From fields; RFC 5322 §3.6 allows one",
                location: SourceLocation(line: fromFields[1].line)))
        }
        if let field = fromFields.first {
            if let mailboxes = AddressParser.parseMailboxes(field.unfoldedValueBytes), !mailboxes.isEmpty {
                from = mailboxes
                if mailboxes.count > 1 {
                    findings.append(Finding(
                        code: .fromMultipleMailboxes,
                        message: "the From field names \(mailboxes.count) mailboxes; the first is taken as the author",
                        location: SourceLocation(line: field.line)))
                }
            } else {
                findings.append(Finding(
                    code: .fromUnparsable,
                    message: "the From field \"\(field.value)\" holds no address",
                    location: SourceLocation(line: field.line)))
            }
        }
        self.from = from
        self.findings = findings
    }

    /// The header fields and where the body starts, nothing more: for DKIM, which needs the
    /// fields and the raw body, never the MIME tree or the parsed From.
    public static func header(of bytes: [UInt8], limits: ParseLimits = .default) -> (header: MessageHeader, bodyStart: Int) {
        let parsed = HeaderParser(limits: limits, part: nil)
            .parse(bytes, range: 0..<bytes.count, firstLine: 1, allowsEnvelopeLine: true)
        return (parsed.header, parsed.bodyStart)
    }

    /// The body as it stands (transfer-encoded, multipart structure included).
    public var body: ArraySlice<UInt8> { bytes[bodyStart...] }

    /// The author: the first mailbox of the only From field; nil when there are zero
    /// or several From fields, or it holds no address.
    public var author: EmailAddress? {
        header.fields(named: "From").count == 1 ? from.first : nil
    }

    // The identity fields below read the instance a DKIM signature covers (the bottom-most,
    // ``DecisiveHeaderField``); whether one may be trusted is ``SignedHeaderView``'s question.

    /// The Subject with encoded words decoded, or nil.
    public var subject: String? { header.instance(of: .subject)?.decodedValue }

    /// The Date field's value as written, or nil.
    public var date: String? { header.instance(of: .date)?.value }

    /// The Message-ID without its angle brackets, or nil.
    public var messageID: String? { Self.messageID(in: header.instance(of: .messageID)) }

    /// The Message-ID of a field without its angle brackets, or nil.
    public static func messageID(in field: HeaderField?) -> String? {
        guard let value = field?.value, !value.isEmpty else { return nil }
        if let open = value.firstIndex(of: "<"), let close = value[open...].firstIndex(of: ">") {
            return String(value[value.index(after: open)..<close])
        }
        return value
    }

    /// The leaf parts, depth first, numbered like IMAP body parts ("1", "2.1"); a
    /// single-part message's body is part "1".
    public var leafParts: [MIMEEntity] {
        if root.isLeaf { return [root.renumbered("1")] }
        return root.leaves
    }
}

extension MIMEEntity {
    func renumbered(_ newPath: String) -> MIMEEntity {
        MIMEEntity(
            header: header, contentType: contentType, hasExplicitContentType: hasExplicitContentType,
            transferEncoding: transferEncoding, body: body, bodyLine: bodyLine, children: children, path: newPath)
    }
}
