import Testing
import TestSupport
@testable import MailMessage

@Suite("base64 and quoted-printable")
struct TransferDecodingTests {
    @Test(arguments: [
        ("SGVsbG8sIHdvcmxkIQ==", "Hello, world!"),
        ("SGVsbG8sIHdvcmxkIQ", "Hello, world!"),               // missing padding
        ("SGVsbG8s\r\nIHdv\ncmxk\r\nIQ==\r\n", "Hello, world!"), // any line length
        ("  SGVs bG8s\tIHdvcmxkIQ==  ", "Hello, world!"),        // stray whitespace
        ("", ""),
    ])
    func base64(input: String, expected: String) {
        let decoded = Base64Decoder.decode(input.bytes)
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == expected)
        #expect(!decoded.skippedInvalidBytes)
    }

    @Test("base64: junk characters are skipped and reported; a lone trailing character is dropped and reported")
    func base64Junk() {
        let junk = Base64Decoder.decode("SGVs*bG8!".bytes)
        #expect(junk.bytes == "Hello".bytes)
        #expect(junk.skippedInvalidBytes)
        let truncated = Base64Decoder.decode("SGVsb".bytes)
        #expect(truncated.bytes == "Hel".bytes)
        #expect(truncated.hadTruncatedQuantum)
    }

    @Test("base64: the output limit stops decoding and says so")
    func base64Limit() {
        let decoded = Base64Decoder.decode("SGVsbG8sIHdvcmxkIQ==".bytes, limit: 6)
        #expect(decoded.bytes == "Hello,".bytes)
        #expect(decoded.reachedLimit)
    }

    @Test(arguments: [
        ("Caf=C3=A9", [0x43, 0x61, 0x66, 0xC3, 0xA9]),
        ("caf=c3=a9", [0x63, 0x61, 0x66, 0xC3, 0xA9]),            // lowercase hex
        ("soft=\r\nbreak", Array("softbreak".utf8)),             // CRLF soft break
        ("soft=\nbreak", Array("softbreak".utf8)),               // LF soft break
        ("soft=  \r\nbreak", Array("softbreak".utf8)),           // whitespace after '='
        ("line one\r\nline two", Array("line one\r\nline two".utf8)),
        ("trailing   \r\nspace", Array("trailing\r\nspace".utf8)), // RFC 2045 §6.7 rule 3
        ("a=b", Array("a=b".utf8)),                              // malformed kept literally
        ("a=G1", Array("a=G1".utf8)),
        ("a=", Array("a".utf8)),
    ] as [(String, [UInt8])])
    func quotedPrintable(input: String, expected: [UInt8]) {
        #expect(QuotedPrintableDecoder.decode(input.bytes).bytes == expected)
    }

    @Test("quoted-printable: the limit stops decoding between units; Q encoding's underscore; inner spaces kept")
    func quotedPrintableLimitAndQ() {
        let limited = QuotedPrintableDecoder.decode("ab=C3=A9cd".bytes, limit: 3)
        #expect(limited.bytes == [0x61, 0x62, 0xC3] && limited.reachedLimit)
        let exact = QuotedPrintableDecoder.decode("abc".bytes, limit: 3)
        #expect(exact.bytes == "abc".bytes && !exact.reachedLimit)
        // A run of inner whitespace is copied whole, then the limit applies.
        let run = QuotedPrintableDecoder.decode("a    b".bytes, limit: 2)
        #expect(run.bytes == "a    ".bytes && run.reachedLimit)
        #expect(QuotedPrintableDecoder.decode("a_b=5Fc".bytes, underscoreIsSpace: true).bytes == "a b_c".bytes)
        #expect(QuotedPrintableDecoder.decode("a \t b".bytes).bytes == "a \t b".bytes)
        #expect(QuotedPrintableDecoder.decode([UInt8]()).bytes.isEmpty)
        // A non-contiguous collection reads the same.
        #expect(QuotedPrintableDecoder.decode(Array("x=41 \r\ny".utf8)[...]).bytes == "xA\r\ny".bytes)
    }

    @Test("quoted-printable: the eight-byte copy gives what the byte-by-byte rules give, at every limit, in both encodings")
    func quotedPrintableWordCopy() {
        // The rules one byte at a time (the decoder before the word copy): the model.
        func model(_ input: [UInt8], underscoreIsSpace: Bool, limit: Int) -> (bytes: [UInt8], malformed: Bool, reachedLimit: Bool) {
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            func hex(_ byte: UInt8) -> UInt8? {
                switch byte {
                case 0x30...0x39: byte - 0x30
                case 0x41...0x46: byte - 0x37
                case 0x61...0x66: byte - 0x57
                default: nil
                }
            }
            var output: [UInt8] = [], malformed = false, index = 0
            let end = input.count
            while index < end {
                if output.count >= limit { return (output, malformed, true) }
                let byte = input[index]
                if byte == 0x3D {
                    var after = index + 1
                    while after < end && isBlank(input[after]) { after += 1 }
                    if after + 1 < end && input[after] == 0x0D && input[after + 1] == 0x0A { index = after + 2; continue }
                    if after < end && input[after] == 0x0A { index = after + 1; continue }
                    if after == end { index = end; continue }
                    if index + 2 < end, let high = hex(input[index + 1]), let low = hex(input[index + 2]) {
                        output.append(high << 4 | low)
                        index += 3
                        continue
                    }
                    malformed = true
                    output.append(byte)
                    index += 1
                    continue
                }
                if !underscoreIsSpace && isBlank(byte) {
                    var after = index
                    while after < end && isBlank(input[after]) { after += 1 }
                    let atLineEnd = after == end || input[after] == 0x0A || (input[after] == 0x0D && after + 1 < end && input[after + 1] == 0x0A)
                    if !atLineEnd { output += input[index..<after] }
                    index = after
                    continue
                }
                output.append(underscoreIsSpace && byte == 0x5F ? 0x20 : byte)
                index += 1
            }
            return (output, malformed, false)
        }
        var generator = SplitMix64(seed: 2045)
        let pieces = ["abcdefghijklmnop", "<td class", "=3D", "=3d", "=C3=A9", "=\r\n", "=\n", "= \r\n", " ", "\t", "  \r\n",
                      "\r\n", "\n", "_", "=4", "=", "=zz", "x", "0123456", "a b", " =\r\n", "\u{01}", "é"].map { Array($0.utf8) }
        for _ in 0..<1_500 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...14, using: &generator) { input += pieces.randomElement(using: &generator)! }
            for underscoreIsSpace in [false, true] {
                for limit in [Int.max] + Array(0...(input.count + 1)) {
                    let decoded = QuotedPrintableDecoder.decode(input, underscoreIsSpace: underscoreIsSpace, limit: limit)
                    let expected = model(input, underscoreIsSpace: underscoreIsSpace, limit: limit)
                    #expect(decoded.bytes == expected.bytes && decoded.hadMalformedEscape == expected.malformed
                            && decoded.reachedLimit == expected.reachedLimit, "\(input) \(underscoreIsSpace) \(limit)")
                }
            }
        }
    }

    @Test("quoted-printable: a malformed escape is flagged")
    func quotedPrintableMalformed() {
        #expect(QuotedPrintableDecoder.decode("a=zz".bytes).hadMalformedEscape)
        #expect(!QuotedPrintableDecoder.decode("a=3D".bytes).hadMalformedEscape)
    }
    @Test("Base64Encoder: RFC 4648 §10's vectors on one line, and MIME lines of 76 with the last one ended",
          arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func encoding(input: String, expected: String) {
        #expect(Base64Encoder.encode(Array(input.utf8)) == expected)
        #expect(Base64Decoder.decode(Array(expected.utf8)).bytes == Array(input.utf8))
    }

    @Test("Base64Encoder.lines: 57 bytes make a line of 76, each line ended, nothing for nothing")
    func encodingLines() {
        let bytes = (0..<120).map { UInt8($0) }
        let lines = String(decoding: Base64Encoder.lines(bytes, lineEnding: [0x0D, 0x0A]), as: UTF8.self)
        #expect(lines.split(separator: "\r\n").map(\.count) == [76, 76, 8])
        #expect(lines.hasSuffix("\r\n"))
        #expect(lines.split(separator: "\r\n").joined() == Base64Encoder.encode(bytes))
        #expect(Base64Encoder.lines([], lineEnding: [0x0A]).isEmpty)
    }
}
