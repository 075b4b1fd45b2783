/// The header fields whose value decides what the pipeline does with a message: who sent it,
/// when (which version of a reservation is newer), what it is, and how its body is read.
///
/// This is the one list the trust rule runs over (``SignedHeaderView``): the pipeline reads
/// each of these fields only from the instance the passing DKIM signature covers, and a
/// message with more instances than the RFCs allow is not trusted. Every field here may
/// occur at most once in a message (RFC 5322 §3.6's table; RFC 2045 §4, §5, §6), so a second
/// instance can only be one added after signing: DKIM verifies the bottom-most instances
/// (RFC 6376 §5.4.2) while most readers show the topmost.
public enum DecisiveHeaderField: String, Sendable, CaseIterable {
    /// The author: the domain alignment and the registered list are checked against it.
    case from
    /// Which message about a reservation is newer (DESIGN.md, reservation semantics).
    case date
    /// What the report and the filter's headers show the message as.
    case subject
    /// The message's identity, written into the events it makes.
    case messageID = "message-id"
    /// Whether the Content-* fields are to be read as MIME at all (RFC 2045 §4).
    case mimeVersion = "mime-version"
    /// How the body is split into parts and which part is HTML: the body's meaning.
    case contentType = "content-type"
    /// How the body's bytes are decoded (an added `base64` turns signed text into other text).
    case contentTransferEncoding = "content-transfer-encoding"

    /// The field name in lowercase.
    public var name: String { rawValue }

    /// The name as mail writes it, for messages to people.
    public var displayName: String {
        switch self {
        case .from: "From"
        case .date: "Date"
        case .subject: "Subject"
        case .messageID: "Message-ID"
        case .mimeVersion: "MIME-Version"
        case .contentType: "Content-Type"
        case .contentTransferEncoding: "Content-Transfer-Encoding"
        }
    }

    /// How many instances a message may carry.
    public var maximumCount: Int { 1 }

    /// The rule that sets ``maximumCount``.
    public var countRule: String {
        switch self {
        case .from, .date, .subject, .messageID: "RFC 5322 §3.6"
        case .mimeVersion: "RFC 2045 §4"
        case .contentType: "RFC 2045 §5"
        case .contentTransferEncoding: "RFC 2045 §6"
        }
    }
}

extension MessageHeader {
    /// The instance of a decisive field the pipeline reads: the bottom-most, the one a DKIM
    /// signature naming the field once covers (RFC 6376 §5.4.2). When there are several,
    /// the message is not trusted anyway (``SignedHeaderView``); reading the bottom one
    /// keeps an added field above a signed message from changing what is read.
    public func instance(of field: DecisiveHeaderField) -> HeaderField? {
        last(named: field.name)
    }
}
