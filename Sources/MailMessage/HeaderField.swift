/// One RFC 5322 header field: its raw bytes exactly as they arrived, beside a
/// parsed view for reading.
///
/// `raw` is what DKIM hashes and what filter mode writes back: the name, the
/// colon, the value with its folding, and the final line ending if there was one.
/// The unfolded `value` is for reading only.
public struct HeaderField: Sendable {
    /// The field's bytes, folding and line ending included, exactly as in the input.
    public let raw: ArraySlice<UInt8>
    /// The name as written (`Subject`, `DKIM-Signature`).
    public let name: String
    /// The name in ASCII lowercase, for comparisons.
    public let lowercasedName: String
    /// The 1-based line of the message on which the field starts.
    public let line: Int
    /// The offset of the colon within `raw`.
    private let colonOffset: Int

    init(raw: ArraySlice<UInt8>, colonIndex: Int, line: Int) {
        self.raw = raw
        self.line = line
        colonOffset = colonIndex - raw.startIndex
        let nameBytes = raw[raw.startIndex..<colonIndex]
        // RFC 5322 §2.2: field names are printable US-ASCII; trailing WSP before the
        // colon (allowed by RFC 822's obsolete syntax) is not part of the name.
        var nameEnd = colonIndex
        while nameEnd > raw.startIndex && ASCII.isWhitespace(raw[nameEnd - 1]) { nameEnd -= 1 }
        name = String(decoding: nameBytes[raw.startIndex..<nameEnd], as: UTF8.self)
        lowercasedName = name.asciiLowercased
    }

    /// The bytes after the colon, folding kept, without the final line ending.
    public var rawValue: ArraySlice<UInt8> {
        var end = raw.endIndex
        if end > raw.startIndex && raw[end - 1] == ASCII.lineFeed { end -= 1 }
        if end > raw.startIndex && raw[end - 1] == ASCII.carriageReturn { end -= 1 }
        let start = raw.startIndex + colonOffset + 1
        return raw[start..<max(start, end)]
    }

    /// The value unfolded (RFC 5322 §2.2.3: line endings before WSP removed) and
    /// trimmed of surrounding whitespace, as bytes.
    public var unfoldedValueBytes: [UInt8] {
        var result = [UInt8]()
        result.reserveCapacity(rawValue.count)
        for byte in rawValue where byte != ASCII.carriageReturn && byte != ASCII.lineFeed {
            result.append(byte)
        }
        return Array(result.trimmingFoldingWhitespace())
    }

    /// The unfolded, trimmed value as text: UTF-8 (RFC 6532), with bytes that are
    /// not valid UTF-8 replaced by U+FFFD. Encoded words are not decoded here; see
    /// `decodedValue`.
    public var value: String { String(decoding: unfoldedValueBytes, as: UTF8.self) }

    /// The value with RFC 2047 encoded words decoded, for unstructured fields such as Subject.
    public var decodedValue: String { EncodedWordDecoder.decodeUnstructured(unfoldedValueBytes) }
}
