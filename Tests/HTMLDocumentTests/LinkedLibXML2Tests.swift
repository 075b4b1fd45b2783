import LinkedLibXML2
import Testing

/// The ICU converter functions that the linked libxml2.a calls (release builds) are forwarded to
/// libicuuc, loaded on first use. These tests call the forwarders as libxml2's encoding.c calls
/// them (open, the STOP callbacks, convertEx, close), so a wrong symbol name, signature or
/// callback hand-over shows here, in the debug build that `make test` runs.
@Suite("LinkedLibXML2: ICU's converters forwarded to libicuuc")
struct LinkedLibXML2Tests {
    static func convert(_ bytes: [UInt8], from encoding: String, capacity: Int = 256) -> (result: [UInt8]?, error: Int32) {
        var output = [CChar](repeating: 0, count: capacity)
        var error: Int32 = 0
        let written = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { input in
                eventsuggest_icu_convert_to_utf8(encoding, input.baseAddress, input.count, &output, capacity, &error)
            }
        }
        guard written >= 0 else { return (nil, error) }
        return (output.prefix(written).map { UInt8(bitPattern: $0) }, error)
    }

    @Test("libicuuc is found (libxml2-dev depends on libicu-dev, which installs it)")
    func available() {
        #expect(eventsuggest_icu_available())
    }

    @Test("ISO-8859-2 and Shift_JIS bytes come out as the same text in UTF-8")
    func converts() {
        // "Łódź" in ISO-8859-2: Ł A3, ó F3, d, ź BC.
        let polish = Self.convert([0xA3, 0xF3, 0x64, 0xBC], from: "ISO-8859-2")
        #expect(polish.result == Array("Łódź".utf8), "error \(polish.error)")
        // "予約" (reservation) in Shift_JIS.
        let japanese = Self.convert([0x97, 0x5C, 0x96, 0xF1], from: "Shift_JIS")
        #expect(japanese.result == Array("予約".utf8), "error \(japanese.error)")
    }

    @Test("the STOP callback stops at a byte the encoding does not have: an error, no text")
    func stopsOnInvalidInput() {
        // 0xFF starts no UTF-8 sequence; with ICU's default (substitute) callback this would
        // give U+FFFD, with STOP it is U_ILLEGAL_CHAR_FOUND (12) or U_INVALID_CHAR_FOUND (10).
        let invalid = Self.convert([0x61, 0xFF, 0x62], from: "UTF-8")
        #expect(invalid.result == nil)
        #expect(invalid.error == 10 || invalid.error == 12, "error \(invalid.error)")
    }

    @Test("an encoding ICU does not know: an error code, no converter")
    func unknownEncoding() {
        let unknown = Self.convert([0x61], from: "x-no-such-encoding")
        #expect(unknown.result == nil)
        #expect(unknown.error > 0)
    }

    @Test("output that does not fit: an overflow error, not a write past the buffer")
    func overflow() {
        let long = Self.convert(Array(repeating: 0xE9, count: 64), from: "ISO-8859-1", capacity: 16)
        #expect(long.result == nil)
        #expect(long.error == 15, "U_BUFFER_OVERFLOW_ERROR is 15; got \(long.error)")
    }
}
