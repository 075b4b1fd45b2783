#if canImport(Glibc)
import Glibc
#endif

/// A cheap first look at an HTML part: schema.org markup needs either a JSON-LD script
/// (`application/ld+json`) or a Microdata item (`itemscope`). Without either word, in any
/// letter case, there is nothing to extract and the HTML parser is not run (most mail
/// carries no markup, and parsing is the costly part of extraction).
///
/// QUIRK: an attribute value spelled with character references (`ld&#43;json`) is read by
/// HTML parsers as `ld+json` but is not seen here. No sender writes it that way; a part
/// that did would be read as having no markup.
public enum MarkupHint {
    static let words: [[UInt8]] = [Array("ld+json".utf8), Array("itemscope".utf8)]

    public static func mayContainMarkup(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { mayContainMarkup($0) }
    }

    /// The same over bytes (a part's body before decoding, say).
    public static func mayContainMarkup(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.withContiguousStorageIfAvailable { mayContainMarkup($0) } ?? Array(bytes).withUnsafeBufferPointer { mayContainMarkup($0) }
    }

    public static func mayContainMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Each word is looked for at a byte that is rare in mail HTML: the "+" of ld+json,
        // the "p" of itemscope.
        containsIgnoringASCIICase(bytes, words[0], anchor: 2) || containsIgnoringASCIICase(bytes, words[1], anchor: 7)
    }

    /// Whether `word` (lowercase ASCII) occurs in `bytes`, ASCII letters compared without case.
    static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        containsIgnoringASCIICase(bytes, word, anchor: 0)
    }

    /// The same, finding candidates by `word[anchor]` eight bytes at a time (a byte `b` is a
    /// candidate when `b | 0x20 == word[anchor] | 0x20`, which both letter cases pass), then
    /// comparing the whole word there.
    static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8], anchor: Int) -> Bool {
        guard !word.isEmpty, bytes.count >= word.count, let base = bytes.baseAddress else { return false }
        let key = word[anchor] | 0x20
        let keys = UInt64(key) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        // Candidates for the anchor lie in anchor ..< count - (word.count - anchor - 1).
        let end = bytes.count - (word.count - anchor - 1)
        var index = anchor
        while index < end {
            if index + 8 <= end {
                let folded = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | 0x2020_2020_2020_2020
                let difference = folded ^ keys
                // A zero byte in `difference` marks a candidate (the classic has-zero-byte test;
                // it may flag a byte after a true zero too, which the comparison then refuses).
                if (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                for offset in index..<(index + 8) where bytes[offset] | 0x20 == key && matches(bytes, word, at: offset - anchor) {
                    return true
                }
                index += 8
            } else {
                if bytes[index] | 0x20 == key && matches(bytes, word, at: index - anchor) { return true }
                index += 1
            }
        }
        return false
    }

    /// Whether `word` is at `start`, ASCII letters compared without case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8], at start: Int) -> Bool {
        for (offset, wanted) in word.enumerated() {
            let candidate = bytes[start + offset]
            let isLetter = (0x61...0x7A).contains(wanted)
            guard candidate == wanted || (isLetter && candidate == wanted & ~0x20) else { return false }
        }
        return true
    }
}
