import Foundation

/// Options from a configuration file (DESIGN.md): `--config FILE`, else
/// `$XDG_CONFIG_HOME/eventsuggest/config` (or `~/.config/eventsuggest/config`), else
/// `/etc/eventsuggest.conf`. One `option value` per line (a flag alone), `#` comments, the
/// long options' names. The command line wins: the file's options go first.
enum ConfigurationFile {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The arguments the configuration contributes for `command`, and the file they came from.
    static func arguments(for command: any Command.Type, commandLine: [String],
                          environment: [String: String]) throws -> [String] {
        guard let path = try location(commandLine: commandLine, environment: environment) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot read the configuration file")
        }
        let known = Dictionary(CommandLineTool.commands.flatMap { $0.options }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let accepted = Set(command.options.map { $0.name })
        var arguments: [String] = []
        for (index, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let name = first.hasPrefix("--") ? String(first.dropFirst(2)) : String(first)
            guard let spec = known[name] else {
                throw Problem(description: "\(path):\(index + 1): unknown option '\(name)'")
            }
            let value = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : nil
            if spec.valueName != nil && (value ?? "").isEmpty {
                throw Problem(description: "\(path):\(index + 1): option '\(name)' needs a value (\(spec.valueName!))")
            }
            // Options of other commands (a shared file for filter and scan) are skipped here.
            guard accepted.contains(name) else { continue }
            if spec.valueName != nil {
                arguments += ["--" + name, value!]
            } else if value == nil || ["yes", "true", "on", "1"].contains(value!.lowercased()) {
                arguments.append("--" + name)
            } else if !["no", "false", "off", "0"].contains(value!.lowercased()) {
                throw Problem(description: "\(path):\(index + 1): '\(name)' is a switch: give yes or no, not '\(value!)'")
            }
        }
        return arguments
    }

    /// `--config FILE` (`--config none` reads no file), else the first of the default places that exists.
    static func location(commandLine: [String], environment: [String: String]) throws -> String? {
        if let index = commandLine.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) {
            let value = commandLine[index].hasPrefix("--config=") ? String(commandLine[index].dropFirst(9))
                : index + 1 < commandLine.count ? commandLine[index + 1] : ""
            guard !value.isEmpty else { throw UsageError(message: "option '--config' needs a value (FILE)", command: nil) }
            return value == "none" ? nil : value
        }
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { candidates.append(xdg + "/eventsuggest/config") }
        if let home = environment["HOME"], !home.isEmpty { candidates.append(home + "/.config/eventsuggest/config") }
        candidates.append("/etc/eventsuggest.conf")
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The command line without `--config FILE`.
    static func removingConfig(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--config" { skipNext = true; continue }
            if argument.hasPrefix("--config=") { continue }
            result.append(argument)
        }
        return result
    }
}
