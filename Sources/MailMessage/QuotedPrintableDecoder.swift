/// Quoted-printable (RFC 2045 §6.7): `=XX` in either case, soft line breaks with
/// CRLF or LF, and malformed escapes kept literally rather than dropped.
public enum QuotedPrintableDecoder {
    public struct Decoded: Sendable {
        public var bytes: [UInt8]
        /// An `=` not followed by two hex digits or a line ending was kept as it was.
        public var hadMalformedEscape: Bool
        public var reachedLimit: Bool
    }

    /// - Parameter underscoreIsSpace: RFC 2047 §4.2 "Q" encoding, where `_` stands for a space.
    public static func decode<Bytes: Collection<UInt8>>(
        _ input: Bytes, underscoreIsSpace: Bool = false, limit: Int = .max
    ) -> Decoded where Bytes.Index == Int {
        var output = [UInt8]()
        output.reserveCapacity(min(limit, input.count))
        var malformed = false
        var index = input.startIndex
        let end = input.endIndex
        while index < end {
            if output.count >= limit {
                return Decoded(bytes: output, hadMalformedEscape: malformed, reachedLimit: true)
            }
            let byte = input[index]
            if byte == ASCII.equals {
                // Soft line break: "=" then optional transport whitespace then a line ending.
                var after = index + 1
                while after < end && ASCII.isWhitespace(input[after]) { after += 1 }
                if after < end && input[after] == ASCII.carriageReturn && after + 1 < end && input[after + 1] == ASCII.lineFeed {
                    index = after + 2
                    continue
                }
                if after < end && input[after] == ASCII.lineFeed {
                    index = after + 1
                    continue
                }
                if after == end {
                    // "=" at the very end: a soft break before the end of the data.
                    index = end
                    continue
                }
                if index + 2 < end,
                   let high = ASCII.hexValue(input[index + 1]), let low = ASCII.hexValue(input[index + 2]) {
                    output.append(high << 4 | low)
                    index += 3
                    continue
                }
                // QUIRK: a malformed escape is kept literally (RFC 2045 §6.7 note 1 suggests it).
                malformed = true
                output.append(byte)
                index += 1
                continue
            }
            if !underscoreIsSpace && ASCII.isWhitespace(byte) {
                // RFC 2045 §6.7 rule 3: whitespace at the end of a line was added in transport.
                var after = index
                while after < end && ASCII.isWhitespace(input[after]) { after += 1 }
                let atLineEnd = after == end || input[after] == ASCII.lineFeed
                    || (input[after] == ASCII.carriageReturn && after + 1 < end && input[after + 1] == ASCII.lineFeed)
                if atLineEnd {
                    index = after
                    continue
                }
                output.append(contentsOf: input[index..<after])
                index = after
                continue
            }
            output.append(underscoreIsSpace && byte == ASCII.underscore ? ASCII.space : byte)
            index += 1
        }
        return Decoded(bytes: output, hadMalformedEscape: malformed, reachedLimit: false)
    }
}
