extension IDNA {
    /// UTS #46 §4 steps 1–2 (non-transitional), as far as IDNA.swift says: each code point to
    /// NFKC(case fold(NFKC(cp))), the full stops to `.`, the deviations kept; then NFC.
    static func map(_ text: Substring) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                mapped.append(scalar.properties.isUppercase ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
            } else if fullStops.contains(scalar) {
                mapped.append(".") // UTS #46 §5: the IDNA mapping table maps them to U+002E.
            } else if deviations.contains(scalar) {
                mapped.append(scalar) // UTS #46 §4 step 1: kept in non-transitional processing.
            } else if !scalar.properties.changesWhenNFKCCaseFolded {
                mapped.append(scalar) // already its own mapping (the list's rules, most names): no table look-up
            } else if let cherokee = cherokeeFolding(scalar) {
                mapped.append(cherokee)
            } else {
                mapped.append(contentsOf: compatibilityFolding[scalar] ?? [scalar])
            }
        }
        // Each mapped code point is one that NFC keeps (NFKC's output is); only a mark or a
        // conjoining jamo can compose with what precedes it (NFC_Quick_Check=Maybe), so a name
        // without one is NFC already (the PSL's rules, most names).
        guard mapped.contains(where: mayCompose) else { return String(mapped) }
        // The standard library's own NFC (the one its String comparison uses): no Foundation, no ICU.
        return String(decoding: String(mapped)._nfcCodeUnits, as: UTF8.self)
    }

    /// NFKC(case fold(NFKC(cp))) of each code point that changes under it, read once from the
    /// generated table (tools/idna-mapping/generate.swift: Foundation's mapping, computed when the
    /// table was made, so the binary needs neither Foundation nor ICU).
    private static let compatibilityFolding: [Unicode.Scalar: [Unicode.Scalar]] = {
        var table: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        table.reserveCapacity(11_000)
        for line in compatibilityFoldingTable.utf8.split(separator: UInt8(ascii: "\n")) {
            let sides = line.split(separator: UInt8(ascii: ">"), maxSplits: 1)
            guard sides.count == 2, let source = scalar(hex: sides[0]) else { continue }
            table[source] = sides[1].split(separator: UInt8(ascii: " ")).compactMap(scalar(hex:))
        }
        return table
    }()

    private static func scalar(hex: Substring.UTF8View.SubSequence) -> Unicode.Scalar? {
        UInt32(String(decoding: hex, as: UTF8.self), radix: 16).flatMap(Unicode.Scalar.init)
    }

    private static func mayCompose(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && (scalar.properties.generalCategory.isMark || (0x1100...0x11FF).contains(scalar.value)
            || (0xA960...0xA97F).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value))
    }

    /// U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP.
    static let fullStops: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// UTS #46 §6 (deviations): ß, ς, ZWNJ, ZWJ — valid in IDNA 2008, mapped away by IDNA 2003.
    private static let deviations: Set<Unicode.Scalar> = ["\u{00DF}", "\u{03C2}", "\u{200C}", "\u{200D}"]

    /// Cherokee is the one script whose case folding goes to the capital letters
    /// (CaseFolding.txt: U+AB70…U+ABBF → U+13A0…, U+13F8…U+13FD → U+13F0…); Foundation's
    /// folding lowercases them instead.
    private static func cherokeeFolding(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x13A0...0x13F5: scalar
        case 0xAB70...0xABBF: Unicode.Scalar(scalar.value - 0xAB70 + 0x13A0)
        case 0x13F8...0x13FD: Unicode.Scalar(scalar.value - 8)
        default: nil
        }
    }
}
