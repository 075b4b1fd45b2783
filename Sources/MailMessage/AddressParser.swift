/// Reads address lists (RFC 5322 §3.4): display names, comments, groups, quoted
/// local parts, domain literals and obsolete routes. Lenient where real mail is.
public enum AddressParser {
    enum Token: Equatable {
        case atom([UInt8])          // atext run, dots included (obs-phrase allows them)
        case quoted([UInt8])        // quoted-string contents, quoted-pairs undone
        case domainLiteral([UInt8]) // "[...]" including the brackets
        case special(UInt8)         // < > : ; , @
    }

    /// Every mailbox in the list, group members included; nil when nothing parses as an address.
    public static func parseMailboxes<Bytes: Collection<UInt8>>(_ value: Bytes) -> [EmailAddress]? where Bytes.Index == Int {
        let tokens = tokenize(value)
        var mailboxes: [EmailAddress] = []
        var current: [Token] = []
        var unparsable = false
        func finishMailbox() {
            if !current.isEmpty {
                if let mailbox = mailbox(from: current) { mailboxes.append(mailbox) } else { unparsable = true }
            }
            current = []
        }
        var insideAngle = false
        for token in tokens {
            switch token {
            case .special(ASCII.lessThan): insideAngle = true; current.append(token)
            case .special(ASCII.greaterThan): insideAngle = false; current.append(token)
            case .special(ASCII.comma) where !insideAngle: finishMailbox()
            case .special(ASCII.semicolon) where !insideAngle: finishMailbox()
            case .special(ASCII.colon) where !insideAngle:
                // A group's display name ends here (RFC 5322 §3.4 group); an obsolete route
                // ("<@a,@b:x@y>") only occurs inside angle brackets.
                current = []
            default: current.append(token)
            }
        }
        finishMailbox()
        if mailboxes.isEmpty && unparsable { return nil }
        return mailboxes
    }

    static func isAtomText(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 { return true } // RFC 6532 §3.2: UTF-8 in atext
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
        }
    }

    private static func isAtomByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: ".") || isAtomText(Unicode.Scalar(byte))
    }

    private static func mailbox(from tokens: [Token]) -> EmailAddress? {
        if let open = tokens.firstIndex(of: .special(ASCII.lessThan)) {
            let close = tokens[open...].firstIndex(of: .special(ASCII.greaterThan)) ?? tokens.endIndex
            var inner = Array(tokens[(open + 1)..<close])
            // Obsolete route (RFC 5322 §4.4): "@a,@b:" before the address.
            if let colon = inner.firstIndex(of: .special(ASCII.colon)) { inner = Array(inner[(colon + 1)...]) }
            guard let (local, domain) = addressSpec(inner) else { return nil }
            let name = phrase(tokens[..<open])
            return EmailAddress(displayName: name, localPart: local, domain: domain)
        }
        guard let (local, domain) = addressSpec(tokens) else { return nil }
        return EmailAddress(displayName: nil, localPart: local, domain: domain)
    }

    private static func addressSpec(_ tokens: [Token]) -> (String, String)? {
        guard let at = tokens.lastIndex(of: .special(ASCII.at)), at > 0, at + 1 < tokens.count else { return nil }
        var local: [UInt8] = []
        for token in tokens[..<at] {
            switch token {
            case .atom(let bytes), .quoted(let bytes): local += bytes
            default: return nil
            }
        }
        var domain: [UInt8] = []
        for token in tokens[(at + 1)...] {
            switch token {
            case .atom(let bytes), .domainLiteral(let bytes): domain += bytes
            default: return nil
            }
        }
        guard !local.isEmpty, !domain.isEmpty else { return nil }
        let domainText = String(decoding: domain, as: UTF8.self).lowercased()
        return (String(decoding: local, as: UTF8.self), domainText)
    }

    /// The display name: words joined by single spaces, then encoded words decoded.
    /// QUIRK: encoded words inside quoted strings are decoded too, as every mail reader does.
    private static func phrase(_ tokens: ArraySlice<Token>) -> String? {
        var words: [[UInt8]] = []
        for token in tokens {
            switch token {
            case .atom(let bytes), .quoted(let bytes): words.append(bytes)
            case .special(let byte): words.append([byte])
            case .domainLiteral(let bytes): words.append(bytes)
            }
        }
        guard !words.isEmpty else { return nil }
        let joined = Array(words.joined(separator: [ASCII.space]))
        let name = EncodedWordDecoder.decodeUnstructured(joined)
        return name.isEmpty ? nil : name
    }

    static func tokenize<Bytes: Collection<UInt8>>(_ value: Bytes) -> [Token] where Bytes.Index == Int {
        var tokens: [Token] = []
        var index = value.startIndex
        let end = value.endIndex
        while index < end {
            let byte = value[index]
            switch byte {
            case _ where ASCII.isFoldingWhitespace(byte):
                index += 1
            case ASCII.openParenthesis:
                index = skipComment(value, from: index)
            case ASCII.doubleQuote:
                var content: [UInt8] = []
                index += 1
                while index < end && value[index] != ASCII.doubleQuote {
                    if value[index] == ASCII.backslash && index + 1 < end { index += 1 }
                    if value[index] != ASCII.carriageReturn && value[index] != ASCII.lineFeed { content.append(value[index]) }
                    index += 1
                }
                index += 1
                tokens.append(.quoted(content))
            case ASCII.openBracket:
                let start = index
                while index < end && value[index] != ASCII.closeBracket { index += 1 }
                index = min(end, index + 1)
                tokens.append(.domainLiteral(Array(value[start..<index])))
            case ASCII.lessThan, ASCII.greaterThan, ASCII.colon, ASCII.semicolon, ASCII.comma, ASCII.at:
                tokens.append(.special(byte))
                index += 1
            default:
                let start = index
                while index < end && isAtomByte(value[index]) { index += 1 }
                if index == start {
                    index += 1 // a stray special such as ']' or '\': skip it
                } else {
                    tokens.append(.atom(Array(value[start..<index])))
                }
            }
        }
        return tokens
    }

    /// The index after a (possibly nested) comment starting at `start`; the end when it is
    /// never closed (an escape at the very end included).
    static func skipComment<Bytes: Collection<UInt8>>(_ value: Bytes, from start: Int) -> Int where Bytes.Index == Int {
        var depth = 0
        var index = start
        while index < value.endIndex {
            switch value[index] {
            case ASCII.backslash: index += 1
            case ASCII.openParenthesis: depth += 1
            case ASCII.closeParenthesis:
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return value.endIndex
    }
}
