/// One line of text output made harmless for a terminal and a CI log: text from mail
/// (a Subject, a file name, a JSON-LD string) may carry escape sequences that retitle or
/// clear a terminal (`\e]0;…\a`, `\e[2J`), line breaks that forge a line of output, or
/// bidirectional overrides that reorder what is shown. Each is written as an escape
/// instead: `\e`, `\x07`, `\x0a`, `\u{202e}`.
enum TerminalText {
    static func escaped(_ line: String) -> String {
        var output = ""
        output.reserveCapacity(line.utf8.count)
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x1B: output += "\\e"
            case 0x09: output += "\\t"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: output += "\\x" + hex(scalar.value, digits: 2)
            // Bidirectional embeddings, overrides and isolates (Unicode UAX #9), and the line
            // and paragraph separators some terminals break lines at.
            case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: output += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A line for a log that a CI system reads as well: escaped, and never starting with
    /// `::` (after blanks), which GitHub Actions takes for a workflow command (`::error …`,
    /// `::add-mask::`, `::stop-commands::`).
    static func logSafe(_ line: String) -> String {
        let text = escaped(line)
        let blanks = text.prefix { $0 == " " }
        guard text.dropFirst(blanks.count).hasPrefix("::") else { return text }
        return blanks + "\\x3a" + text.dropFirst(blanks.count + 1)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
