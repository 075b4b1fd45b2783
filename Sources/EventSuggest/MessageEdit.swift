import MailMessage

/// A change of a message as two things a host can carry out: changes of header fields and a
/// new body. `filter` applies it to the bytes (``applied(to:)``); a milter sends the same
/// changes as `smfi_chgheader`/`smfi_addheader` and the body as `smfi_replacebody`.
///
/// Every header byte the changes do not name stays as it is, folding and line endings
/// included (go-message's rule for header edits: insert or delete, never rewrite).
public struct MessageEdit: Sendable, Hashable {
    /// One change of the top-level header.
    public enum HeaderChange: Sendable, Hashable {
        /// The `instance`-th field of that name (1-based, counted from the top, as
        /// `smfi_chgheader` counts) gets `value` (the text after the colon, with its leading space).
        case replace(name: String, instance: Int, value: String)
        /// The `instance`-th field of that name is removed.
        case remove(name: String, instance: Int)
        /// A new field at the end of the header.
        case add(name: String, value: String)
    }

    public var headerChanges: [HeaderChange]
    /// The whole new body (everything after the empty line that ends the header).
    public var body: [UInt8]

    /// Byte ranges of the original header and what replaces each (empty: removed), in order;
    /// an empty range is an insertion. Kept beside ``headerChanges`` so that ``applied(to:)``
    /// copies every other byte exactly.
    let headerReplacements: [(range: Range<Int>, bytes: [UInt8])]

    init(headerChanges: [HeaderChange], headerReplacements: [(range: Range<Int>, bytes: [UInt8])], body: [UInt8]) {
        self.headerChanges = headerChanges
        self.headerReplacements = headerReplacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        self.body = body
    }

    /// The edited message: the original header (an mbox envelope line included) with the
    /// changes made in place, then the new body.
    public func applied(to message: MailMessage) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.bodyStart + body.count + 256)
        var cursor = 0
        for replacement in headerReplacements {
            output += message.bytes[cursor..<replacement.range.lowerBound]
            output += replacement.bytes
            cursor = replacement.range.upperBound
        }
        output += message.bytes[cursor..<message.bodyStart]
        output += body
        return output
    }

    public static func == (lhs: MessageEdit, rhs: MessageEdit) -> Bool {
        lhs.headerChanges == rhs.headerChanges && lhs.body == rhs.body
            && lhs.headerReplacements.map(\.range) == rhs.headerReplacements.map(\.range)
            && lhs.headerReplacements.map(\.bytes) == rhs.headerReplacements.map(\.bytes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(headerChanges)
        hasher.combine(body)
    }
}
