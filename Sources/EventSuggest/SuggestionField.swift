/// One `X-Event-Suggestion` value, built from pieces that say which text may be encoded,
/// and written as a header field a mail rule can match: the verb, the date and `id=` stay
/// plain ASCII; only free text (a summary, a reason) that is not ASCII becomes RFC 2047
/// Q-encoded words, word by word; the field is folded under 78 octets a line wherever it
/// has a space to fold at and never goes over 998 (RFC 5322 §2.1.1).
public struct SuggestionField: Sendable, Hashable {
    public enum Piece: Sendable, Hashable {
        /// Written as it is (made ASCII first): a verb, a date, `id=…`, punctuation.
        case plain(String)
        /// Free text: non-ASCII words become encoded words (RFC 2047 §5(1)).
        case text(String)
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece]) { self.pieces = pieces }

    /// RFC 5322 §2.1.1: lines SHOULD be at most 78 characters and MUST be at most 998.
    static let preferredLineLength = 78
    /// RFC 2047 §2: an encoded word is at most 75 characters.
    static let maximumEncodedWordLength = 75
    /// A word of free text longer than this is written as encoded words, which may be split
    /// anywhere: with the space before it, it still fits on a folded line of 78.
    static let longestPlainWord = 76

    /// The text a reader sees after decoding (for logs and tests).
    public var text: String {
        pieces.map { piece in
            switch piece {
            case .plain(let text): Self.asciiSafe(text)
            case .text(let text): Self.singleLine(text)
            }
        }.joined()
    }

    /// `X-Event-Suggestion: …` with `lineEnding` after every physical line.
    public func fieldBytes(name: String = "X-Event-Suggestion", lineEnding: [UInt8]) -> [UInt8] {
        Self.fold(name: name, words: words(), lineEnding: lineEnding)
    }

    // MARK: - Words

    /// The value as words to be joined by single spaces: plain words, and encoded words
    /// where free text holds something other than printable ASCII.
    func words() -> [String] {
        // Split the whole value at spaces, remembering which characters may be encoded.
        var tokens: [(text: String, encodable: Bool)] = []
        var current = ""
        var currentEncodable = false
        func endToken() {
            if !current.isEmpty { tokens.append((current, currentEncodable)) }
            current = ""
            currentEncodable = false
        }
        for piece in pieces {
            let (text, encodable) = switch piece {
            case .plain(let text): (Self.asciiSafe(text), false)
            case .text(let text): (Self.singleLine(text), true)
            }
            for character in text {
                if character == " " {
                    endToken()
                } else {
                    current.append(character)
                    currentEncodable = currentEncodable || encodable
                }
            }
        }
        endToken()

        var words: [String] = []
        var run: [String] = []
        func endRun() {
            if !run.isEmpty { words += Self.encodedWords(run.joined(separator: " ")) }
            run = []
        }
        for token in tokens {
            let needsEncoding = token.encodable
                && (!token.text.unicodeScalars.allSatisfy(Self.isPrintableASCII) || Self.looksEncoded(token.text)
                    || token.text.utf8.count > Self.longestPlainWord)
            if needsEncoding {
                // RFC 2047 §6.2: the space between two encoded words is dropped when decoding,
                // so a run of words to encode is encoded as one text, its spaces inside.
                run.append(token.text)
            } else {
                endRun()
                words.append(Self.bounded(token.text))
            }
        }
        endRun()
        return words
    }

    /// `=?UTF-8?Q?…?=` words of at most 75 characters each, never splitting a character.
    static func encodedWords(_ text: String) -> [String] {
        let prefix = "=?UTF-8?Q?", suffix = "?="
        let room = maximumEncodedWordLength - prefix.count - suffix.count
        var words: [String] = []
        var payload = ""
        for character in text {
            let encoded = String(character).utf8.map(qEncoded).joined()
            if payload.count + encoded.count > room, !payload.isEmpty {
                words.append(prefix + payload + suffix)
                payload = ""
            }
            payload += encoded
        }
        if !payload.isEmpty { words.append(prefix + payload + suffix) }
        return words
    }

    /// RFC 2047 §4.2 and §5(3): letters, digits and `!*+-/` stand for themselves; a space is
    /// `_`; everything else is `=XX`.
    static func qEncoded(_ byte: UInt8) -> String {
        switch byte {
        case 0x20: return "_"
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "/"):
            return String(UnicodeScalar(byte))
        default:
            let hex = Array("0123456789ABCDEF")
            return "=" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
        }
    }

    // MARK: - Folding

    /// RFC 5322 §2.2.3: a field is folded by putting a line ending before white space. Words
    /// are joined by one space; a line is broken before a word that would take it past 78
    /// octets. No word is longer than 75 octets, so no line goes over 998.
    static func fold(name: String, words: [String], lineEnding: [UInt8]) -> [UInt8] {
        var output = Array((name + ":").utf8)
        var lineLength = output.count
        for word in words {
            let bytes = Array(word.utf8)
            if lineLength + 1 + bytes.count > preferredLineLength && lineLength > name.utf8.count + 1 {
                output += lineEnding
                lineLength = 0
            }
            output.append(0x20)
            output += bytes
            lineLength += 1 + bytes.count
        }
        return output + lineEnding
    }

    // MARK: - Making text safe

    static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool { scalar.value > 0x20 && scalar.value < 0x7F }

    /// A plain word that a decoder would take for an encoded word is encoded itself, so what
    /// a sender writes in a summary never decodes to something else.
    static func looksEncoded(_ word: String) -> Bool { word.contains("=?") || word.contains("?=") }

    /// Control characters (CR and LF from markup among them) become spaces: no text from a
    /// message can end our field or start another.
    static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
                ? " " : scalar
        }))
    }

    /// A plain word (an id from markup) cut to 200 octets: no line may pass 998.
    static func bounded(_ word: String) -> String {
        word.utf8.count <= 200 ? word : String(word.prefix(197)) + "..."
    }

    /// Plain pieces are ASCII by construction; anything else in them (a reservation id from
    /// markup) is percent-encoded as UTF-8, so the field stays matchable by a rule.
    static func asciiSafe(_ text: String) -> String {
        var result = ""
        for scalar in singleLine(text).unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true) }
            }
        }
        return result
    }
}
