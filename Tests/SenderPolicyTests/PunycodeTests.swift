@testable import SenderPolicy
import Testing

@Suite("RFC 3492 Punycode")
struct PunycodeTests {
    /// RFC 3492 §7.1's sample strings (A), (B), (C), (L), (S), and IDNA's textbook label;
    /// the encodings agree with Python's `punycode` codec.
    @Test(arguments: [
        ("\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
         "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("-> $1.00 <-", "-> $1.00 <--"),
        ("bücher", "bcher-kva"),
        ("公司", "55qx5d"),
    ])
    func samples(unicode: String, encoded: String) {
        #expect(Punycode.encode(Array(unicode.unicodeScalars)) == encoded)
        #expect(Punycode.decode(encoded).map { String(String.UnicodeScalarView($0)) } == unicode)
    }

    @Test("decoding accepts upper-case digits (RFC 3492 §5: case-insensitive)")
    func caseInsensitiveDigits() {
        #expect(Punycode.decode("BCHER-KVA").map { String(String.UnicodeScalarView($0)) } == "BüCHER")
    }

    @Test("what is not Punycode decodes to nothing: a non-basic character, a bad digit, an overflow, a surrogate")
    func malformed() {
        #expect(Punycode.decode("bücher-kva") == nil)   // a non-ASCII byte
        #expect(Punycode.decode("bcher-kv!") == nil)    // not a digit
        #expect(Punycode.decode("99999999999999") == nil) // the value overflows
        #expect(Punycode.decode("zz") == nil)            // ends inside a variable-length integer
        #expect(Punycode.decode("a-99999999") == nil)    // beyond U+10FFFF
    }
}
