import Foundation
import DKIM
import ICalendar
import MailMessage

/// The message as filter mode hands it back: our `Authentication-Results` and
/// `X-Event-Suggestion` fields prepended, earlier `Authentication-Results` fields that
/// claim our authserv-id removed (a sender cannot forge our verdict), every other byte
/// unchanged.
public enum FilterOutput {
    public static func rewrite(_ message: MailMessage, report: MessageReport, authservID: String) -> [UInt8] {
        let lineEnding: [UInt8] = usesCRLF(message.bytes) ? [0x0D, 0x0A] : [0x0A]
        var output: [UInt8] = []
        let results = AuthenticationResults.fieldValue(authservID: authservID, results: report.dkim)
        output += fieldBytes("Authentication-Results", results, lineEnding: lineEnding)
        for line in suggestionLines(report) {
            output += fieldBytes("X-Event-Suggestion", line, lineEnding: lineEnding)
        }
        // Copy the message, leaving out forged verdicts of ours.
        var cursor = 0
        for field in message.header.fields(named: "Authentication-Results") where claims(field, authservID) {
            output += message.bytes[cursor..<field.raw.startIndex]
            cursor = field.raw.endIndex
        }
        output += message.bytes[cursor...]
        return output
    }

    /// What was found and done, one line per event, e.g.
    /// `created "EPIC Steak — table for 2" 2020-06-26T19:30:00-07:00; id=IWDSCA`.
    public static func suggestionLines(_ report: MessageReport) -> [String] {
        if let error = report.calendarError { return ["error (calendar not written: \(error))"] }
        guard report.decision.trusted else {
            return report.reservations.isEmpty ? ["none (no trusted reservation markup)"]
                : ["ignored (\(report.reservations.count) reservation(s) from an untrusted sender: \(report.decision.reason))"]
        }
        if report.reservations.isEmpty { return ["none (no reservation markup)"] }
        if report.outcomes.isEmpty { return ["found \(report.reservations.count) reservation(s); no calendar folder given"] }
        return report.outcomes.map { outcome in
            var line = outcome.action.rawValue
            if let summary = outcome.summary { line += " \"\(summary)\"" }
            if let start = outcome.start { line += " \(start)" }
            if let id = outcome.reservationID { line += "; id=\(id)" }
            if outcome.action == .skipped, let code = outcome.code { line += "; \(code)" }
            return line
        }
    }

    /// `Name: value` with the value made safe for a header: control characters (CR, LF from
    /// markup) become spaces, non-ASCII text becomes RFC 2047 words, long lines are folded.
    static func fieldBytes(_ name: String, _ value: String, lineEnding: [UInt8]) -> [UInt8] {
        var lines: [[UInt8]] = []
        for (index, physical) in value.components(separatedBy: "\r\n\t").enumerated() {
            let safe = String(String.UnicodeScalarView(physical.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
            let encoded = safe.unicodeScalars.allSatisfy(\.isASCII) ? safe : encodedWords(safe)
            lines.append(Array(((index == 0 ? "\(name): " : "\t") + encoded).utf8))
        }
        return Array(lines.joined(separator: lineEnding)) + lineEnding
    }

    /// RFC 2047 B-encoded words of at most 45 bytes of UTF-8 each, never splitting a character.
    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append(encodeWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodeWord(chunk)) }
        return words.joined(separator: " ")
    }

    private static func encodeWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// Whether the field's authserv-id is ours. RFC 8601 §2.2: `[CFWS] authserv-id`, where
    /// authserv-id is a token or a quoted-string: `(trust me) eventsuggest;` and
    /// `"eventsuggest";` are claims of ours just as much as `eventsuggest;`.
    static func claims(_ field: HeaderField, _ authservID: String) -> Bool {
        field.leadingWord?.lowercased() == authservID.lowercased()
    }

    private static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return true }
        return newline > 0 && bytes[newline - 1] == 0x0D
    }
}
