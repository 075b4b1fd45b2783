import JSON

/// The text of an ld+json script that a template HTML-escaped (`{&quot;@context&quot;: …}`),
/// with its character references decoded, and the way back to positions in the original.
///
/// HTML §13.1.2.1: a script's text is raw text, so a browser never decodes references in
/// it and such a script is not JSON. QUIRK: senders' templates escape the JSON as if it
/// were element text (Jinja's `|e`, PHP's `htmlspecialchars`); a script with no `"` but with
/// `&quot;` cannot be meant any other way, so it is read with the references those escapers
/// write decoded (`&quot; &amp; &lt; &gt; &apos;`, the uppercase legacy forms, and numeric
/// references). Other named references are left as they are.
struct HTMLEscapedScript {
    /// The text with the references decoded.
    let decoded: String
    /// Where the first escaped quotation mark is, in the original text.
    let firstQuote: JSONPosition
    /// Per line of `decoded`: the original column of each scalar, and one past the line's end.
    /// References never hold a line break, so lines are the same in both texts.
    private let columns: [[Int]]

    /// nil when `text` is not an escaped script (it has a `"`, or no escaped one).
    init?(_ text: String) {
        guard !text.utf8.contains(UInt8(ascii: "\"")), text.utf8.contains(UInt8(ascii: "&")) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var decoded = String.UnicodeScalarView()
        var columns: [[Int]] = [[]]
        var firstQuote: JSONPosition?
        var column = 1
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let reference = Self.reference(in: scalars, at: index) {
                if reference.scalar == "\"" && firstQuote == nil {
                    firstQuote = JSONPosition(line: columns.count, column: column)
                }
                decoded.append(reference.scalar)
                columns[columns.count - 1].append(column)
                column += reference.length
                index += reference.length
                continue
            }
            decoded.append(scalar)
            index += 1
            if scalar == "\n" || scalar == "\r" {
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" {
                    decoded.append("\n")
                    index += 1
                }
                columns[columns.count - 1].append(column)
                columns.append([])
                column = 1
            } else {
                columns[columns.count - 1].append(column)
                column += 1
            }
        }
        columns[columns.count - 1].append(column)
        guard let firstQuote else { return nil }
        self.decoded = String(decoded)
        self.firstQuote = firstQuote
        self.columns = columns
    }

    /// The position in the original text of `position` in `decoded`.
    func originalPosition(_ position: JSONPosition) -> JSONPosition {
        guard position.line >= 1, position.line <= columns.count, let last = columns[position.line - 1].last else {
            return position
        }
        let line = columns[position.line - 1]
        let offset = position.column - 1
        let column = offset < line.count ? line[max(offset, 0)] : last + (offset - line.count + 1)
        return JSONPosition(line: position.line, column: column)
    }

    /// The character reference at `index` (which holds `&`): its scalar and its length.
    private static func reference(in scalars: [Unicode.Scalar], at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        // Longest is `&#x10FFFF;` or `&#1114111;` (10 scalars).
        let end = min(scalars.count, index + 11)
        guard let semicolon = scalars[(index + 1)..<end].firstIndex(of: ";") else { return nil }
        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
        let length = semicolon - index + 1
        switch name {
        case "quot", "QUOT": return ("\"", length)
        case "amp", "AMP": return ("&", length)
        case "lt", "LT": return ("<", length)
        case "gt", "GT": return (">", length)
        case "apos": return ("'", length)
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = digits.allSatisfy(\.isASCII) ? UInt32(digits, radix: 10) : nil
        }
        // HTML §13.2.5.80: NUL, surrogates and values past U+10FFFF are not characters.
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
