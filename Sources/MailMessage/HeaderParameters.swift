/// A MIME header value of the form `token *(";" attribute "=" value)` — Content-Type
/// and Content-Disposition (RFC 2045 §5.1, RFC 2183) — with RFC 2231 continuations
/// and charsets undone.
public struct ParameterizedValue: Sendable, Hashable {
    /// The leading token in lowercase (`text/html`, `attachment`).
    public var value: String
    /// Parameters by lowercase name, values decoded.
    public var parameters: [String: String]

    public init(value: String, parameters: [String: String]) {
        self.value = value
        self.parameters = parameters
    }

    public subscript(parameter name: String) -> String? { parameters[name.asciiLowercased] }

    /// Parses an unfolded header value. Lenient: comments are skipped, unquoted values
    /// may contain spaces, a duplicate parameter keeps its first value.
    public static func parse(_ bytes: [UInt8]) -> ParameterizedValue {
        var scanner = ParameterScanner(bytes: bytes)
        let head = scanner.readToken(stoppingAt: [ASCII.semicolon])
        var sections: [String: [RFC2231Section]] = [:]
        var plain: [String: String] = [:]
        var order: [String] = []
        while scanner.skip(ASCII.semicolon) {
            let name = String(decoding: scanner.readToken(stoppingAt: [ASCII.equals, ASCII.semicolon]), as: UTF8.self)
                .asciiLowercased
            guard !name.isEmpty, scanner.skip(ASCII.equals) else { continue }
            let raw = scanner.readValue()
            if let section = RFC2231Section(name: name, value: raw) {
                if sections[section.baseName] == nil { order.append(section.baseName) }
                sections[section.baseName, default: []].append(section)
            } else if plain[name] == nil {
                plain[name] = Self.decodeLegacy(raw)
                order.append(name)
            }
        }
        var parameters = plain
        for (name, parts) in sections {
            // RFC 2231 wins over a plain parameter of the same name (§3: "rfc2231 takes precedence").
            parameters[name] = RFC2231Section.assemble(parts)
        }
        return ParameterizedValue(value: String(decoding: head, as: UTF8.self).asciiLowercased, parameters: parameters)
    }

    /// QUIRK: RFC 2047 encoded words inside parameter values (`filename="=?UTF-8?B?…?="`)
    /// are forbidden by RFC 2047 §5 but sent by many mailers; they are decoded.
    private static func decodeLegacy(_ raw: [UInt8]) -> String {
        EncodedWordDecoder.decodeUnstructured(raw)
    }
}

/// One section of an RFC 2231 parameter: `name*`, `name*0`, `name*1*`, …
struct RFC2231Section {
    var baseName: String
    var index: Int
    var isExtended: Bool
    var value: [UInt8]

    init?(name: String, value: [UInt8]) {
        guard let star = name.firstIndex(of: "*") else { return nil }
        baseName = String(name[..<star])
        var rest = name[name.index(after: star)...]
        isExtended = rest.hasSuffix("*") || rest.isEmpty
        if rest.hasSuffix("*") { rest = rest.dropLast() }
        if rest.isEmpty {
            index = 0
        } else {
            guard let number = Int(rest), number >= 0 else { return nil }
            index = number
        }
        self.value = value
    }

    /// Joins the sections in order, percent-decodes extended ones, and decodes the
    /// whole with the charset named by the first section (RFC 2231 §4).
    static func assemble(_ sections: [RFC2231Section]) -> String {
        let ordered = sections.sorted { $0.index < $1.index }
        var charset: String?
        var bytes: [UInt8] = []
        for (position, section) in ordered.enumerated() {
            var value = section.value[...]
            if position == 0 && section.isExtended {
                // charset'language'value
                let parts = value.split(separator: ASCII.apostrophe, maxSplits: 2, omittingEmptySubsequences: false)
                if parts.count == 3 {
                    let name = String(decoding: parts[0], as: UTF8.self)
                    charset = name.isEmpty ? nil : name
                    value = parts[2]
                }
            }
            bytes += section.isExtended ? percentDecoded(value) : Array(value)
        }
        return CharsetDecoder.decode(bytes, charset: charset ?? "utf-8").text
    }

    private static func percentDecoded(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var index = value.startIndex
        while index < value.endIndex {
            if value[index] == ASCII.percent, index + 2 < value.endIndex,
               let high = ASCII.hexValue(value[index + 1]), let low = ASCII.hexValue(value[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(value[index])
                index += 1
            }
        }
        return output
    }
}

/// Walks a parameterized header value byte by byte.
private struct ParameterScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipWhitespaceAndComments() {
        while index < bytes.count {
            if ASCII.isFoldingWhitespace(bytes[index]) {
                index += 1
            } else if bytes[index] == ASCII.openParenthesis {
                // A comment, possibly nested; a trailing backslash must not step past the end.
                index = AddressParser.skipComment(bytes, from: index)
            } else {
                return
            }
        }
    }

    /// Consumes `byte` (after whitespace) if it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
        skipWhitespaceAndComments()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A token up to one of `stops` (one or two bytes: an array, not a Set, which hashed
    /// every byte of every Content-Type), trimmed; skips a stray unrecognized run up to the next `;`.
    mutating func readToken(stoppingAt stops: [UInt8]) -> [UInt8] {
        skipWhitespaceAndComments()
        let start = index
        while index < bytes.count && !stops.contains(bytes[index]) && bytes[index] != ASCII.openParenthesis {
            index += 1
        }
        let token = Array(bytes[start..<index].trimmingFoldingWhitespace())
        skipWhitespaceAndComments()
        return token
    }

    /// A quoted string (quoted-pairs undone) or an unquoted run up to `;`.
    mutating func readValue() -> [UInt8] {
        skipWhitespaceAndComments()
        guard index < bytes.count else { return [] }
        if bytes[index] == ASCII.doubleQuote {
            index += 1
            var value: [UInt8] = []
            while index < bytes.count && bytes[index] != ASCII.doubleQuote {
                if bytes[index] == ASCII.backslash && index + 1 < bytes.count { index += 1 }
                value.append(bytes[index])
                index += 1
            }
            index = min(index + 1, bytes.count) // past the closing quote, if there is one
            // Anything after the closing quote up to ';' is ignored.
            while index < bytes.count && bytes[index] != ASCII.semicolon { index += 1 }
            return value
        }
        let start = index
        while index < bytes.count && bytes[index] != ASCII.semicolon { index += 1 }
        let run = bytes[start..<index]
        // RFC 2045 §5.1 (value := token) and RFC 5322 §3.2.2 (CFWS between tokens): a comment
        // after the value is not part of it — `charset=utf-8 (unicode)` names "utf-8".
        if let tokenEnd = Self.tokenEndFollowedOnlyByComments(run) {
            return Array(bytes[start..<tokenEnd])
        }
        // QUIRK: an unquoted value with spaces or parentheses inside it (`name=Invoice (2).pdf`,
        // mailers that do not quote file names) is kept whole, as mail readers show it.
        return Array(run.trimmingFoldingWhitespace())
    }

    /// Where the leading token of `run` ends, when everything after it is white space and
    /// comments; nil when other text follows (or there is no comment to drop).
    private static func tokenEndFollowedOnlyByComments(_ run: ArraySlice<UInt8>) -> Int? {
        var index = run.startIndex
        while index < run.endIndex && !ASCII.isFoldingWhitespace(run[index]) && run[index] != ASCII.openParenthesis {
            index += 1
        }
        let tokenEnd = index
        var sawComment = false
        while index < run.endIndex {
            if ASCII.isFoldingWhitespace(run[index]) {
                index += 1
            } else if run[index] == ASCII.openParenthesis {
                sawComment = true
                index = AddressParser.skipComment(run, from: index)
            } else {
                return nil
            }
        }
        return sawComment && tokenEnd > run.startIndex ? tokenEnd : nil
    }
}
