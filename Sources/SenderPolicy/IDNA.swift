/// IDNA 2008 (RFC 5890–5893) conversion of a domain name to A-labels, with the mapping step of
/// UTS #46 (non-transitional processing) in front, written for this target (no outside code).
///
/// What is implemented, and what an input outside it yields:
/// - Mapping (UTS #46 §4 step 1, §5): the full stops U+3002, U+FF0E, U+FF61 become `.`; every
///   other code point is mapped to NFKC(case fold(NFKC(cp))), the mapping the UTS #46 table is
///   derived from, computed with Foundation's Unicode support; the four deviation characters
///   (ß, ς, ZWJ, ZWNJ) are kept (non-transitional: `straße.de` is not `strasse.de`). Then NFC.
///   Not implemented: the table's "ignored" status (U+00AD soft hyphen, variation selectors,
///   U+200B …), so such a name is refused (`disallowedCodePoint`) where UTS #46 would drop them,
///   and the table's handful of entries that differ from NFKC_Casefold: a code point whose
///   mapping we get wrong is left unstable and so refused by the validity check below.
/// - Validity (RFC 5891 §5.4, UTS #46 §4.1): NFC, hyphens (CheckHyphens), no leading combining
///   mark, every code point PVALID by RFC 5892's derivation (§2, §3: letters, digits and marks
///   that are stable under NFKC_Casefold, not default-ignorable, not in the ignorable blocks,
///   not old Hangul jamo, with the exceptions table of §2.6), CONTEXTJ/CONTEXTO per Appendix A,
///   the Bidi rule of RFC 5893, label and name lengths (VerifyDnsLength). ASCII labels must be
///   letters, digits and hyphens (UseSTD3ASCIIRules).
/// - Approximations, each on the refusing side: ZWNJ is accepted only after a virama (RFC 5892
///   A.1's first clause; the Joining_Type clause needs a table Swift does not expose, so ZWNJ
///   between Arabic letters is refused). The scripts of the CONTEXTO rules and the Bidi classes
///   are taken from the code-point ranges of the scripts concerned (see IDNA+Context.swift,
///   IDNA+Bidi.swift). Code points unassigned in the Unicode version of the Swift runtime are
///   refused.
/// - An `xn--` label is decoded, must be a valid U-label already in mapped form, and must
///   encode back to itself; else `invalidALabel`.
/// A name that cannot be converted throws `IDNAError`: it is then never aligned with anything
/// and never registered (PublicSuffixList, RegisteredDomains).
public enum IDNA {
    /// The lowercase A-labels of `name`, leftmost first; one trailing dot (the root) is dropped.
    public static func aLabels(of name: String) throws(IDNAError) -> [String] {
        guard !name.isEmpty else { throw IDNAError(name: name, problem: .emptyName) }
        // Hostile input meets a limit before any work: mapping keeps at least one code point in
        // four (NFC joins at most four, e.g. α + U+0313 + U+0301 + U+0345 into ᾄ), and every code
        // point is at least one octet of the result, so more than 4 × 254 cannot fit in 253.
        let scalarCount = name.unicodeScalars.count
        guard scalarCount <= 4 * 254 else { throw IDNAError(name: name, problem: .nameTooLong(scalarCount)) }
        // Over Unicode scalars, never Characters: "." followed by a combining mark is one
        // Character but still ends a label.
        var mapped: String.UnicodeScalarView
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            mapped = String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self).unicodeScalars
        } else {
            mapped = map(Substring(name)).unicodeScalars
        }
        if mapped.last == "." { mapped.removeLast() } // the root
        guard !mapped.isEmpty else { throw IDNAError(name: name, problem: .emptyName) }
        var labels: [String] = []
        var length = 0
        for scalars in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            guard !scalars.isEmpty else { throw IDNAError(name: name, problem: .emptyLabel) }
            let label = Substring(scalars)
            let aLabel = try IDNA.aLabel(of: label, name: name)
            // RFC 5890 §2.3.2.1: 63 octets per label.
            guard aLabel.utf8.count <= 63 else { throw IDNAError(name: name, problem: .labelTooLong(String(label))) }
            length += aLabel.utf8.count + (labels.isEmpty ? 0 : 1)
            labels.append(aLabel)
        }
        // RFC 1034 §3.1: 255 octets on the wire, 253 as text without the root's dot.
        guard length <= 253 else { throw IDNAError(name: name, problem: .nameTooLong(length)) }
        return labels
    }

    /// One mapped label to its A-label: LDH labels as they are, `xn--` labels checked, U-labels
    /// validated and encoded (RFC 5891 §4.4: "xn--" + Punycode).
    private static func aLabel(of label: Substring, name: String) throws(IDNAError) -> String {
        // RFC 5890 §2.3.2.1 before decoding or encoding (both are quadratic in the label's
        // length): an A-label is "xn--" plus at least one character per code point.
        guard label.utf8.count <= 63 || (!label.utf8.allSatisfy({ $0 < 0x80 }) && label.unicodeScalars.count <= 59) else {
            throw IDNAError(name: name, problem: .labelTooLong(String(label)))
        }
        if label.utf8.allSatisfy({ $0 < 0x80 }) {
            if label.hasPrefix("xn--") { return try checkedALabel(label, name: name) }
            guard label.utf8.allSatisfy(isLetterDigitHyphen) else {
                throw IDNAError(name: name, problem: .notLetterDigitHyphen(String(label)))
            }
            try checkHyphens(Array(label.unicodeScalars), label: String(label), name: name)
            return String(label)
        }
        let scalars = Array(label.unicodeScalars)
        try validate(scalars, label: String(label), name: name)
        guard let encoded = Punycode.encode(scalars) else { throw IDNAError(name: name, problem: .labelTooLong(String(label))) }
        return "xn--" + encoded
    }

    /// RFC 5891 §5.4 and UTS #46 §4.1 step 4 for a label that starts with `xn--`.
    private static func checkedALabel(_ label: Substring, name: String) throws(IDNAError) -> String {
        let encoded = label.dropFirst(4)
        // QUIRK: as Python's idna, a trailing hyphen is refused before decoding (it would make
        // the whole rest "basic code points" that an encoder never produces).
        guard !encoded.isEmpty, !encoded.hasSuffix("-"), let scalars = Punycode.decode(encoded) else {
            throw IDNAError(name: name, problem: .invalidPunycode(String(label)))
        }
        let unicode = String(String.UnicodeScalarView(scalars))
        guard !scalars.allSatisfy(\.isASCII), map(Substring(unicode)).unicodeScalars.elementsEqual(scalars),
              Punycode.encode(scalars) == String(encoded)
        else { throw IDNAError(name: name, problem: .invalidALabel(String(label))) }
        do { try validate(scalars, label: unicode, name: name) } catch {
            throw IDNAError(name: name, problem: .invalidALabel(String(label)))
        }
        return String(label)
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
    }

    /// RFC 5891 §4.2.3.1: no leading or trailing hyphen, not "--" in the 3rd and 4th position.
    static func checkHyphens(_ scalars: [Unicode.Scalar], label: String, name: String) throws(IDNAError) {
        let hyphen: Unicode.Scalar = "-"
        if scalars.first == hyphen || scalars.last == hyphen || (scalars.count >= 4 && scalars[2] == hyphen && scalars[3] == hyphen) {
            throw IDNAError(name: name, problem: .hyphenPosition(label))
        }
    }

    /// RFC 5891 §5.4 (and §4.2.3): the checks on a U-label.
    static func validate(_ scalars: [Unicode.Scalar], label: String, name: String) throws(IDNAError) {
        try checkHyphens(scalars, label: label, name: name)
        // RFC 5891 §4.2.3.2: no combining mark first.
        if let first = scalars.first, first.properties.generalCategory.isMark {
            throw IDNAError(name: name, problem: .leadingCombiningMark(label))
        }
        for (position, scalar) in scalars.enumerated() {
            switch derivedProperty(of: scalar) {
            case .pvalid: continue
            case .contextJ, .contextO:
                guard contextRuleHolds(at: position, in: scalars) else {
                    throw IDNAError(name: name, problem: .contextRule(scalar, label: label))
                }
            case .disallowed, .unassigned:
                throw IDNAError(name: name, problem: .disallowedCodePoint(scalar, label: label))
            }
        }
        guard bidiRuleHolds(scalars) else { throw IDNAError(name: name, problem: .bidiRule(label)) }
    }
}

extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
