import Findings
import Testing
import TestSupport
@testable import MailMessage

/// The validation that lets valid UTF-8 skip the repairing decode and lets an HTML part be
/// judged on its bytes (issue 21). Its oracle is the standard library's own validation
/// (`String(validating:as:)`, the Unicode standard's "maximal subpart" rules).
@Suite("UTF-8 validation without decoding")
struct UTF8ValidationTests {
    @Test("well-formed text passes: ASCII, two-, three- and four-byte forms, a BOM, a real U+FFFD", arguments: [
        [], Array("plain ASCII text, longer than eight bytes".utf8), Array("café €uro 中文 🎉".utf8),
        [0xEF, 0xBB, 0xBF, 0x3C, 0x70, 0x3E], [0xEF, 0xBF, 0xBD], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
    ] as [[UInt8]])
    func valid(_ bytes: [UInt8]) {
        #expect(UTF8Validation.isValid(bytes))
        #expect(String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test("the attacks fail: overlong forms, surrogates, above U+10FFFF, lone and missing continuation bytes", arguments: [
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0xAF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        [0x80], [0x61, 0xBF], [0xE2, 0x82], [0xE2, 0x82, 0x61], [0xF0, 0x9F, 0x8E], [0xC3],
        // The bad byte just after an eight-byte ASCII run, and inside the last short run.
        Array("12345678".utf8) + [0xC3, 0x28], Array("1234567890".utf8) + [0xA9],
    ] as [[UInt8]])
    func invalid(_ bytes: [UInt8]) {
        #expect(!UTF8Validation.isValid(bytes))
        #expect(String(validating: bytes, as: UTF8.self) == nil)
    }

    @Test("agrees with the standard library on 20,000 random byte strings, mostly text")
    func agreesWithStandardLibrary() {
        var generator = SplitMix64(seed: 21)
        let pieces: [[UInt8]] = [Array("abcdefghij<p>".utf8), Array("é".utf8), Array("€".utf8), Array("🎉".utf8),
                                 [0x80], [0xC0], [0xED, 0xA0], [0xF4, 0x90], [0xE0], [0xFF]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    bytes.append(UInt8.random(in: 0...255, using: &generator))
                } else {
                    bytes += pieces[Int.random(in: 0..<(pieces.count - 6), using: &generator)]
                    if Int.random(in: 0..<20, using: &generator) == 0 { bytes += pieces.randomElement(using: &generator)! }
                }
            }
            #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test("the string of valid bytes: the standard library's, on the same 20,000 random byte strings")
    func stringIfValid() {
        var generator = SplitMix64(seed: 22)
        let pieces: [[UInt8]] = [Array("abcdefghij<p>".utf8), Array("é".utf8), Array("€".utf8), Array("🎉".utf8),
                                 Array("e\u{301}\r\n".utf8), [0x80], [0xC0], [0xED, 0xA0], [0xF4, 0x90], [0xFF]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes += pieces[Int.random(in: 0..<(Int.random(in: 0..<10, using: &generator) == 0 ? pieces.count : 5), using: &generator)]
            }
            let made = bytes.withUnsafeBufferPointer(UTF8Validation.string(ifValid:))
            let model = String(validating: bytes, as: UTF8.self)
            #expect(made == model, "\(bytes)")
            if let made, let model {
                #expect(Array(made.utf8) == bytes && made.count == model.count && made.utf16.count == model.utf16.count)
                #expect(Array(made.unicodeScalars) == Array(model.unicodeScalars))
            }
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.verdict) == (model == nil ? .invalid : bytes.allSatisfy { $0 < 0x80 } ? .ascii : .utf8))
        }
    }

    @Test("the verdict's ASCII: every byte below 0x80; one non-ASCII character found at any offset")
    func ascii() {
        func verdict(_ bytes: [UInt8]) -> UTF8Validation.Verdict { bytes.withUnsafeBufferPointer(UTF8Validation.verdict) }
        #expect(verdict(Array("0123456789abcdefg".utf8)) == .ascii)
        #expect(verdict([]) == .ascii)
        for offset in 0..<16 {
            var bytes = Array("0123456789abcdefg".utf8)
            bytes[offset...offset + 1] = [0xC3, 0xA9]   // é: well-formed, not ASCII
            #expect(verdict(bytes) == .utf8, "é at \(offset)")
            bytes[offset] = 0x80                       // a lone continuation byte
            #expect(verdict(bytes) == .invalid, "0x80 at \(offset)")
        }
    }

    /// The word-at-a-time scan jumps to the first non-ASCII byte of eight: each good and
    /// bad sequence is put at every offset of ASCII text (across a word's end, in the last
    /// short run, cut off by the end), alone and after another non-ASCII character.
    @Test("every sequence at every offset, across word boundaries and cut off at the end: the standard library's verdict")
    func sequencesAtEveryOffset() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xC2, 0xA0], [0xDF, 0xBF], [0xE2, 0x82, 0xAC], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF3, 0xBF, 0xBF, 0xBF],
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41], [0xC2, 0xC2, 0xA0], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xE2, 0x41, 0xAC], [0xE2, 0x82, 0x41], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF0, 0x90, 0x80], [0xF0, 0x90, 0x80, 0x41], [0xFE], [0xFF],
        ]
        for sequence in sequences {
            for prefix in [[], [0xC3, 0xA9]] as [[UInt8]] {
                for offset in 0..<20 {
                    for tail in [0, 1, 9] {
                        let bytes = Array(repeating: UInt8(ascii: "a"), count: offset) + prefix + sequence
                            + Array(repeating: UInt8(ascii: "z"), count: tail)
                        let model: UTF8Validation.Verdict = String(validating: bytes, as: UTF8.self) == nil ? .invalid
                            : bytes.allSatisfy { $0 < 0x80 } ? .ascii : .utf8
                        #expect(bytes.withUnsafeBufferPointer(UTF8Validation.verdict) == model, "\(bytes)")
                    }
                }
            }
        }
    }

    @Test("the decode: valid bytes are the text itself; invalid ones repaired and said so")
    func decode() {
        let text = "Café 🎉 \u{FFFD} ok"
        let valid = CharsetDecoder.decode(Array(text.utf8), charset: "utf-8")
        #expect(valid.text == text && !valid.hadInvalidBytes)
        // An overlong "/" (C0 AF): two U+FFFD (maximal subparts), not a "/".
        let overlong = CharsetDecoder.decode([0x61, 0xC0, 0xAF, 0x62], charset: "utf-8")
        #expect(overlong.text == "a\u{FFFD}\u{FFFD}b" && overlong.hadInvalidBytes)
        // A surrogate three bytes long keeps the byte count: still found invalid.
        let surrogate = CharsetDecoder.decode([0xED, 0xA0, 0x80], charset: "utf-8")
        #expect(surrogate.hadInvalidBytes && surrogate.text.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" })
    }
}
