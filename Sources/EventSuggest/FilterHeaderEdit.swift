import MailMessage

/// The only edits filter mode makes to a message, found in its first bytes: where our
/// fields go, and which fields to leave out. Every other byte is copied as it is.
///
/// - A leading mbox `From ` envelope line (procmail writes one; maildrop and formail keep
///   one) stays first, and our fields go right after it, as formail and spamc do: above it
///   they would end up inside the header, and an mbox would lose its separators.
/// - Earlier `Authentication-Results` fields that claim our authserv-id, and every earlier
///   `X-Event-Suggestion` field, are left out: a sender cannot forge our verdict or a
///   suggestion a mail rule acts on.
///
/// The header block is read here as an MDA reads it (procmail, maildrop: every line up to
/// the first empty line), not with the parser's limits: a forged field after 1,000 others,
/// or after a line that is not a field, is still one a rule would match.
public struct FilterHeaderEdit: Sendable, Equatable {
    /// Where our fields go: after the envelope line, else 0.
    public let insertionPoint: Int
    /// Forged fields to leave out, in order, each with its line ending and folding.
    public let removed: [Range<Int>]
    /// The same fields as an MTA names them for a milter's delete (`smfi_chgheader`): the
    /// name as written and which occurrence of that name it is (1-based, names compared
    /// without regard to case), in the order of ``removed``.
    public let removedFields: [FieldOccurrence]
    /// The message's own line ending (after the envelope line): CRLF or LF.
    public let lineEnding: [UInt8]
    /// Whether the header block holds a DKIM-Signature field.
    public let isSigned: Bool

    /// Scans the header block at the start of `bytes` (a whole message, or its first bytes
    /// when it is streamed through).
    public init(scanning bytes: ArraySlice<UInt8>, authservID: String) {
        var removed: [Range<Int>] = []
        var removedFields: [FieldOccurrence] = []
        var occurrences: [String: Int] = [:]
        var isSigned = false
        var index = bytes.startIndex
        var insertionPoint = 0
        var lineEnding: [UInt8]?

        // RFC 4155: the envelope line. "From:" or "From :" (obsolete syntax) would be a field.
        if Self.isEnvelopeLine(bytes, at: index) {
            index = Self.lineEnd(bytes, from: index)
            insertionPoint = index - bytes.startIndex
        }
        while index < bytes.endIndex {
            let lineStart = index
            let next = Self.lineEnd(bytes, from: index)
            if lineEnding == nil, next > lineStart, bytes[next - 1] == 0x0A {
                lineEnding = next - lineStart >= 2 && bytes[next - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
            }
            // RFC 5322 §2.1: the header ends at the first empty line.
            if Self.isEmptyLine(bytes, lineStart..<next) { break }
            // One field: its first line and the continuation lines (starting with WSP) after it.
            var end = next
            while end < bytes.endIndex, bytes[end] == 0x20 || bytes[end] == 0x09 {
                end = Self.lineEnd(bytes, from: end)
            }
            let writtenName = Self.fieldName(bytes, lineStart..<next)
            let name = writtenName?.lowercased()
            if let name { occurrences[name, default: 0] += 1 }
            if name == "dkim-signature" { isSigned = true }
            if let writtenName, let name, name == "x-event-suggestion"
                || (name == "authentication-results" && Self.claims(Array(bytes[lineStart..<end]), authservID)) {
                removed.append((lineStart - bytes.startIndex)..<(end - bytes.startIndex))
                removedFields.append(FieldOccurrence(name: writtenName, index: occurrences[name] ?? 1))
            }
            index = end
        }
        self.insertionPoint = insertionPoint
        self.removed = removed
        self.removedFields = removedFields
        self.lineEnding = lineEnding ?? [0x0D, 0x0A]
        self.isSigned = isSigned
    }

    /// `bytes` (the same the edit was made from, from offset 0) as filter mode writes them:
    /// up to the insertion point, `fields`, the rest without the removed fields.
    public func pieces(of bytes: ArraySlice<UInt8>, inserting fields: [UInt8]) -> [ArraySlice<UInt8>] {
        let base = bytes.startIndex
        var pieces: [ArraySlice<UInt8>] = [bytes[base..<(base + insertionPoint)], fields[...]]
        var cursor = base + insertionPoint
        for range in removed {
            pieces.append(bytes[cursor..<(base + range.lowerBound)])
            cursor = base + range.upperBound
        }
        pieces.append(bytes[cursor...])
        return pieces.filter { !$0.isEmpty }
    }

    // MARK: - Lines

    static func lineEnd(_ bytes: ArraySlice<UInt8>, from index: Int) -> Int {
        bytes[index...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
    }

    static func isEmptyLine(_ bytes: ArraySlice<UInt8>, _ line: Range<Int>) -> Bool {
        line.isEmpty ? false : bytes[line].allSatisfy { $0 == 0x0D || $0 == 0x0A }
    }

    static func isEnvelopeLine(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        guard bytes[index...].starts(with: "From ".utf8) else { return false }
        var after = index + 5
        while after < bytes.endIndex, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
        return after < bytes.endIndex && bytes[after] != UInt8(ascii: ":")
    }

    /// The field name of a line that starts a field (RFC 5322 §3.6.8: printable ASCII but
    /// colon, then the colon; WSP before it allowed by the obsolete syntax), else nil.
    static func fieldName(_ bytes: ArraySlice<UInt8>, _ line: Range<Int>) -> String? {
        guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound else { return nil }
        var nameEnd = colon
        while nameEnd > line.lowerBound, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09 { nameEnd -= 1 }
        let name = bytes[line.lowerBound..<nameEnd]
        guard !name.isEmpty, name.allSatisfy({ $0 > 32 && $0 < 127 }) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// Whether an Authentication-Results field's authserv-id is ours. RFC 8601 §2.2:
    /// `[CFWS] authserv-id`, a token or a quoted-string: `(trust me) eventsuggest;` and
    /// `"eventsuggest";` claim to be ours as much as `eventsuggest;`.
    static func claims(_ field: [UInt8], _ authservID: String) -> Bool {
        let parsed = MailMessage.header(of: field + [0x0A], limits: .default).header
        return parsed.fields.first?.leadingWord?.lowercased() == authservID.lowercased()
    }
}

/// The `index`-th header field called `name` (1-based, names compared without regard to case).
public struct FieldOccurrence: Sendable, Equatable {
    public let name: String
    public let index: Int

    public init(name: String, index: Int) {
        self.name = name
        self.index = index
    }
}
