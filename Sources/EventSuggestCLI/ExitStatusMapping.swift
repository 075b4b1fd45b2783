import CommandLineOptions
import EventSuggestCommands

/// The one mapping from a thrown error to a message on standard error and an exit status.
enum ExitStatusMapping {
    static func report(_ error: any Error, streams: StandardStreams) -> ExitStatus {
        switch error {
        case let usage as UsageError:
            let hint = usage.command.map { "see 'eventsuggest \($0) --help'" } ?? "see 'eventsuggest --help'"
            streams.error("eventsuggest: \(usage.message)\n\(hint)")
            return .usage
        default:
            // A file that cannot be read, a key that does not load, a list with a bad line:
            // each error names the file (and line) itself.
            streams.error("eventsuggest: \(error)")
            return .findings
        }
    }
}
