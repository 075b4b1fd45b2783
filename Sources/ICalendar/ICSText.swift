/// Escaping and unescaping of iCalendar TEXT (RFC 5545 §3.3.11) and parameter values (§3.2).
enum ICSText {
    /// Backslash first, then `;`, `,` and line breaks; CR LF and lone CR become `\n`;
    /// other control characters (never allowed in a content line) are dropped.
    static func escape(_ text: String) -> String {
        if isPlain(text, escaping: true) { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\r":
                output += "\\n"
                if pending == "\n" { pending = scalars.next() }
            case "\n": output += "\\n"
            case "\t": output.unicodeScalars.append(scalar)
            case _ where isControl(scalar): continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func unescape(_ text: String) -> String {
        var output = ""
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "n", "N": output += "\n"
                default: output.unicodeScalars.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        if escaped { output += "\\" }
        return output
    }

    static func removingControlCharacters(_ text: String) -> String {
        if isPlain(text, escaping: false) { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }))
    }

    /// A parameter value: DQUOTEd when it holds `:`, `;` or `,`; a DQUOTE inside (never
    /// allowed, §3.1) becomes an apostrophe; control characters dropped.
    static func parameterValue(_ value: String) -> String {
        let cleaned = String(String.UnicodeScalarView(value.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar == "\"" { return "'" }
            return isControl(scalar) ? nil : scalar
        }))
        // Scalars, not Characters: ":" followed by a combining mark is one grapheme, and a
        // Character test missed it, leaving the value unquoted (found by fuzzing).
        let needsQuotes = cleaned.unicodeScalars.contains { $0 == ":" || $0 == ";" || $0 == "," }
        return needsQuotes ? "\"\(cleaned)\"" : cleaned
    }

    /// Whether `text` holds nothing ``escape(_:)`` (`escaping`) or
    /// ``removingControlCharacters(_:)`` would change: then it is its own result, and no
    /// string is built scalar by scalar (1.7 % of scan's instructions, issue 21). Read on the
    /// bytes: a control character is one byte in UTF-8, never part of a longer sequence.
    private static func isPlain(_ text: String, escaping: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            !bytes.contains { byte in
                (byte < 0x20 && byte != 0x09) || byte == 0x7F || (escaping && (byte == 0x5C || byte == 0x3B || byte == 0x2C))
            }
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
