import DKIM
import EventSuggest
import Foundation
import SenderPolicy
import Mailbox

/// The entry point: picks the command, parses its arguments, runs it, and maps
/// every outcome to text and an exit status in one place.
enum CommandLineTool {
    static let version = "0.1.0"
    static var commands: [any Command.Type] { [ScanCommand.self, FilterCommand.self, MilterCommand.self, LintCommand.self, ExtractCommand.self, VerifyCommand.self, SignCommand.self, InspectCommand.self] }

    static var overview: String {
        var text = """
            eventsuggest \(version) — turns reservation e-mails into calendar events.

            usage: eventsuggest COMMAND [options] [PATH...]

            Commands:

            """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10) + command.summary + "\n"
        }
        text += """

            PATH is a Maildir folder, an mbox file, a single message file, or - for standard input.
            Run 'eventsuggest COMMAND --help' for a command's options. Options may also come from
            /etc/eventsuggest.conf, then --config FILE or $XDG_CONFIG_HOME/eventsuggest/config (or
            ~/.config/eventsuggest/config): one 'option value' per line, # comments, ~ and $HOME
            expanded in paths; a later file wins, the command line wins over both.
            'eventsuggest help limits' lists the input limits and how to change them (--limit NAME=N);
            'eventsuggest help codes' lists every finding code with its severity and what it means.
            Exit status: 0 ok, 1 findings or unreadable input, 2 usage error, 75 temporary failure.
            """
        return text
    }

    static func run(_ arguments: [String], streams: StandardStreams) -> Int32 {
        guard let first = arguments.first else {
            streams.error(overview)
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                streams.write(command.helpText)
            } else if arguments.count > 1 && arguments[1] == "limits" {
                streams.write(LimitOptions.helpText)
            } else if arguments.count > 1 && arguments[1] == "codes" {
                streams.write(FindingCatalogue.helpText)
            } else {
                streams.writeLine(overview)
            }
            return ExitStatus.success.rawValue
        case "--version":
            streams.writeLine("eventsuggest \(version)")
            return ExitStatus.success.rawValue
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return report(UsageError(message: "unknown command '\(first)'", command: nil), streams: streams).rawValue
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            streams.write(command.helpText)
            return ExitStatus.success.rawValue
        }
        let environment = ProcessInfo.processInfo.environment
        do {
            let configured = try ConfigurationFile.arguments(for: command, commandLine: rest, environment: environment)
            let parsed = try ArgumentParser.parse(
                configured + ConfigurationFile.removingConfig(rest), options: command.options, command: command.name)
            let status = try command.run(parsed, streams: streams)
            streams.flush()
            return status.rawValue
        } catch {
            // filter must never turn a setup problem into a lost or unprotected message.
            if command is FilterCommand.Type {
                return FilterCommand.setupFailed(error, commandLine: rest, environment: environment, streams: streams).rawValue
            }
            return report(error, streams: streams).rawValue
        }
    }

    /// The one line that says what went wrong, without the exit status: for filter's
    /// standard error (procmail's LOGFILE), where a message is delivered anyway.
    static func problemText(_ error: any Error) -> String {
        switch error {
        case let usage as UsageError: "usage: \(usage.message)"
        default: "\(error)"
        }
    }

    /// The one mapping from a thrown error to a message on standard error and an exit status.
    static func report(_ error: any Error, streams: StandardStreams) -> ExitStatus {
        switch error {
        case let usage as UsageError:
            let hint = usage.command.map { "see 'eventsuggest \($0) --help'" } ?? "see 'eventsuggest --help'"
            streams.error("eventsuggest: \(usage.message)\n\(hint)")
            return .usage
        case let problem as ConfigurationFile.Problem:
            streams.error("eventsuggest: \(problem)")
            return .usage
        case let keys as KeysFileResolver.LoadError:
            streams.error("eventsuggest: \(keys)")
            return .findings
        case let suffixes as PublicSuffixList.LoadError:
            streams.error("eventsuggest: \(suffixes)")
            return .findings
        case let registered as RegisteredDomains.LoadError:
            streams.error("eventsuggest: \(registered)")
            return .findings
        case let mailbox as MailboxError:
            streams.error("eventsuggest: \(mailbox)")
            return .findings
        default:
            streams.error("eventsuggest: \(error)")
            return .findings
        }
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
