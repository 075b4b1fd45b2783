import CommandLineOptions

/// One subcommand of `eventsuggest`: a struct of typed fields parsed from its declared
/// options (through its option groups), and how it runs.
protocol ParsableCommand {
    static var command: CommandDescription { get }
    init(parsing values: ParsedValues) throws(UsageError)
    func run(streams: StandardStreams) throws -> ExitStatus
}

/// The process exit status (README "Exit status").
public enum ExitStatus: Int32, Sendable {
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

/// A failure of the environment (a file that cannot be read, a key that does not load):
/// exit status 1, with a message that names the file.
public struct EnvironmentError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ParsedValues {
    /// The operands, at least one: "scan needs at least one PATH (…)" otherwise.
    func requireOperands(_ what: String) throws(UsageError) -> [String] {
        guard !operands.isEmpty else {
            throw UsageError(message: "\(command) needs at least one \(what)", command: command)
        }
        return operands
    }
}
