import CommandLineOptions
import Foundation
import Testing
@testable import EventSuggestCommands

/// Parses command lines and configuration files the way the tool does, with the files in
/// a temporary folder of the test's own (never the machine's /etc or ~/.config).
struct CommandLineFixture {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("es-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Writes `text` to a file in the folder and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// No system file, no user file unless `system`/`user` are given (as file texts).
    func environment(system: String? = nil, user: String? = nil) throws -> [String: String] {
        var environment = ["HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg").path]
        environment[ConfigurationFile.systemPathVariable] = try system.map { try file("system.conf", $0) } ?? "none"
        // Each call stands alone: no user file from an earlier call of the same test.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("xdg/eventsuggest/config"))
        if let user {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("xdg/eventsuggest"),
                                                    withIntermediateDirectories: true)
            try file("xdg/eventsuggest/config", user)
        }
        return environment
    }

    /// The merged values for `command` (nil when help was asked for).
    func values(_ command: String, _ arguments: [String], system: String? = nil, user: String? = nil) throws -> ParsedValues? {
        try EventSuggestTool.values(for: Self.type(command).command, arguments, environment: environment(system: system, user: user))
    }

    /// The command's struct.
    func parse<Command: ParsableCommand>(_ type: Command.Type, _ arguments: [String], system: String? = nil,
                                         user: String? = nil) throws -> Command {
        let values = try #require(try EventSuggestTool.values(for: type.command, arguments,
                                                              environment: environment(system: system, user: user)))
        return try Command(parsing: values)
    }

    /// The usage error a command line gets, parsing and building the struct.
    func usageError(_ command: String, _ arguments: [String], system: String? = nil, user: String? = nil) throws -> String? {
        do {
            guard let values = try values(command, arguments, system: system, user: user) else { return nil }
            _ = try Self.type(command).init(parsing: values)
            return nil
        } catch let error as UsageError {
            return error.message
        }
    }

    static func type(_ name: String) -> any ParsableCommand.Type {
        EventSuggestTool.commands.first { $0.command.name == name }!
    }
}
