extension JSONValue {
    /// Compact JSON text: no whitespace, keys in source order (duplicates kept), strings
    /// escaped per RFC 8259 §7, numbers as their literal.
    ///
    /// Reading the result back gives an equal value.
    public var serialized: String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        Self.write(self, to: &output)
        // Sound without a second check: the bytes are the UTF-8 of strings and ASCII
        // punctuation, well-formed by construction (issue 21).
        return output.withUnsafeBufferPointer { String(copying: UTF8Span(unchecked: Span(_unsafeElements: $0))) }
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.literal.utf8)
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output.append(JSONByte.openBracket)
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(JSONByte.comma) }
                write(element, to: &output)
            }
            output.append(JSONByte.closeBracket)
        case .object(let members):
            output.append(JSONByte.openBrace)
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(JSONByte.comma) }
                writeString(member.key, to: &output)
                output.append(JSONByte.colon)
                write(member.value, to: &output)
            }
            output.append(JSONByte.closeBrace)
        }
    }

    /// RFC 8259 §7: `"` and `\` and the control characters U+0000–U+001F must be escaped;
    /// everything else is written as UTF-8.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(JSONByte.quote)
        // Most strings need no escape: then their bytes are copied at once, not appended one
        // by one (issue 21).
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == JSONByte.quote || $0 == JSONByte.backslash }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            output.append(JSONByte.quote)
            return
        }
        for byte in string.utf8 {
            switch byte {
            case JSONByte.quote: output.append(contentsOf: [JSONByte.backslash, JSONByte.quote])
            case JSONByte.backslash: output.append(contentsOf: [JSONByte.backslash, JSONByte.backslash])
            case JSONByte.lineFeed: output.append(contentsOf: [JSONByte.backslash, UInt8(ascii: "n")])
            case JSONByte.carriageReturn: output.append(contentsOf: [JSONByte.backslash, UInt8(ascii: "r")])
            case JSONByte.tab: output.append(contentsOf: [JSONByte.backslash, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [JSONByte.backslash, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [JSONByte.backslash, UInt8(ascii: "f")])
            case 0x00..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(JSONByte.hexDigit(byte >> 4))
                output.append(JSONByte.hexDigit(byte & 0x0F))
            default: output.append(byte)
            }
        }
        output.append(JSONByte.quote)
    }
}
