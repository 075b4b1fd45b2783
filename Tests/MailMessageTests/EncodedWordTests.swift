import Testing
@testable import MailMessage

@Suite("RFC 2047 encoded words")
struct EncodedWordTests {
    @Test(arguments: [
        ("=?UTF-8?B?w6k=?=", "é"),
        ("=?utf-8?q?caf=C3=A9_ok?=", "café ok"),
        ("=?ISO-8859-1?Q?Caf=E9?=", "Café"),
        ("=?iso-8859-1?q?a?= =?iso-8859-1?q?b?=", "ab"),                 // whitespace between words dropped
        ("=?iso-8859-1?q?a?=\r\n =?iso-8859-1?q?b?=", "ab"),
        ("=?iso-8859-1?q?a?= b =?iso-8859-1?q?c?=", "a b c"),            // kept next to plain text
        ("=?UTF-8?B?4oI=?= =?UTF-8?B?rA==?=", "€"),                      // split multibyte character joined
        ("=?utf-8?q?=E2=82?= =?utf-8?q?=AC?=", "€"),
        ("=?utf-8?q?a?==?utf-8?q?b?=", "ab"),                            // back to back, no space
        ("=?koi8-r?B?8NLJ18XU?=", "Привет"),
        ("=?windows-1252?Q?=80?=", "€"),
        ("=?iso-2022-jp?B?GyRCJCIkJCQmGyhC?=", "あいう"),
        ("=?shift_jis?B?g2WDWINn?=", "テスト"),
        ("=?gb2312?B?1tDOxA==?=", "中文"),
        ("=?big5?B?pKSk5Q==?=", "中文"),
        ("=?utf-8*en?q?lang?=", "lang"),                                 // RFC 2231 language suffix
        ("plain text", "plain text"),
        ("=?utf-8?x?bad?=", "=?utf-8?x?bad?="),                          // unknown encoding kept
        ("=?utf-8?q?unterminated", "=?utf-8?q?unterminated"),
        ("a=?utf-8?q?b?=c", "a=?utf-8?q?b?=c"),                          // not a word of its own
    ])
    func decode(input: String, expected: String) {
        #expect(EncodedWordDecoder.decodeUnstructured(input.bytes) == expected)
    }

    @Test("an unknown charset is read as UTF-8 rather than dropped")
    func unknownCharset() {
        #expect(EncodedWordDecoder.decodeUnstructured("=?x-unknown?q?abc?=".bytes) == "abc")
    }
}
