import EventSuggest
import Foundation
import JSON
import Mailbox

/// `--log FILE`: every diagnostic as a JSON line, appended, like the system log of Siri
/// Event Suggestions: what was wrong, in which message, and its code.
final class FindingLog {
    private let handle: FileHandle

    init?(path: String?) throws {
        guard let path else { return nil }
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw EnvironmentError("\(path): cannot create the log file")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw EnvironmentError("\(path): cannot write the log file") }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    deinit { try? handle.close() }

    func record(_ report: MessageReport, at location: MessageLocation) {
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
        if !text.isEmpty { handle.write(Data(text.utf8)) }
    }
}
