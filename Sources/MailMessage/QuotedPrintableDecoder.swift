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
        // One non-generic loop over contiguous bytes, writing into storage allocated once
        // (the output is never longer than the input): scan decodes every HTML part.
        if let decoded = input.withContiguousStorageIfAvailable({
            decode(buffer: $0, underscoreIsSpace: underscoreIsSpace, limit: limit)
        }) { return decoded }
        return Array(input).withUnsafeBufferPointer { decode(buffer: $0, underscoreIsSpace: underscoreIsSpace, limit: limit) }
    }

    private static func decode(buffer input: UnsafeBufferPointer<UInt8>, underscoreIsSpace: Bool, limit: Int) -> Decoded {
        var malformed = false
        var reachedLimit = false
        let end = input.count
        let bytes = [UInt8](unsafeUninitializedCapacity: end) { output, written in
            var out = 0
            var index = 0
            let source = UnsafeRawPointer(input.baseAddress)
            let target = UnsafeMutableRawPointer(output.baseAddress)
            while index < end {
                // The bytes before the next "=" (or "_" in the "Q" encoding), or the next
                // space, tab or control byte followed by another (transport padding may end
                // a line there), are themselves: found eight at a time and copied as a word
                // (byte by byte this loop was 8 % of scan's instructions, issue 21). A space
                // before a letter is a space. The whole word is stored: the output is never
                // ahead of the input, so it fits.
                if let source, let target {
                    while index + 9 <= end, out + 8 <= limit {
                        let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        var special = ASCII.bytes(of: word, equalTo: ASCII.equals)
                        if underscoreIsSpace {
                            special |= ASCII.bytes(of: word, equalTo: ASCII.underscore)
                        } else {
                            // Lane i of `next` is the byte after lane i of `word`.
                            let next = source.loadUnaligned(fromByteOffset: index + 1, as: UInt64.self)
                            special |= ASCII.bytesAtMostSpace(of: word) & ASCII.bytesAtMostSpace(of: next)
                        }
                        target.storeBytes(of: word, toByteOffset: out, as: UInt64.self)
                        let plain = special == 0 ? 8 : special.trailingZeroBitCount >> 3
                        index += plain
                        out += plain
                        if plain < 8 { break }
                    }
                    if index >= end { break }
                }
                if out >= limit {
                    reachedLimit = true
                    break
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
                        output[out] = high << 4 | low
                        out += 1
                        index += 3
                        continue
                    }
                    // QUIRK: a malformed escape is kept literally (RFC 2045 §6.7 note 1 suggests it).
                    malformed = true
                    output[out] = byte
                    out += 1
                    index += 1
                    continue
                }
                if !underscoreIsSpace && ASCII.isWhitespace(byte) {
                    // RFC 2045 §6.7 rule 3: whitespace at the end of a line was added in transport.
                    var after = index
                    while after < end && ASCII.isWhitespace(input[after]) { after += 1 }
                    let atLineEnd = after == end || input[after] == ASCII.lineFeed
                        || (input[after] == ASCII.carriageReturn && after + 1 < end && input[after + 1] == ASCII.lineFeed)
                    if !atLineEnd {
                        while index < after {
                            output[out] = input[index]
                            out += 1
                            index += 1
                        }
                    }
                    index = after
                    continue
                }
                output[out] = underscoreIsSpace && byte == ASCII.underscore ? ASCII.space : byte
                out += 1
                index += 1
            }
            written = out
        }
        return Decoded(bytes: bytes, hadMalformedEscape: malformed, reachedLimit: reachedLimit)
    }
}
