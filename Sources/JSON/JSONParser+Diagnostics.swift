/// What the parser found where it expected something else, and the errors that say so.
extension JSONParser {
    mutating func syntaxError(_ message: String, at offset: Int) -> JSONReadError {
        JSONReadError(kind: .syntax, position: tracker.position(at: offset), message: message)
    }

    /// A short description of the text at `offset` for a message: `end of input`, a word
    /// such as `'undefined'`, a character such as `'"'`, or an invisible one as `U+00A0`.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        if isASCIILetter(bytes[offset]) {
            var end = offset
            while end < bytes.count, end - offset < 24, isASCIILetter(bytes[end]) || JSONByte.isDigit(bytes[end]) {
                end += 1
            }
            return "'\(String(decoding: bytes[offset..<end], as: UTF8.self))'"
        }
        var end = offset + 1
        while end < bytes.count, end - offset < 4, !JSONByte.startsScalar(bytes[end]) { end += 1 }
        guard let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first else {
            return "end of input"
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return "'\(scalar)'"
        }
    }

    private func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
