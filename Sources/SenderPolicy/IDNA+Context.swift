extension IDNA {
    /// RFC 5892 Appendix A: whether the CONTEXTJ or CONTEXTO code point at `position` may stand
    /// there. Scripts are judged by the ranges below (the scripts' blocks, as Swift exposes no
    /// Script property); the rules refer only to code points that must be PVALID anyway.
    static func contextRuleHolds(at position: Int, in label: [Unicode.Scalar]) -> Bool {
        let before = position > 0 ? label[position - 1] : nil
        let after = position + 1 < label.count ? label[position + 1] : nil
        switch label[position].value {
        case 0x200C, 0x200D:
            // A.1 and A.2: after a virama. QUIRK: A.1's second clause (ZWNJ between joining
            // letters, by Joining_Type) is not implemented, so such a label is refused.
            return before?.properties.canonicalCombiningClass == .virama
        case 0x00B7: // A.3 MIDDLE DOT: between two 'l' (Catalan "l·l").
            return before == "l" && after == "l"
        case 0x0375: // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): before a Greek letter.
            return after.map { isIn($0, greek) } ?? false
        case 0x05F3, 0x05F4: // A.5, A.6 HEBREW PUNCTUATION GERESH and GERSHAYIM: after a Hebrew letter.
            return before.map { isIn($0, hebrew) } ?? false
        case 0x30FB: // A.9 KATAKANA MIDDLE DOT: in a label with Hiragana, Katakana or Han.
            return label.contains { $0.value != 0x30FB && (isIn($0, hiragana) || isIn($0, katakana) || isIn($0, han)) }
        case 0x0660...0x0669: // A.8 ARABIC-INDIC DIGITS: not mixed with the extended ones.
            return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9: // A.9 EXTENDED ARABIC-INDIC DIGITS: not mixed with the Arabic-Indic ones.
            return !label.contains { (0x0660...0x0669).contains($0.value) }
        default:
            return false
        }
    }

    private static func isIn(_ scalar: Unicode.Scalar, _ ranges: [ClosedRange<UInt32>]) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    private static let greek: [ClosedRange<UInt32>] = [
        0x0370...0x0373, 0x0375...0x0377, 0x037A...0x037D, 0x037F...0x037F, 0x0384...0x0384, 0x0386...0x0386,
        0x0388...0x03E1, 0x03F0...0x03FF, 0x1D26...0x1D2A, 0x1F00...0x1FFE, 0xAB65...0xAB65,
    ]
    private static let hebrew: [ClosedRange<UInt32>] = [0x0591...0x05C7, 0x05D0...0x05EA, 0x05EF...0x05F4, 0xFB1D...0xFB4F]
    private static let hiragana: [ClosedRange<UInt32>] = [
        0x3041...0x3096, 0x309D...0x309F, 0x1B001...0x1B11F, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1F200...0x1F200,
    ]
    private static let katakana: [ClosedRange<UInt32>] = [
        0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE, 0x3300...0x3357, 0xFF66...0xFF6F,
        0xFF71...0xFF9D, 0x1AFF0...0x1AFFE, 0x1B000...0x1B000, 0x1B120...0x1B122, 0x1B155...0x1B155, 0x1B164...0x1B167,
    ]
    private static let han: [ClosedRange<UInt32>] = [
        0x2E80...0x2FD5, 0x3005...0x3005, 0x3007...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xF900...0xFAFF, 0x16FE2...0x16FE3, 0x16FF0...0x16FF1, 0x20000...0x3FFFF,
    ]
}
