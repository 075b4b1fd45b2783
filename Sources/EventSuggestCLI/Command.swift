/// One subcommand of `eventsuggest`: its help and how it runs.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The synopsis after "usage: eventsuggest ".
    static var synopsis: String { get }
    /// Paragraphs after the options in `--help`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }

    static func run(_ arguments: ParsedArguments, streams: StandardStreams) throws -> ExitStatus
}

/// The process exit status (DESIGN.md "Command line").
enum ExitStatus: Int32 {
    case success = 0
    /// Findings that fail the command (lint errors, failing signatures), or inputs that could not be read.
    case findings = 1
    case usage = 2
    /// EX_TEMPFAIL: the MTA should retry (filter mode).
    case temporaryFailure = 75
    /// Stopped by SIGINT (128 + 2, as a shell reports it), after finishing what was under way.
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}

extension Command {
    static var helpText: String {
        var text = "usage: eventsuggest \(synopsis)\n\n\(summary)\n"
        let allOptions = options + [
            .value("config", "FILE", "Read options from FILE ('none': no file); see 'eventsuggest --help'."),
            .flag("help", "Show this help and exit."),
        ]
        text += "\nOptions:\n"
        let labels = allOptions.map { option in "  --\(option.name)" + (option.valueName.map { " \($0)" } ?? "") }
        let width = min(28, (labels.map(\.count).max() ?? 0) + 2)
        for (label, option) in zip(labels, allOptions) {
            let padding = label.count < width ? String(repeating: " ", count: width - label.count) : "\n" + String(repeating: " ", count: width)
            text += label + padding + option.help + "\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}
