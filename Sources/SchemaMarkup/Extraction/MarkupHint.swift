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
        words.contains { containsIgnoringASCIICase(bytes, $0) }
    }

    /// Whether `word` (lowercase ASCII) occurs in `bytes`, ASCII letters compared without case.
    static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        let upperFirst = first & ~0x20
        var index = 0
        let last = bytes.count - word.count
        while index <= last {
            let byte = bytes[index]
            if byte == first || byte == upperFirst {
                var matched = 1
                while matched < word.count {
                    let candidate = bytes[index + matched]
                    let wanted = word[matched]
                    let isLetter = (0x61...0x7A).contains(wanted)
                    guard candidate == wanted || (isLetter && candidate == wanted & ~0x20) else { break }
                    matched += 1
                }
                if matched == word.count { return true }
            }
            index += 1
        }
        return false
    }
}
