import EventSuggest
import JSON
import Mailbox
import POSIXFiles

/// `--log FILE`: every diagnostic as a JSON line, appended, like the system log of Siri
/// Event Suggestions: what was wrong, in which message, and its code.
///
/// A write that fails (`--log /dev/full`) is kept by the ``OutputFile`` and comes out of
/// ``close()``: every command that records into a log closes it and reports that.
final class FindingLog {
    private let file: OutputFile

    init?(path: String?) throws {
        guard let path else { return nil }
        file = try OutputFile(path: path, append: true)
    }

    func record(_ report: MessageReport, at location: MessageLocation) {
        let text = Self.lines(report, at: location)
        if !text.isEmpty { file.write(text) }
    }

    /// Lines made earlier by ``lines(_:at:)`` (a scan sets them aside until their turn).
    func write(bytes: [UInt8]) {
        if !bytes.isEmpty { file.write(bytes: bytes) }
    }

    /// The log's lines for one message.
    static func lines(_ report: MessageReport, at location: MessageLocation) -> String {
        var text = ""
        for finding in report.findings {
            var members = [("file", JSONValue.string(location.path)), ("messageId", .optional(report.messageID))]
            if case .object(let rest) = FindingText.json(finding, in: location) {
                members += rest.map { ($0.key, $0.value) }
            }
            text += JSONValue.object(members).serialized + "\n"
        }
        for outcome in report.outcomes where outcome.action == .skipped {
            text += JSONValue.object([
                ("file", .string(location.path)), ("messageId", .optional(report.messageID)),
                ("severity", .string("note")), ("code", .optional(outcome.code)),
                ("message", .optional(outcome.reason)), ("reservationId", .optional(outcome.reservationID)),
            ]).serialized + "\n"
        }
        return text
    }

    /// Closes the log: what went wrong with it (its first failed write, or the close) in
    /// one line naming the path ("log.jsonl: cannot write the log: No space left on
    /// device"), or nil when every line is in the file.
    func close() -> String? {
        do {
            try file.close()
            return nil
        } catch {
            return "\(error.path): cannot write the log: \(error.reason)"
        }
    }
}
