import Testing
@testable import MailMessage

@Suite("charset decoding")
struct CharsetTests {
    @Test(arguments: [
        ("utf-8", [0x63, 0x61, 0x66, 0xC3, 0xA9], "café"),
        ("UTF8", [0xE2, 0x82, 0xAC], "€"),
        ("us-ascii", [0x61, 0x62], "ab"),
        ("iso-8859-1", [0x63, 0x61, 0x66, 0xE9], "café"),
        ("latin1", [0xE9], "é"),
        ("iso-8859-2", [0xB1], "ą"),
        ("iso-8859-5", [0xBF], "П"),
        ("iso-8859-7", [0xE1], "α"),
        ("iso-8859-15", [0xA4], "€"),
        ("windows-1252", [0x80, 0x93, 0x94], "€\u{201C}\u{201D}"),
        ("cp1252", [0x80], "€"),
        ("windows-1251", [0xCF, 0xF0, 0xE8], "При"),
        ("windows-1250", [0x9A], "š"),
        ("koi8-r", [0xF0, 0xD2, 0xC9], "При"),
        ("shift_jis", [0x83, 0x65, 0x83, 0x58, 0x83, 0x67], "テスト"),
        ("shift_jis", Array("https://example.jp/~tanaka/a\\b".utf8), "https://example.jp/~tanaka/a\\b"), // not ‾ and ¥
        ("shift_jis", [0x81, 0x8F, 0x81, 0x60], "￥〜"),    // the full-width yen and the wave dash stay
        ("euc-jp", [0xA5, 0xC6, 0xA5, 0xB9, 0xA5, 0xC8], "テスト"),
        ("iso-2022-jp", [0x1B, 0x24, 0x42, 0x25, 0x46, 0x25, 0x39, 0x25, 0x48, 0x1B, 0x28, 0x42], "テスト"),
        ("gb2312", [0xD6, 0xD0, 0xCE, 0xC4], "中文"),
        ("gbk", [0x81, 0x40], "丂"),                 // GBK-only character
        ("gb18030", [0xD6, 0xD0], "中"),
        ("big5", [0xA4, 0xA4, 0xA4, 0xE5], "中文"),
        ("euc-kr", [0xC7, 0xD1], "한"),
    ] as [(String, [UInt8], String)])
    func decode(charset: String, bytes: [UInt8], expected: String) {
        let decoded = CharsetDecoder.decode(bytes, charset: charset)
        #expect(decoded.text == expected)
        #expect(!decoded.hadInvalidBytes)
        #expect(!decoded.charsetWasUnknown)
    }

    @Test("invalid bytes become U+FFFD and decoding goes on")
    func invalidBytes() {
        let utf8 = CharsetDecoder.decode([0x61, 0xFF, 0x62], charset: "utf-8")
        #expect(utf8.text == "a\u{FFFD}b")
        #expect(utf8.hadInvalidBytes)
        // A lead byte with its trail byte missing (iconv's EINVAL) and an invalid byte (EILSEQ).
        let truncated = CharsetDecoder.decode([0x61, 0x83], charset: "shift_jis")
        #expect(truncated.text == "a\u{FFFD}")
        #expect(truncated.hadInvalidBytes)
        // 0xA4 0x62 is no EUC-JP character: one U+FFFD, then "b" and "あ" (0xA4 0xA2) still decode.
        let invalid = CharsetDecoder.decode([0x61, 0xA4, 0x62, 0xA4, 0xA2], charset: "euc-jp")
        #expect(invalid.text == "a\u{FFFD}bあ")
        #expect(invalid.hadInvalidBytes)
        let ascii = CharsetDecoder.decode([0x61, 0xE9], charset: "us-ascii")
        #expect(ascii.text == "a\u{FFFD}")
    }

    @Test("a valid UTF-8 replacement character is not mistaken for an invalid byte")
    func realReplacementCharacter() {
        #expect(!CharsetDecoder.decode([0xEF, 0xBF, 0xBD], charset: "utf-8").hadInvalidBytes)
    }

    @Test("an unknown charset falls back to UTF-8 and says so")
    func unknown() {
        let decoded = CharsetDecoder.decode([0x61], charset: "x-no-such-charset")
        #expect(decoded.text == "a")
        #expect(decoded.charsetWasUnknown)
        #expect(!CharsetDecoder.isKnown("x-no-such-charset"))
        #expect(CharsetDecoder.isKnown("KOI8-R"))
    }
}
