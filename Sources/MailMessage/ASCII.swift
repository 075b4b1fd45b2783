/// Byte constants and byte-level predicates used by the parsers.
///
/// Parsing runs over `[UInt8]` and its slices, never `String`, so that the raw
/// bytes DKIM hashes are never re-encoded.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let doubleQuote: UInt8 = 0x22
    static let percent: UInt8 = 0x25
    static let apostrophe: UInt8 = 0x27
    static let openParenthesis: UInt8 = 0x28
    static let closeParenthesis: UInt8 = 0x29
    static let asterisk: UInt8 = 0x2A
    static let comma: UInt8 = 0x2C
    static let hyphen: UInt8 = 0x2D
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let questionMark: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F

    /// RFC 5322 WSP: space or horizontal tab.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The bytes of `word` that are `byte`, as the high bit of each (exact, byte by byte: no
    /// carry crosses from one byte into the next).
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return ~(((difference & low) &+ low) | difference | low)
    }

    /// The bytes of `word` that are at most a space (controls, tab, CR, LF, space), as the
    /// high bit of each (exact, as ``bytes(of:equalTo:)``).
    @inline(__always)
    static func bytesAtMostSpace(of word: UInt64) -> UInt64 {
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return ~(((word & low) &+ 0x5F5F_5F5F_5F5F_5F5F) | word) & 0x8080_8080_8080_8080
    }

    /// WSP or a line-ending byte.
    @inline(__always)
    static func isFoldingWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == carriageReturn || byte == lineFeed
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// The value of a hexadecimal digit (either case), or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension BidirectionalCollection<UInt8> {
    /// The bytes with leading and trailing WSP and line-ending bytes removed.
    func trimmingFoldingWhitespace() -> SubSequence {
        guard let first = firstIndex(where: { !ASCII.isFoldingWhitespace($0) }) else { return self[endIndex...] }
        var last = index(before: endIndex)
        while ASCII.isFoldingWhitespace(self[last]) { last = index(before: last) }
        return self[first...last]
    }
}

extension String {
    /// Lowercases ASCII letters only, leaving other characters (an IDN label, say) unchanged.
    var asciiLowercased: String {
        // Written straight into the new string: this runs once per header field.
        let source = utf8
        return String(unsafeUninitializedCapacity: source.count) { buffer in
            var count = 0
            for byte in source {
                buffer[count] = ASCII.lowercased(byte)
                count += 1
            }
            return count
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line endings.
    var trimmingWhitespace: String {
        if let trimmed = asciiTrimmingWhitespace { return trimmed }
        var slice = self[...]
        while let first = slice.first, " \t\r\n".contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, " \t\r\n".contains(last) { slice = slice.dropLast() }
        return String(slice)
    }

    /// ``trimmingWhitespace`` on the bytes of ASCII text, nil for other text (content types
    /// and parameters are trimmed for every part: Characters cost 2,500 instructions a trim,
    /// issue 21). In ASCII a Character is one byte, except CR LF, one Character, which is
    /// trimmed as a whole; a lone CR or LF is not one of the three and stays.
    var asciiTrimmingWhitespace: String? {
        let bytes = utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // One pass over the Characters: kept is what lies from the first one that is not a
        // space, tab or CR LF to the end of the last such one.
        var index = bytes.startIndex
        var start: Index?
        var end = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            var next = bytes.index(after: index)
            let trimmed: Bool
            if byte == ASCII.carriageReturn, next < bytes.endIndex, bytes[next] == ASCII.lineFeed {
                next = bytes.index(after: next)
                trimmed = true
            } else {
                trimmed = byte == ASCII.space || byte == ASCII.tab
            }
            if !trimmed {
                if start == nil { start = index }
                end = next
            }
            index = next
        }
        guard let start else { return "" }
        return String(self[start..<end])
    }
}
