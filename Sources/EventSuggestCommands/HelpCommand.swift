import CommandLineOptions
import EventSuggest

/// `eventsuggest help [COMMAND|limits|codes]`, `help --man`, `help --completion SHELL`:
/// everything printed from the same declarations the parser reads.
struct HelpCommand: ParsableCommand {
    static let man = OptionDeclaration.switch("man", "Print the man page (roff) instead.")
    static let completion = OptionDeclaration.choice(
        "completion", ShellCompletions.Shell.allCases.map(\.rawValue), "Print the completion script for this shell instead.")
    static let topics = ["scan", "filter", "milter", "lint", "extract", "verify", "sign", "inspect", "help", "limits", "codes"]
    static let command = CommandDescription(
        name: "help", summary: "Show the help of a command, the input limits, the finding codes, the man page or completions.",
        synopsis: "help [COMMAND | limits | codes] [--man | --completion bash|zsh|fish]",
        options: [man, completion], operands: .words("TOPIC", topics))

    enum Topic {
        case overview, command(CommandDescription), limits, codes
    }

    var topic: Topic
    var printsManPage: Bool
    var shell: ShellCompletions.Shell?

    init(parsing values: ParsedValues) throws(UsageError) {
        printsManPage = values.isOn(Self.man)
        shell = try values.choice(Self.completion, as: ShellCompletions.Shell.self)
        guard values.operands.count <= 1 else {
            throw UsageError(message: "help takes one topic: a command, limits or codes", command: "help")
        }
        switch values.operands.first {
        case nil: topic = .overview
        case "limits": topic = .limits
        case "codes": topic = .codes
        case let name?:
            guard let type = EventSuggestTool.commands.first(where: { $0.command.name == name }) else {
                throw UsageError(message: "help knows no topic '\(name)' (a command, limits or codes)", command: "help")
            }
            topic = .command(type.command)
        }
    }

    func run(streams: StandardStreams) throws -> ExitStatus {
        let program = EventSuggestTool.program
        if printsManPage {
            streams.write(ManPage.render(program))
        } else if let shell {
            streams.write(ShellCompletions.script(shell, for: program))
        } else {
            switch topic {
            case .overview: streams.write(HelpText.overview(program))
            case .command(let command): streams.write(HelpText.command(command, program: program))
            case .limits: streams.write(LimitOptions.helpText)
            case .codes: streams.write(FindingCatalogue.helpText)
            }
        }
        return .success
    }
}
