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
        containsIgnoringASCIICase(bytes, words[0], anchor: 2) || mayContainMicrodata(bytes)
    }

    /// Whether a Microdata item may be there (`itemscope`, in any letter case). Without the
    /// word no element can have the attribute (an attribute's name is written out, never
    /// escaped), so a parse for JSON-LD alone needs no text or attributes but the scripts'.
    public static func mayContainMicrodata(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsIgnoringASCIICase(bytes, words[1], anchor: 3)
    }

    /// Whether `word` (lowercase ASCII) occurs in `bytes`, ASCII letters compared without case,
    /// finding candidates by the pair `word[anchor]`, `word[anchor + 1]` eight
    /// positions at a time, then comparing the whole word there. A pair rare in mail's HTML
    /// and CSS is the anchor: "+j" of ld+json, "ms" of itemscope. (One byte was not enough:
    /// itemscope's rarest letter, "p", is in most words of a style sheet — "padding", "px" —
    /// and the search for it, now run on every part with JSON-LD, cost 2.3 % of `extract`.)
    ///
    /// A position is a candidate when both its byte and the next pass `b | 0x20 == key | 0x20`
    /// (which both letter cases pass): each byte's test is the has-zero-byte test on
    /// `word ^ keys`, which flags every true zero byte (it may flag a byte after one too,
    /// which the comparison then refuses).
    static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8], anchor: Int) -> Bool {
        guard !word.isEmpty, bytes.count >= word.count, let base = bytes.baseAddress else { return false }
        let hasPair = anchor + 1 < word.count
        let first = UInt64(word[anchor] | 0x20) &* 0x0101_0101_0101_0101
        let second = UInt64((hasPair ? word[anchor + 1] : word[anchor]) | 0x20) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080 }
        // Candidates for the anchor lie in anchor ..< count - (word.count - anchor - 1); the
        // pair's second byte is read eight bytes on, so a block needs anchor + 1 + 8 ≤ count.
        let end = bytes.count - (word.count - anchor - 1)
        var index = anchor
        while index < end {
            if hasPair && index + 8 <= end && index + 9 <= bytes.count {
                let atAnchor = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) | 0x2020_2020_2020_2020
                let afterAnchor = raw.loadUnaligned(fromByteOffset: index + 1, as: UInt64.self) | 0x2020_2020_2020_2020
                if zeroBytes(atAnchor ^ first) & zeroBytes(afterAnchor ^ second) == 0 {
                    index += 8
                    continue
                }
                for offset in index..<(index + 8) where matches(bytes, word, at: offset - anchor) {
                    return true
                }
                index += 8
            } else {
                if matches(bytes, word, at: index - anchor) { return true }
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
