/// A command line or configuration file that cannot be run as given: exit status 2.
/// The message names the option (and the file and line for a configuration file) and
/// says what it wants.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let message: String
    /// The command whose `--help` to point to, if any.
    public let command: String?

    public init(message: String, command: String?) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
