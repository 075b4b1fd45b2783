import CommandLineOptions
import HTMLDocument

/// The entry point of the library: picks the command, parses the command line and the
/// configuration files through the command's declarations into its typed struct, and
/// runs it. What a thrown error means for the exit status is the executable's business.
public enum EventSuggestTool {
    public static let version = "0.1.0"

    /// Every command, in the order help lists them.
    static var commands: [any ParsableCommand.Type] { [
        ScanCommand.self, FilterCommand.self, MilterCommand.self, LintCommand.self, ExtractCommand.self, VerifyCommand.self,
        SignCommand.self, InspectCommand.self, HelpCommand.self,
    ] }

    /// Options every command takes, handled here.
    static let config = OptionDeclaration.value(
        "config", "FILE", "Read options from FILE instead of the user's configuration file ('none': no file at all).")
    static let help = OptionDeclaration.switch("help", "Show this help and exit.")

    public static var program: ProgramDescription {
        ProgramDescription(
            name: "eventsuggest", version: version, summary: "turns reservation e-mails into calendar events.",
            discussion: overviewText, commands: commands.map { $0.command }, commonOptions: [config, help],
            sections: ManualSections.all)
    }

    /// Every option of every command: a configuration file may hold any of them.
    static var knownOptions: [OptionDeclaration] { commands.flatMap { $0.command.options } }

    static let overviewText = """
        PATH is a Maildir folder (or its cur/ or new/), an mbox file, a single message file, or - for standard input.
        Run 'eventsuggest help COMMAND' (or 'eventsuggest COMMAND --help') for a command's options.
        Options may also come from /etc/eventsuggest.conf, then --config FILE or
        $XDG_CONFIG_HOME/eventsuggest/config (or ~/.config/eventsuggest/config): one 'option value'
        per line, # comments, ~ and $HOME expanded in paths; a later file wins, the command line wins
        over both (README, "Configuration file").
        'eventsuggest help limits' lists the input limits and how to change them (--limit NAME=N);
        'eventsuggest help codes' lists the finding codes.
        Exit status: 0 ok, 1 findings or unreadable input, 2 usage error, 75 temporary failure.
        """

    /// Parses and runs; what is thrown is a usage error (exit 2) or a failure (exit 1).
    public static func run(_ arguments: [String], environment: [String: String], streams: StandardStreams) throws -> ExitStatus {
        guard let first = arguments.first else {
            streams.error(HelpText.overview(program))
            return .usage
        }
        switch first {
        case "--help", "-h":
            streams.write(HelpText.overview(program))
            return .success
        case "--version":
            streams.writeLine("eventsuggest \(version)")
            streams.writeLine("libxml2: \(HTMLDocument.libraryOrigin)")
            return .success
        default: break
        }
        guard let type = commands.first(where: { $0.command.name == first }) else {
            throw UsageError(message: "unknown command '\(first)' (commands: \(commands.map { $0.command.name }.joined(separator: ", ")))",
                             command: nil)
        }
        let rest = Array(arguments.dropFirst())
        do {
            let command = try parse(type, rest, environment: environment, streams: streams)
            guard let command else { return .success }   // --help
            let status = try command.run(streams: streams)
            streams.flush()
            return status
        } catch {
            // filter must never turn a setup problem into a lost or unprotected message.
            guard type == FilterCommand.self else { throw error }
            return FilterCommand.setupFailed(error, commandLine: rest, environment: environment, streams: streams)
        }
    }

    /// The command's struct from its command line and the configuration files, or nil when
    /// help was asked for (and printed).
    static func parse(_ type: any ParsableCommand.Type, _ arguments: [String], environment: [String: String],
                      streams: StandardStreams) throws -> (any ParsableCommand)? {
        guard let values = try values(for: type.command, arguments, environment: environment) else {
            streams.write(HelpText.command(type.command, program: program))
            return nil
        }
        return try type.init(parsing: values)
    }

    /// The values of every layer for `command`, or nil when the command line asks for help.
    static func values(for command: CommandDescription, _ arguments: [String],
                       environment: [String: String]) throws -> ParsedValues? {
        // `-h`, the one short option, as everywhere: help (before `--` only).
        if arguments.prefix(while: { $0 != "--" }).contains("-h") { return nil }
        let commandLine = try ArgumentParser.parse(arguments, declarations: command.options + [config, help],
                                                   command: command.name)
        if commandLine.isOn(help) { return nil }
        return try ConfigurationFile.values(for: command, commandLine: commandLine, config: commandLine.string(config),
                                            known: knownOptions, environment: environment)
    }

    /// The one line that says what went wrong, without the exit status: for filter's
    /// standard error (procmail's LOGFILE), where a message is delivered anyway.
    public static func problemText(_ error: any Error) -> String {
        switch error {
        case let usage as UsageError: "usage: \(usage.message)"
        default: "\(error)"
        }
    }
}
