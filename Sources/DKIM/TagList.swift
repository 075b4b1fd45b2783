/// An RFC 6376 §3.2 tag=value list, as in DKIM-Signature fields and key records.
///
/// Keeps where each value stands in the input, so the verifier can blank the `b=`
/// value in the raw field bytes (§3.7) without re-serializing anything.
struct TagList: Sendable {
    /// One tag, as index ranges into the parsed bytes: a signature is parsed for every
    /// message, and only the values asked for become strings.
    struct Tag: Sendable {
        let name: Range<Int>
        /// The value with surrounding whitespace removed (inner folding kept).
        let value: Range<Int>
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

    private let bytes: ArraySlice<UInt8>
    let tags: [Tag]

    /// The value of tag `name`, or nil.
    subscript(name: String) -> String? { valueBytes(name).map { String(decoding: $0, as: UTF8.self) } }
    func tag(_ name: String) -> Tag? {
        let wanted = name.utf8
        return tags.first { $0.name.count == wanted.count && bytes[$0.name].elementsEqual(wanted) }
    }
    func contains(_ name: String) -> Bool { tag(name) != nil }
    /// The value of tag `name` as bytes, or nil.
    func valueBytes(_ name: String) -> ArraySlice<UInt8>? { tag(name).map { bytes[$0.value] } }
    /// The value of tag `name` with all folding whitespace removed (b=, bh=, h=, p=; §3.5), or nil.
    func compactValue(_ name: String) -> [UInt8]? {
        guard let value = valueBytes(name) else { return nil }
        var compact: [UInt8] = []
        compact.reserveCapacity(value.count)
        for byte in value where !Self.isWhitespace(byte) { compact.append(byte) }
        return compact
    }

    init(parsing bytes: [UInt8]) throws(ParseError) { try self.init(parsing: bytes[...]) }

    /// Parses `bytes`. Tag names are case-sensitive (§3.2).
    init(parsing bytes: ArraySlice<UInt8>) throws(ParseError) {
        self.bytes = bytes
        var tags: [Tag] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x3B) ?? bytes.endIndex // ';'
            let spec = Self.trimmed(start..<end, in: bytes)
            if !spec.isEmpty {
                guard let equals = bytes[spec].firstIndex(of: 0x3D) else {
                    throw .malformedTag(String(decoding: bytes[spec], as: UTF8.self))
                }
                let name = Self.trimmed(spec.lowerBound..<equals, in: bytes)
                guard Self.isTagName(bytes[name]) else { throw .malformedTag(String(decoding: bytes[spec], as: UTF8.self)) }
                guard !tags.contains(where: { bytes[$0.name].elementsEqual(bytes[name]) }) else {
                    throw .duplicateTag(String(decoding: bytes[name], as: UTF8.self))
                }
                tags.append(Tag(name: name, value: Self.trimmed((equals + 1)..<end, in: bytes), valueRegion: (equals + 1)..<end))
            }
            start = end + 1
        }
        self.tags = tags
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    /// `range` without leading and trailing whitespace (WSP, CR, LF).
    private static func trimmed(_ range: Range<Int>, in bytes: ArraySlice<UInt8>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower && isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// RFC 6376 §3.2 tag-name: ALPHA *ALNUMPUNC.
    /// QUIRK: a hyphen is accepted too (`x-new=1` in key records): dkimpy and OpenDKIM accept
    /// it, and an unknown tag is ignored anyway, so refusing the whole record would fail mail
    /// that every other verifier passes.
    private static func isTagName(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first, isASCIILetter(first) else { return false }
        return name.allSatisfy { byte in
            isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D  // digit _ -
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
