/// An RFC 6376 §3.2 tag=value list, as in DKIM-Signature fields and key records.
///
/// Keeps where each value stands in the input, so the verifier can blank the `b=`
/// value in the raw field bytes (§3.7) without re-serializing anything.
struct TagList: Sendable {
    struct Tag: Sendable {
        let name: String
        /// The value with surrounding whitespace removed (inner folding kept).
        let value: String
        /// Indices of the whole value region (after `=`, up to `;` or the end), whitespace included.
        let valueRegion: Range<Int>
    }

    enum ParseError: Error, Equatable, CustomStringConvertible {
        case duplicateTag(String)
        case malformedTag(String)

        var description: String {
            switch self {
            case .duplicateTag(let name): "tag \(name)= appears twice"
            case .malformedTag(let text): "malformed tag \"\(text)\" (expected name=value)"
            }
        }
    }

    let tags: [Tag]

    subscript(name: String) -> String? { tags.first { $0.name == name }?.value }
    func tag(_ name: String) -> Tag? { tags.first { $0.name == name } }

    /// Parses `bytes[range]`. Tag names are case-sensitive (§3.2).
    init<Bytes: RandomAccessCollection<UInt8>>(parsing bytes: Bytes) throws(ParseError) where Bytes.Index == Int {
        var tags: [Tag] = []
        var seen = Set<String>()
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x3B) ?? bytes.endIndex // ';'
            let spec = bytes[start..<end]
            let trimmed = spec.trimmingWhitespace()
            if !trimmed.isEmpty {
                guard let equals = trimmed.firstIndex(of: 0x3D) else {
                    throw .malformedTag(String(decoding: trimmed, as: UTF8.self))
                }
                let name = String(decoding: trimmed[trimmed.startIndex..<equals].trimmingWhitespace(), as: UTF8.self)
                guard Self.isTagName(name) else { throw .malformedTag(String(decoding: trimmed, as: UTF8.self)) }
                guard seen.insert(name).inserted else { throw .duplicateTag(name) }
                let value = String(decoding: bytes[(equals + 1)..<end].trimmingWhitespace(), as: UTF8.self)
                tags.append(Tag(name: name, value: value, valueRegion: (equals + 1)..<end))
            }
            start = end + 1
        }
        self.tags = tags
    }

    /// RFC 6376 §3.2 tag-name: ALPHA *ALNUMPUNC.
    /// QUIRK: a hyphen is accepted too (`x-new=1` in key records): dkimpy and OpenDKIM accept
    /// it, and an unknown tag is ignored anyway, so refusing the whole record would fail mail
    /// that every other verifier passes.
    private static func isTagName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isASCIILetter(first) else { return false }
        return name.utf8.allSatisfy { byte in
            isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D  // digit _ -
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

extension Collection<UInt8> where Index == Int {
    /// The bytes without leading and trailing whitespace (WSP, CR, LF).
    func trimmingWhitespace() -> SubSequence {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex..<endIndex] }
        var last = endIndex - 1
        while isSpace(self[last]) { last -= 1 }
        return self[first...last]
    }
}

extension String {
    /// The text with all folding whitespace removed (for b=, bh=, h= and p= values, §3.5).
    var removingWhitespace: String {
        var bytes = Array(utf8)
        bytes.removeAll { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        return String(decoding: bytes, as: UTF8.self)
    }
}
