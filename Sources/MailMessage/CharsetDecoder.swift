#if canImport(Glibc)
import Glibc
#endif

/// Decodes text in any charset mail uses into Unicode, with glibc's iconv for
/// everything but UTF-8 and ASCII. Bytes that are invalid in the charset become
/// U+FFFD and decoding goes on, so a bad byte never loses the rest of a part.
public enum CharsetDecoder {
    public struct Decoded: Sendable, Equatable {
        public var text: String
        /// The charset was not known; the text was decoded as UTF-8 instead.
        public var charsetWasUnknown: Bool
        /// Some bytes were not valid in the charset and were replaced by U+FFFD.
        public var hadInvalidBytes: Bool
    }

    /// Decodes `bytes` labelled with `charset` (a MIME charset name, any case).
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, charset: String) -> Decoded {
        let name = canonicalName(charset)
        switch name {
        case "utf-8":
            return decodeUTF8(bytes)
        case "us-ascii":
            if bytes.allSatisfy({ $0 < 0x80 }) {
                return Decoded(text: String(decoding: bytes, as: UTF8.self), charsetWasUnknown: false, hadInvalidBytes: false)
            }
            return Decoded(
                text: String(String.UnicodeScalarView(bytes.map { $0 < 0x80 ? Unicode.Scalar($0) : "\u{FFFD}" })),
                charsetWasUnknown: false, hadInvalidBytes: true)
        default:
            if var decoded = decodeWithIconv(Array(bytes), iconvName: name) {
                if name == "shift_jis" { decoded.text = asciiForJISRoman(decoded.text) }
                return decoded
            }
            var fallback = decodeUTF8(bytes)
            fallback.charsetWasUnknown = true
            return fallback
        }
    }

    /// Whether iconv (or the built-in decoders) know this charset.
    public static func isKnown(_ charset: String) -> Bool {
        let name = canonicalName(charset)
        if name == "utf-8" || name == "us-ascii" { return true }
        guard let converter = openConverter(from: name) else { return false }
        iconv_close(converter)
        return true
    }

    /// QUIRK: glibc's SHIFT_JIS maps the single bytes 0x5C and 0x7E to ¥ (U+00A5) and ‾
    /// (U+203E), the letter of JIS X 0201; mail, browsers (WHATWG), CP932 and Python read
    /// them as backslash and tilde, and URLs in Japanese mail depend on it. Only those two
    /// bytes decode to these characters in Shift_JIS (the full-width forms are others).
    private static func asciiForJISRoman(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{A5}" || $0 == "\u{203E}" }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{A5}": scalars.append("\\")
            case "\u{203E}": scalars.append("~")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    private static func decodeUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Decoded {
        // Valid bytes (nearly all mail) are validated and copied once; only invalid ones
        // go through the repairing decode (each maximal bad sequence one U+FFFD).
        let valid = bytes.withContiguousStorageIfAvailable(UTF8Validation.string(ifValid:))
            ?? Array(bytes).withUnsafeBufferPointer(UTF8Validation.string(ifValid:))
        if let text = valid {
            return Decoded(text: text, charsetWasUnknown: false, hadInvalidBytes: false)
        }
        return Decoded(text: String(decoding: bytes, as: UTF8.self), charsetWasUnknown: false, hadInvalidBytes: true)
    }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629 §4), without decoding them.
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        UTF8Validation.isValid(bytes)
    }

    /// Maps the names and aliases seen in mail to the name iconv knows, in lowercase.
    static func canonicalName(_ charset: String) -> String {
        var name = charset.asciiLowercased
        // RFC 2231 §5 allows a language suffix in encoded words: "utf-8*en".
        if let star = name.firstIndex(of: "*") { name = String(name[..<star]) }
        name = String(name.unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\"" })
        switch name {
        case "utf8", "utf-8", "unicode-1-1-utf-8", "x-unicode20utf8": return "utf-8"
        case "ascii", "us-ascii", "ansi_x3.4-1968", "iso646-us", "us", "646", "": return "us-ascii"
        // QUIRK: mail labelled GB2312 routinely carries GBK characters; GB18030 is a
        // superset of both (the WHATWG Encoding Standard does the same).
        case "gb2312", "gbk", "x-gbk", "cp936", "euc-cn", "x-euc-cn", "csgb2312", "chinese": return "gb18030"
        // QUIRK: KS C 5601 as labelled by Outlook is Microsoft's CP949.
        case "ks_c_5601-1987", "ks_c_5601", "ksc5601", "euc-kr", "x-windows-949", "cp949": return "cp949"
        case "x-sjis", "shift-jis", "sjis", "ms_kanji", "csshiftjis": return "shift_jis"
        case "windows-31j", "cp932", "ms932": return "cp932"
        case "iso-8859-8-i", "iso-8859-8-e": return "iso-8859-8"
        case "iso-8859-6-i", "iso-8859-6-e": return "iso-8859-6"
        case "latin1", "latin-1", "l1", "iso8859-1", "iso_8859-1": return "iso-8859-1"
        case "big5-hkscs", "x-x-big5", "cn-big5", "csbig5", "x-big5": return "big5-hkscs"
        case "koi8r": return "koi8-r"
        case "koi8u": return "koi8-u"
        default: break
        }
        if name.hasPrefix("cp125"), name.count == 6 { return "windows-" + name.dropFirst(2) }
        if name.hasPrefix("x-cp125"), name.count == 8 { return "windows-" + name.dropFirst(4) }
        if name.hasPrefix("iso8859-") { return "iso-8859-" + name.dropFirst(8) }
        if name.hasPrefix("iso_8859-") { return "iso-8859-" + name.dropFirst(9) }
        return name
    }

    private static func openConverter(from name: String) -> iconv_t? {
        let converter = iconv_open("UTF-8", name)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        return converter
    }

    /// Converts with iconv, replacing each invalid or incomplete sequence with U+FFFD.
    private static func decodeWithIconv(_ input: [UInt8], iconvName: String) -> Decoded? {
        guard let converter = openConverter(from: iconvName) else { return nil }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: max(64, input.count * 4 + 16))
        var produced = 0
        var hadInvalid = false
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

        input.withUnsafeBufferPointer { inputBuffer in
            var consumed = 0
            while true {
                let remainingOutput = output.count - produced
                var inLeft = inputBuffer.count - consumed
                var outLeft = remainingOutput
                let result: Int = output.withUnsafeMutableBufferPointer { outputBuffer in
                    var inPointer: UnsafeMutablePointer<CChar>? = inLeft == 0 ? nil : UnsafeMutableRawPointer(
                        mutating: inputBuffer.baseAddress! + consumed).assumingMemoryBound(to: CChar.self)
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                        outputBuffer.baseAddress! + produced).assumingMemoryBound(to: CChar.self)
                    // With no input left, this call flushes a stateful encoder's shift state.
                    return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                }
                let error = errno
                consumed = inputBuffer.count - inLeft
                produced += remainingOutput - outLeft
                if result != -1 {
                    if consumed >= inputBuffer.count { break }
                    continue
                }
                switch error {
                case E2BIG:
                    output.append(contentsOf: repeatElement(0, count: output.count))
                case EILSEQ, EINVAL:
                    // Skip one byte of the bad sequence and reset the converter's state.
                    hadInvalid = true
                    if output.count - produced < replacement.count {
                        output.append(contentsOf: repeatElement(0, count: output.count))
                    }
                    output.replaceSubrange(produced..<(produced + 3), with: replacement)
                    produced += 3
                    consumed += 1
                    _ = iconv(converter, nil, nil, nil, nil)
                    if consumed >= inputBuffer.count { return }
                default:
                    hadInvalid = true
                    return
                }
            }
        }
        return Decoded(
            text: String(decoding: output[..<produced], as: UTF8.self),
            charsetWasUnknown: false, hadInvalidBytes: hadInvalid)
    }
}
