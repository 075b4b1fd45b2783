/// One node of the MIME tree (RFC 2045, RFC 2046): a header and a body, and for a
/// multipart its children. Bodies are slices of the message's bytes, still
/// transfer-encoded; decoding happens on demand (`MIMEEntity+Decoding.swift`).
public struct MIMEEntity: Sendable {
    public let header: MessageHeader
    public let contentType: ContentType
    /// Whether `contentType` was given (false: the RFC 2045 or digest default applies).
    public let hasExplicitContentType: Bool
    public let transferEncoding: TransferEncoding
    /// The body bytes as they stand in the message (transfer-encoded).
    public let body: ArraySlice<UInt8>
    /// 1-based line of the message where the body starts.
    public let bodyLine: Int
    /// Children of a multipart, in order; empty for a leaf.
    public let children: [MIMEEntity]
    /// The IMAP-style part number ("1", "2.1"); empty for the root of a message.
    public let path: String

    init(header: MessageHeader, contentType: ContentType, hasExplicitContentType: Bool,
         transferEncoding: TransferEncoding, body: ArraySlice<UInt8>, bodyLine: Int,
         children: [MIMEEntity], path: String) {
        self.header = header
        self.contentType = contentType
        self.hasExplicitContentType = hasExplicitContentType
        self.transferEncoding = transferEncoding
        self.body = body
        self.bodyLine = bodyLine
        self.children = children
        self.path = path
    }

    public var isLeaf: Bool { children.isEmpty }

    /// The leaf entities under this one, depth first. A message/rfc822 part is a leaf:
    /// its content belongs to another author and is not descended into.
    public var leaves: [MIMEEntity] {
        if isLeaf { return [self] }
        return children.flatMap(\.leaves)
    }

    /// Whether the part is an attachment (RFC 2183 §2.2: `Content-Disposition: attachment`),
    /// not part of the body a reader sees. A part without the field is inline (§2.1).
    public var isAttachment: Bool {
        guard let disposition = header.first(named: "Content-Disposition") else { return false }
        return ParameterizedValue.parse(disposition.unfoldedValueBytes).value.trimmingWhitespace.asciiLowercased
            == "attachment"
    }

    /// The file name from Content-Disposition, else Content-Type's `name` (RFC 2183, RFC 2231).
    public var filename: String? {
        if let disposition = header.first(named: "Content-Disposition") {
            let parsed = ParameterizedValue.parse(disposition.unfoldedValueBytes)
            if let name = parsed[parameter: "filename"] { return name }
        }
        return contentType.parameters["name"]
    }
}
