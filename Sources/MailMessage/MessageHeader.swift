/// The header fields of a message or a MIME part, in their original order.
public struct MessageHeader: Sendable {
    public let fields: [HeaderField]

    public init(fields: [HeaderField]) { self.fields = fields }

    /// Every field with this name (case-insensitive), top first.
    public func fields(named name: String) -> [HeaderField] {
        let wanted = name.asciiLowercased
        return fields.filter { $0.lowercasedName == wanted }
    }

    /// The topmost field with this name (case-insensitive).
    public func first(named name: String) -> HeaderField? {
        let wanted = name.asciiLowercased
        return fields.first { $0.lowercasedName == wanted }
    }

    /// The bottom-most field with this name (case-insensitive): the instance DKIM verifies
    /// first (RFC 6376 §5.4.2).
    public func last(named name: String) -> HeaderField? {
        let wanted = name.asciiLowercased
        return fields.last { $0.lowercasedName == wanted }
    }

    /// The raw bytes of the whole header block as parsed, fields in order.
    public var rawBytes: [UInt8] { fields.flatMap(\.raw) }
}
