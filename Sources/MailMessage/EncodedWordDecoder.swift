/// RFC 2047 encoded words (`=?charset?B|Q?text?=`) in unstructured text and phrases.
///
/// Whitespace between two encoded words is dropped (§6.2). The bytes of adjacent
/// words in the same charset are joined before charset decoding, so a multibyte
/// character split across two words (as many mailers do) comes out whole.
public enum EncodedWordDecoder {
    private enum Segment {
        case text([UInt8])
        case whitespace([UInt8])
        case encoded(charset: String, bytes: [UInt8])
    }

    /// Decodes every encoded word in `bytes`; other text is read as UTF-8 (RFC 6532).
    public static func decodeUnstructured<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String where Bytes.Index == Int {
        guard containsEncodedWordStart(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var segments: [Segment] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let isSpace = ASCII.isFoldingWhitespace(bytes[index])
            var end = index
            while end < bytes.endIndex && ASCII.isFoldingWhitespace(bytes[end]) == isSpace { end += 1 }
            let run = Array(bytes[index..<end])
            if isSpace {
                segments.append(.whitespace(run))
            } else if let words = encodedWords(filling: run) {
                // QUIRK: words written back to back with no space between ("=?a?b?c?==?a?b?d?=")
                // are taken as separate encoded words, as Thunderbird and Python's email do.
                segments.append(contentsOf: words.map { Segment.encoded(charset: $0.charset, bytes: $0.bytes) })
            } else {
                segments.append(.text(run))
            }
            index = end
        }
        return render(segments)
    }

    private static func containsEncodedWordStart<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == ASCII.equals && bytes[index + 1] == ASCII.questionMark { return true }
            index += 1
        }
        return false
    }

    private static func render(_ segments: [Segment]) -> String {
        var result = ""
        var pendingCharset: String?
        var pendingBytes: [UInt8] = []
        func flush() {
            if let charset = pendingCharset {
                result += CharsetDecoder.decode(pendingBytes, charset: charset).text
            }
            pendingCharset = nil
            pendingBytes = []
        }
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .encoded(let charset, let bytes):
                let normalized = CharsetDecoder.canonicalName(charset)
                if pendingCharset != normalized { flush() }
                pendingCharset = normalized
                pendingBytes += bytes
            case .whitespace(let bytes):
                // RFC 2047 §6.2: whitespace between two encoded words is not displayed.
                let betweenEncodedWords: Bool = {
                    guard position > 0, position + 1 < segments.count,
                          case .encoded = segments[position - 1], case .encoded = segments[position + 1] else { return false }
                    return true
                }()
                if !betweenEncodedWords {
                    flush()
                    result += String(decoding: bytes, as: UTF8.self)
                }
            case .text(let bytes):
                flush()
                result += String(decoding: bytes, as: UTF8.self)
            }
        }
        flush()
        return result
    }

    /// The encoded words that make up all of `run`, or nil if `run` is not made only of them.
    private static func encodedWords(filling run: [UInt8]) -> [(charset: String, bytes: [UInt8])]? {
        var words: [(charset: String, bytes: [UInt8])] = []
        var index = 0
        while index < run.count {
            guard let (word, end) = encodedWord(in: run, at: index) else { return nil }
            words.append(word)
            index = end
        }
        return words.isEmpty ? nil : words
    }

    /// Parses one encoded word starting at `start`; returns it and the index after `?=`.
    private static func encodedWord(in run: [UInt8], at start: Int) -> ((charset: String, bytes: [UInt8]), Int)? {
        guard start + 1 < run.count, run[start] == ASCII.equals, run[start + 1] == ASCII.questionMark else { return nil }
        let charsetStart = start + 2
        guard let charsetEnd = run[charsetStart...].firstIndex(of: ASCII.questionMark), charsetEnd > charsetStart,
              charsetEnd + 2 < run.count, run[charsetEnd + 2] == ASCII.questionMark else { return nil }
        let encoding = ASCII.lowercased(run[charsetEnd + 1])
        let textStart = charsetEnd + 3
        guard let textEnd = run[textStart...].firstIndex(of: ASCII.questionMark),
              textEnd + 1 < run.count, run[textEnd + 1] == ASCII.equals else { return nil }
        let charset = String(decoding: run[charsetStart..<charsetEnd], as: UTF8.self)
        let text = run[textStart..<textEnd]
        let bytes: [UInt8]
        switch encoding {
        case UInt8(ascii: "b"): bytes = Base64Decoder.decode(text).bytes
        case UInt8(ascii: "q"): bytes = QuotedPrintableDecoder.decode(text, underscoreIsSpace: true).bytes
        default: return nil
        }
        return ((charset, bytes), textEnd + 2)
    }
}
