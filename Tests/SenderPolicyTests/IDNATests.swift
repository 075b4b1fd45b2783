import SenderPolicy
import Testing

@Suite("IDNA 2008 conversion to A-labels")
struct IDNATests {
    /// Every form of one name gives one A-label form: U-labels, A-labels, a mix, upper case,
    /// full-width letters and the ideographic full stop (UTS #46 mapping), a trailing dot.
    @Test(arguments: [
        ("victim.公司.cn", "victim.xn--55qx5d.cn"),
        ("victim.xn--55qx5d.cn", "victim.xn--55qx5d.cn"),
        ("VICTIM.XN--55QX5D.CN", "victim.xn--55qx5d.cn"),
        ("victim。公司。cn", "victim.xn--55qx5d.cn"),
        ("ｖｉｃｔｉｍ.公司.cn.", "victim.xn--55qx5d.cn"),
        ("食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("食狮.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("Bücher.example", "xn--bcher-kva.example"),
        ("BÜCHER.EXAMPLE", "xn--bcher-kva.example"),
        ("bu\u{0308}cher.example", "xn--bcher-kva.example"), // NFC: u + combining diaeresis is ü
        ("EpicSteak.COM.", "epicsteak.com"),
        ("пример.рф", "xn--e1afmkfd.xn--p1ai"),
    ])
    func oneForm(written: String, aLabels: String) throws {
        #expect(try DomainName(written).description == aLabels)
    }

    /// IDNA 2008 keeps the deviation characters: `straße.de` and `strasse.de` are two
    /// registrable domains (DENIC registers both, to different holders); IDNA 2003, and
    /// Python's encodings.idna, would make them one.
    @Test("ß and ς are letters of their own (non-transitional), not ss and σ")
    func deviations() throws {
        #expect(try DomainName("straße.de").description == "xn--strae-oqa.de")
        #expect(try DomainName("strasse.de").description == "strasse.de")
        #expect(try DomainName("STRAẞE.de").description == "strasse.de") // capital sharp s folds to ss (UTS #46)
        #expect(try DomainName("ελληνικός.gr").description != DomainName("ελληνικόσ.gr").description)
    }

    /// What cannot be converted says which label and why (and is never aligned or registered).
    @Test(arguments: [
        ("a..example", "'a..example' is not a valid domain name: it has an empty label"),
        (".example.com", "'.example.com' is not a valid domain name: it has an empty label"),
        ("", "'' is not a valid domain name: it is empty"),
        ("a_b.example", "'a_b.example' is not a valid domain name: label 'a_b' holds a character other than a letter, digit or hyphen"),
        ("-lead.example", "'-lead.example' is not a valid domain name: label '-lead' has a hyphen at its start, its end, or in the 3rd and 4th position"),
        ("xn--zz.example", "'xn--zz.example' is not a valid domain name: label 'xn--zz' is not valid Punycode"),
        ("xn--abc.example", "'xn--abc.example' is not a valid domain name: label 'xn--abc' is not the A-label of a valid IDNA 2008 label"),
        ("♥.example", "'♥.example' is not a valid domain name: label '♥' holds U+2665, which IDNA 2008 does not allow in a domain name"),
        ("ex\u{00AD}ample.com", "'ex\u{00AD}ample.com' is not a valid domain name: label 'ex\u{00AD}ample' holds U+00AD, which IDNA 2008 does not allow in a domain name"),
        ("a\u{00B7}b.example", "'a\u{00B7}b.example' is not a valid domain name: label 'a\u{00B7}b' holds U+00B7 where its context rule (RFC 5892 Appendix A) does not allow it"),
        ("\u{0301}a.example", "'\u{0301}a.example' is not a valid domain name: label '\u{0301}a' begins with a combining mark"),
        ("\u{05D0}a.example", "'\u{05D0}a.example' is not a valid domain name: label '\u{05D0}a' breaks the Bidi rule for right-to-left labels (RFC 5893)"),
    ])
    func refused(written: String, message: String) {
        #expect(throws: IDNAError.self) { try DomainName(written) }
        do { _ = try DomainName(written) } catch { #expect(error.description == message) }
    }

    @Test("the honest neighbours of the refused: l·l, a Hebrew label, ZWJ after a virama, 63 octets")
    func accepted() throws {
        #expect(try DomainName("col\u{00B7}legi.cat").description == "xn--collegi-xma.cat") // Catalan l·l
        #expect(try DomainName("\u{05E9}\u{05DC}\u{05D5}\u{05DD}.example").description == "xn--9dbne9b.example")
        #expect(try DomainName("\u{0915}\u{094D}\u{200D}\u{0937}.example").labels.first?.hasPrefix("xn--") == true)
        let longest = String(repeating: "a", count: 63)
        #expect(try DomainName(longest + ".com").labels.first == longest)
        #expect(throws: IDNAError.self) { try DomainName(longest + "a.com") }
    }

    @Test("a hostile name meets a limit before any work: a megabyte label, a megabyte xn-- label, a megabyte of labels")
    func hostileLengths() {
        // The inputs are built before the clock starts: only the conversion is timed. Without
        // the limits, Punycode over a megabyte label is quadratic (hours); with them, milliseconds.
        let distinct = String(String.UnicodeScalarView((0x4E00..<0x4E00 + 1_000_000 / 3).compactMap(Unicode.Scalar.init))) + ".cn"
        let longALabel = "xn--" + String(repeating: "99a", count: 330_000) + ".cn"
        let manyLabels = String(repeating: "a.", count: 500_000) + "com"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: IDNAError.self) { try DomainName(distinct) }
            #expect(throws: IDNAError.self) { try DomainName(longALabel) }
            #expect(throws: IDNAError.self) { try DomainName(manyLabels) }
            #expect(throws: IDNAError.self) { try DomainName(String(repeating: "食", count: 60) + ".cn") } // 60 code points: over 63 octets
        }
        #expect(elapsed < .seconds(2))
    }
}
