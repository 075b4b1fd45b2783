extension IDNA {
    /// RFC 5893 §2's classes, as far as a label's code points need them.
    enum BidiClass { case leftToRight, rightToLeft, arabicNumber, europeanNumber, separator, otherNeutral, nonspacingMark }

    /// RFC 5893 §2 for one label, applied as Python's idna applies it: to a label that holds a
    /// right-to-left character or an Arabic number (RFC 5893 §1.4 would also hold the other
    /// labels of such a name to rules 5 and 6).
    static func bidiRuleHolds(_ label: [Unicode.Scalar]) -> Bool {
        // Only the right-to-left blocks hold R, AL and AN: a label without them is not checked.
        guard label.contains(where: { scalar in rightToLeftBlocks.contains { $0.contains(scalar.value) } }) else { return true }
        let classes = label.map(bidiClass)
        guard classes.contains(where: { $0 == .rightToLeft || $0 == .arabicNumber }) else { return true }
        let rightToLeft: Bool
        switch classes.first {
        case .rightToLeft: rightToLeft = true                                   // rule 1
        case .leftToRight: rightToLeft = false
        default: return false
        }
        var validEnding = false
        var numbers: BidiClass?
        for bidi in classes {
            if rightToLeft {
                guard bidi != .leftToRight else { return false }               // rule 2
                if [.rightToLeft, .europeanNumber, .arabicNumber].contains(bidi) { validEnding = true }  // rule 3
                else if bidi != .nonspacingMark { validEnding = false }
                if bidi == .europeanNumber || bidi == .arabicNumber {             // rule 4
                    if let numbers, numbers != bidi { return false }
                    numbers = bidi
                }
            } else {
                guard bidi != .rightToLeft && bidi != .arabicNumber else { return false } // rule 5
                if bidi == .leftToRight || bidi == .europeanNumber { validEnding = true } // rule 6
                else if bidi != .nonspacingMark { validEnding = false }
            }
        }
        return validEnding
    }

    /// Bidi_Class from ranges (Swift exposes no Bidi_Class): the right-to-left scripts' blocks
    /// are R/AL except their marks (NSM) and digits (AN, or EN for the extended Arabic-Indic
    /// ones); elsewhere digits are EN, marks NSM, `-` ES, the CONTEXTO punctuation ON, the rest L.
    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let value = scalar.value
        let category = scalar.properties.generalCategory
        let isNonspacing = category == .nonspacingMark || category == .enclosingMark
        if rightToLeftBlocks.contains(where: { $0.contains(value) }) {
            if isNonspacing { return .nonspacingMark }
            if arabicNumbers.contains(where: { $0.contains(value) }) { return .arabicNumber }
            if (0x06F0...0x06F9).contains(value) { return .europeanNumber }
            return .rightToLeft
        }
        if (0x30...0x39).contains(value) { return .europeanNumber }
        if isNonspacing { return .nonspacingMark }
        if value == 0x2D { return .separator }
        if value == 0x00B7 || value == 0x0375 || value == 0x30FB { return .otherNeutral }
        return .leftToRight
    }

    private static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
        0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    ]
    private static let arabicNumbers: [ClosedRange<UInt32>] = [
        0x0600...0x0605, 0x0660...0x0669, 0x066B...0x066C, 0x06DD...0x06DD, 0x0890...0x0891, 0x08E2...0x08E2,
        0x10D30...0x10D39, 0x10E60...0x10E7E,
    ]
}
