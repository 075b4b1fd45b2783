import CryptoOpenSSL
import Findings
import MailMessage

/// What `inspect` shows of one message: its identity headers decoded and its MIME
/// tree with sizes and text hashes. A pure function of the parsed message.
public struct MessageInspection: Sendable {
    public struct Part: Sendable {
        /// IMAP-style part number ("1", "2.1"); empty for a multipart root.
        public var path: String
        /// Nesting depth in the tree (0 for the root).
        public var depth: Int
        public var isLeaf: Bool
        /// `type/subtype`, lowercase.
        public var type: String
        /// The declared charset parameter, lowercase, or nil.
        public var charset: String?
        public var filename: String?
        /// Octets after transfer decoding (leaves only).
        public var bytes: Int?
        /// Hex SHA-256 of the text decoded to Unicode, as UTF-8 with CRLF turned into LF (text leaves only).
        public var textSHA256: String?
        /// The charset the text was decoded with, where it differs from the declared one.
        public var decodedCharset: String?
    }

    public var from: EmailAddress?
    public var subject: String?
    public var date: String?
    public var messageID: String?
    /// Every entity of the tree, depth first (multipart nodes included).
    public var tree: [Part]
    public var findings: [Finding]

    /// The leaf parts, as listed by `inspect --json`.
    public var leafParts: [Part] { tree.filter(\.isLeaf) }

    public init(message: MailMessage) {
        from = message.from.first
        subject = message.subject
        date = message.date
        messageID = message.messageID
        var findings = message.findings
        var tree: [Part] = []
        let root = message.root.isLeaf ? message.leafParts[0] : message.root
        Self.collect(root, depth: 0, limits: message.limits, into: &tree, findings: &findings)
        self.tree = tree
        self.findings = findings
    }

    private static func collect(
        _ entity: MIMEEntity, depth: Int, limits: ParseLimits, into tree: inout [Part], findings: inout [Finding]
    ) {
        var part = Part(
            path: entity.path, depth: depth, isLeaf: entity.isLeaf, type: entity.contentType.mimeType,
            charset: entity.contentType.charset, filename: entity.filename)
        if entity.isLeaf {
            if entity.contentType.isText {
                let decoded = entity.decodedText(limits: limits)
                findings += decoded.findings
                part.bytes = decoded.byteCount
                part.textSHA256 = SHA256.hash(Array(decoded.text.utf8).replacingCRLFWithLF()).hexString
                if decoded.charset != part.charset { part.decodedCharset = decoded.charset }
            } else {
                let decoded = entity.decodedBody(limits: limits)
                findings += decoded.findings
                part.bytes = decoded.bytes.count
            }
        }
        tree.append(part)
        for child in entity.children {
            collect(child, depth: depth + 1, limits: limits, into: &tree, findings: &findings)
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes with every CR LF pair turned into LF.
    func replacingCRLFWithLF() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var index = 0
        while index < count {
            if self[index] == 0x0D && index + 1 < count && self[index + 1] == 0x0A {
                index += 1
                continue
            }
            output.append(self[index])
            index += 1
        }
        return output
    }
}
