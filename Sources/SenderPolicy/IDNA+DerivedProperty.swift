extension IDNA {
    /// RFC 5892 §2's values.
    enum DerivedProperty { case pvalid, contextJ, contextO, disallowed, unassigned }

    /// RFC 5892 §3: the derivation, from the properties Swift's Unicode data gives. In the
    /// RFC's order, except that a code point outside LetterDigits is DISALLOWED at once: every
    /// step after JoinControl yields DISALLOWED for it anyway, and this skips their look-ups.
    static func derivedProperty(of scalar: Unicode.Scalar) -> DerivedProperty {
        let value = scalar.value
        if let exception = exceptions[value] { return exception }               // §2.6 (F)
        let properties = scalar.properties                                       // §2.7 (G): empty
        let category = properties.generalCategory
        if category == .unassigned && !properties.isNoncharacterCodePoint { return .unassigned } // §2.11 (J)
        if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || value == 0x2D { return .pvalid } // §2.10 (K)
        if properties.isJoinControl { return .contextJ }                         // §2.8 (H)
        switch category {                                                        // §2.1 (A) LetterDigits
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark, .spacingMark:
            break
        default:
            return .disallowed
        }
        if properties.changesWhenNFKCCaseFolded { return .disallowed }           // §2.2 (B) Unstable
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed                                                   // §2.3 (C) IgnorableProperties
        }
        if ignorableBlocks.contains(where: { $0.contains(value) }) { return .disallowed } // §2.4 (D)
        if oldHangulJamo.contains(where: { $0.contains(value) }) { return .disallowed }   // §2.9 (I)
        return .pvalid
    }

    /// RFC 5892 §2.6: the exceptions.
    private static let exceptions: [UInt32: DerivedProperty] = {
        var table: [UInt32: DerivedProperty] = [:]
        for value: UInt32 in [0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007] { table[value] = .pvalid }
        for value: UInt32 in [0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB] { table[value] = .contextO }
        for value: UInt32 in 0x0660...0x0669 { table[value] = .contextO }
        for value: UInt32 in 0x06F0...0x06F9 { table[value] = .contextO }
        for value: UInt32 in [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B] {
            table[value] = .disallowed
        }
        return table
    }()

    /// RFC 5892 §2.4: Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation.
    private static let ignorableBlocks: [ClosedRange<UInt32>] = [0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F]

    /// RFC 5892 §2.9: Hangul_Syllable_Type L, V or T (the conjoining jamo).
    private static let oldHangulJamo: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF,
    ]
}
