/// RFC 8259 §6: `number = [ minus ] int [ frac ] [ exp ]`, where
/// `int = zero / ( digit1-9 *DIGIT )`, `frac = "." 1*DIGIT`, `exp = e [ minus / plus ] 1*DIGIT`.
extension JSONParser {
    /// Reads the number starting at `index` (a `-` or a digit), keeping its literal.
    mutating func parseNumber() throws(JSONReadError) -> JSONNumber {
        let start = index
        var cursor = index
        if bytes[cursor] == JSONByte.minus { cursor += 1 }
        guard isDigit(at: cursor) else {
            throw syntaxError("expected a digit after '-', found \(found(at: cursor))", at: cursor)
        }
        if bytes[cursor] == JSONByte.zero {
            cursor += 1
            if isDigit(at: cursor) {
                throw syntaxError(
                    "expected '.', 'e' or the end of the number after a leading '0', found \(found(at: cursor))",
                    at: cursor)
            }
        } else {
            cursor = digitsEnd(from: cursor)
        }
        if cursor < bytes.count && bytes[cursor] == JSONByte.period {
            cursor += 1
            guard isDigit(at: cursor) else {
                throw syntaxError("expected a digit after '.' in a number, found \(found(at: cursor))", at: cursor)
            }
            cursor = digitsEnd(from: cursor)
        }
        if cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E")) {
            cursor += 1
            if cursor < bytes.count && (bytes[cursor] == JSONByte.plus || bytes[cursor] == JSONByte.minus) {
                cursor += 1
            }
            guard isDigit(at: cursor) else {
                throw syntaxError("expected a digit in the exponent of a number, found \(found(at: cursor))", at: cursor)
            }
            cursor = digitsEnd(from: cursor)
        }
        index = cursor
        let literal = String(decoding: bytes[start..<cursor], as: UTF8.self)
        // The grammar above is a subset of what Double accepts; too large a literal reads
        // as an infinity.
        return JSONNumber(literal: literal, value: Double(literal) ?? 0)
    }

    private func isDigit(at offset: Int) -> Bool {
        offset < bytes.count && JSONByte.isDigit(bytes[offset])
    }

    private func digitsEnd(from offset: Int) -> Int {
        var cursor = offset
        while isDigit(at: cursor) { cursor += 1 }
        return cursor
    }
}
