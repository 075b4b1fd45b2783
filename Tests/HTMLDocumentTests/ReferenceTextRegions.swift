/// The rewrite as it was before it became one memchr pass (`BrowserTextRegions`, issue 21):
/// a byte-by-byte scan that copies the source and rewrites the copy as it goes. Kept here,
/// unchanged, as the model the one-pass rewrite must agree with on every input.
enum ReferenceTextRegions {
    /// Elements whose content the tokenizer reads as text up to their own end tag
    /// (HTML §13.2.6.4.7 "in body": RCDATA for textarea and title, RAWTEXT for the others;
    /// noscript is RAWTEXT when scripting is enabled, as in a browser).
    static let textElements: Set<[UInt8]> = Set(
        ["textarea", "title", "style", "xmp", "iframe", "noembed", "noframes", "noscript"].map { Array($0.utf8) })

    private static let lessThan: UInt8 = 0x3C
    private static let greaterThan: UInt8 = 0x3E
    private static let slash: UInt8 = 0x2F
    private static let exclamation: UInt8 = 0x21
    private static let question: UInt8 = 0x3F
    private static let hyphen: UInt8 = 0x2D
    private static let space: UInt8 = 0x20

    /// The source with browser text regions neutralized; the same array when there are none.
    static func neutralized(_ source: [UInt8]) -> [UInt8] {
        var bytes = source
        var index = 0
        var templateDepth = 0
        let count = bytes.count

        func neutralize(_ range: Range<Int>) {
            for position in range where bytes[position] == lessThan { bytes[position] = space }
        }

        while index < count {
            guard bytes[index] == lessThan, index + 1 < count else {
                index += 1
                continue
            }
            let start = index
            let next = bytes[index + 1]
            if next == exclamation {
                if matches(bytes, at: index + 2, "--") {
                    index = comment(&bytes, from: start)
                } else {
                    // `<!DOCTYPE …>`, `<![CDATA[ …>` and other markup declarations: a bogus
                    // comment up to the first `>` (HTML §13.2.5.41–42).
                    let end = firstIndex(of: greaterThan, in: bytes, from: start + 2) ?? count
                    neutralize((start + 1)..<end)
                    index = end
                }
            } else if next == question {
                // `<?…>`: a bogus comment (HTML §13.2.5.6).
                let end = firstIndex(of: greaterThan, in: bytes, from: start + 2) ?? count
                neutralize((start + 1)..<end)
                index = end
            } else if next == slash {
                guard start + 2 < count, isASCIILetter(bytes[start + 2]) else {
                    // `</>` is dropped, `</3…>` is a bogus comment (HTML §13.2.5.7).
                    let end = firstIndex(of: greaterThan, in: bytes, from: start + 2) ?? count
                    neutralize((start + 1)..<end)
                    index = end
                    continue
                }
                let (name, end) = tag(bytes, nameFrom: start + 2)
                if name == Array("template".utf8) && templateDepth > 0 {
                    templateDepth -= 1
                    if templateDepth > 0 { neutralize(start..<(start + 1)) }
                } else if templateDepth > 0 {
                    neutralize(start..<(start + 1))
                }
                index = end
            } else if isASCIILetter(next) {
                let (name, end) = tag(bytes, nameFrom: start + 1)
                if templateDepth > 0 { neutralize(start..<(start + 1)) }
                if name == Array("template".utf8) {
                    templateDepth += 1
                    index = end
                } else if name == Array("plaintext".utf8) {
                    neutralize(end..<count)
                    index = count
                } else if name == Array("script".utf8) {
                    let close = endTag(bytes, name, from: end) ?? count
                    if templateDepth > 0 { neutralize(end..<close) }
                    index = close
                } else if textElements.contains(name) {
                    let close = endTag(bytes, name, from: end) ?? count
                    neutralize(end..<close)
                    index = close
                } else {
                    index = end
                }
            } else {
                index += 1
            }
        }
        return bytes
    }

    /// A comment from `<!--` (HTML §13.2.5.43–52): `<!-->` and `<!--->` are empty comments;
    /// otherwise it ends at `-->` or `--!>`, whichever comes first, else at the end.
    /// Returns the index after it.
    private static func comment(_ bytes: inout [UInt8], from start: Int) -> Int {
        let count = bytes.count
        let bodyStart = start + 4
        for abrupt in [">", "->"] where matches(bytes, at: bodyStart, abrupt) {
            // libxml2 would read on to the next `-->`; blank the empty comment instead.
            let end = bodyStart + abrupt.utf8.count
            for position in start..<end { bytes[position] = space }
            return end
        }
        var position = bodyStart
        while position < count {
            if bytes[position] == hyphen && matches(bytes, at: position, "-->") { return position + 3 }
            if bytes[position] == hyphen && matches(bytes, at: position, "--!>") {
                // libxml2 ends a comment only at `-->`: write it so, the same length.
                bytes[position + 2] = hyphen
                bytes[position + 3] = greaterThan
                bytes[position + 1] = hyphen
                bytes[position] = space
                return position + 4
            }
            if bytes[position] == lessThan { bytes[position] = space }
            position += 1
        }
        return count
    }

    /// A tag's lowercase name and the index after its `>` (attribute values in quotes may hold `>`).
    private static func tag(_ bytes: [UInt8], nameFrom nameStart: Int) -> (name: [UInt8], end: Int) {
        let count = bytes.count
        var position = nameStart
        var name: [UInt8] = []
        while position < count, !isTagNameEnd(bytes[position]) {
            name.append(asciiLowercased(bytes[position]))
            position += 1
        }
        var quote: UInt8?
        while position < count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                // A quote starts a value only after `=` (HTML §13.2.5.36); elsewhere it is a character.
                var before = position - 1
                while before > nameStart, isWhitespace(bytes[before]) { before -= 1 }
                if bytes[before] == 0x3D { quote = byte }
            } else if byte == greaterThan {
                return (name, position + 1)
            }
            position += 1
        }
        return (name, count)
    }

    /// The index of the "appropriate end tag" `</name` followed by whitespace, `/` or `>`
    /// (HTML §13.2.5.11), ASCII case ignored.
    private static func endTag(_ bytes: [UInt8], _ name: [UInt8], from start: Int) -> Int? {
        let count = bytes.count
        var position = start
        while position + 2 + name.count <= count {
            if bytes[position] == lessThan && bytes[position + 1] == slash {
                var matched = true
                for (offset, letter) in name.enumerated() where asciiLowercased(bytes[position + 2 + offset]) != letter {
                    matched = false
                    break
                }
                let after = position + 2 + name.count
                if matched && (after == count || isTagNameEnd(bytes[after])) { return position }
            }
            position += 1
        }
        return nil
    }

    private static func matches(_ bytes: [UInt8], at position: Int, _ text: String) -> Bool {
        let wanted = Array(text.utf8)
        guard position >= 0, position + wanted.count <= bytes.count else { return false }
        return bytes[position..<(position + wanted.count)].elementsEqual(wanted)
    }

    private static func firstIndex(of byte: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: byte).map { $0 + 1 }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    private static func isTagNameEnd(_ byte: UInt8) -> Bool { isWhitespace(byte) || byte == slash || byte == greaterThan }
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
