/// RFC 8259 §7: strings.
extension JSONParser {
    /// Reads the string whose opening quote is at `index`.
    ///
    /// A string without escapes is decoded straight from the input's bytes; only one with
    /// escapes is built up in a buffer.
    mutating func parseString() throws(JSONReadError) -> String {
        let open = index
        var cursor = open + 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == JSONByte.quote {
                index = cursor + 1
                return String(decoding: bytes[(open + 1)..<cursor], as: UTF8.self)
            }
            if byte == JSONByte.backslash || byte < 0x20 { break }
            cursor += 1
        }
        var buffer = Array(bytes[(open + 1)..<cursor])
        while true {
            guard cursor < bytes.count else { throw unterminatedString(at: open) }
            let byte = bytes[cursor]
            if byte == JSONByte.quote {
                index = cursor + 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 {
                guard closingQuoteExists(after: cursor) else { throw unterminatedString(at: open) }
                throw syntaxError(
                    "expected an escape such as '\\n' in a string, found \(found(at: cursor)) (a raw control character)",
                    at: cursor)
            }
            guard byte == JSONByte.backslash else {
                buffer.append(byte)
                cursor += 1
                continue
            }
            guard cursor + 1 < bytes.count else { throw unterminatedString(at: open) }
            switch bytes[cursor + 1] {
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash: buffer.append(bytes[cursor + 1])
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(JSONByte.lineFeed)
            case UInt8(ascii: "r"): buffer.append(JSONByte.carriageReturn)
            case UInt8(ascii: "t"): buffer.append(JSONByte.tab)
            case UInt8(ascii: "u"):
                cursor = try appendUnicodeEscape(at: cursor, to: &buffer, stringStart: open)
                continue
            default:
                throw syntaxError(
                    "expected one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\\' in a string, found \(found(at: cursor + 1))",
                    at: cursor + 1)
            }
            cursor += 2
        }
    }

    /// Reads `\uXXXX` (and a following low surrogate's `\uXXXX`) at `escape` into
    /// `buffer` as UTF-8 and returns the offset after it. A surrogate without its partner
    /// becomes U+FFFD (RFC 8259 §8.2 leaves it undefined).
    private mutating func appendUnicodeEscape(
        at escape: Int, to buffer: inout [UInt8], stringStart: Int
    ) throws(JSONReadError) -> Int {
        var code: UInt32 = 0
        for offset in (escape + 2)..<(escape + 6) {
            guard offset < bytes.count else { throw unterminatedString(at: stringStart) }
            guard let digit = JSONByte.hexValue(bytes[offset]) else {
                throw syntaxError("expected 4 hexadecimal digits after '\\u', found \(found(at: offset))", at: offset)
            }
            code = code << 4 | digit
        }
        var next = escape + 6
        var scalar = Unicode.Scalar(code)
        if (0xD800...0xDBFF).contains(code), let low = hexEscape(at: next), (0xDC00...0xDFFF).contains(low) {
            scalar = Unicode.Scalar(0x10000 + (code - 0xD800) << 10 + (low - 0xDC00))
            next += 6
        }
        appendUTF8(scalar ?? "\u{FFFD}", to: &buffer)
        return next
    }

    /// The value of a complete `\uXXXX` at `offset`, or nil.
    private func hexEscape(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == JSONByte.backslash, bytes[offset + 1] == UInt8(ascii: "u")
        else { return nil }
        var code: UInt32 = 0
        for position in (offset + 2)..<(offset + 6) {
            guard let digit = JSONByte.hexValue(bytes[position]) else { return nil }
            code = code << 4 | digit
        }
        return code
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to buffer: inout [UInt8]) {
        let value = scalar.value
        switch value {
        case 0..<0x80:
            buffer.append(UInt8(value))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | value >> 6))
            buffer.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | value >> 12))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | value >> 18))
            buffer.append(UInt8(0x80 | value >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | value >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Whether a `"` occurs anywhere after `offset`: if not, a raw control character is
    /// better reported as a string that never ends.
    private func closingQuoteExists(after offset: Int) -> Bool {
        bytes[(offset + 1)...].contains(JSONByte.quote)
    }

    private mutating func unterminatedString(at open: Int) -> JSONReadError {
        syntaxError("expected '\"' to close the string that starts here, found end of input", at: open)
    }
}
