import Foundation

/// Options from configuration files (DESIGN.md), in layers: the system file
/// (`/etc/eventsuggest.conf`, or `$EVENTSUGGEST_SYSTEM_CONFIG`) first, then the user's
/// (`--config FILE`, else `$XDG_CONFIG_HOME/eventsuggest/config`, else
/// `~/.config/eventsuggest/config`), then the command line: a later layer wins.
///
/// One `option value` per line (a switch alone, or with yes/no), `#` comments, the long
/// options' names; LF or CRLF line ends. In the values of FILE and DIR options a leading
/// `~` or `~user` and `$HOME` / `${HOME}` are expanded, as a shell would on a command line.
enum ConfigurationFile {
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The variable that names the system file instead of /etc/eventsuggest.conf (`none`: no
    /// system file). For tests, which must never read the machine's /etc.
    static let systemPathVariable = "EVENTSUGGEST_SYSTEM_CONFIG"
    static let defaultSystemPath = "/etc/eventsuggest.conf"

    /// One `name value` line of a file, as written.
    struct Entry {
        let path: String
        let line: Int
        let name: String
        let value: String?
        var place: String { "\(path):\(line)" }
    }

    /// The arguments the configuration files contribute for `command`, system file first.
    static func arguments(for command: any Command.Type, commandLine: [String],
                          environment: [String: String]) throws -> [String] {
        let known = Dictionary(CommandLineTool.commands.flatMap { $0.options }.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let accepted = Set(command.options.map { $0.name })
        var arguments: [String] = []
        for path in try locations(commandLine: commandLine, environment: environment) {
            for entry in try entries(path) {
                guard let spec = known[entry.name] else {
                    throw Problem(description: "\(entry.place): unknown option '\(entry.name)'")
                }
                if spec.valueName != nil && (entry.value ?? "").isEmpty {
                    throw Problem(description: "\(entry.place): option '\(entry.name)' needs a value (\(spec.valueName!))")
                }
                // Options of other commands (a shared file for filter and scan) are skipped here.
                guard accepted.contains(entry.name) else { continue }
                if let valueName = spec.valueName {
                    let value = ["FILE", "DIR"].contains(valueName)
                        ? try expandingHome(entry.value!, at: entry, environment: environment) : entry.value!
                    arguments += ["--" + entry.name, value]
                } else if let word = entry.value?.lowercased(), ["no", "false", "off", "0"].contains(word) {
                    // A later layer turns off what an earlier one turned on.
                    arguments.removeAll { $0 == "--" + entry.name }
                } else if entry.value == nil || ["yes", "true", "on", "1"].contains(entry.value!.lowercased()) {
                    arguments.append("--" + entry.name)
                } else {
                    throw Problem(description: "\(entry.place): '\(entry.name)' is a switch: give yes or no, not '\(entry.value!)'")
                }
            }
        }
        return arguments
    }

    /// The lines of one file as entries. A file that cannot be read is a problem naming it.
    static func entries(_ path: String) throws -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "\(path): cannot read the configuration file")
        }
        var entries: [Entry] = []
        // CRLF line ends (a file written on Windows) read like LF. Swift takes "\r\n" for one
        // Character, so a split at "\n" alone would read such a file as a single line.
        let lines = String(decoding: data, as: UTF8.self)
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let name = first.hasPrefix("--") ? String(first.dropFirst(2)) : String(first)
            var value = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : nil
            // `name = value` reads as `name value`.
            if let written = value, written.hasPrefix("=") { value = written.dropFirst().trimmingCharacters(in: .whitespaces) }
            entries.append(Entry(path: path, line: index + 1, name: name, value: value))
        }
        return entries
    }

    /// The files to read, in order: the system file if it exists, then the user's file.
    static func locations(commandLine: [String], environment: [String: String]) throws -> [String] {
        var paths: [String] = []
        if let system = systemLocation(environment: environment) { paths.append(system) }
        if let index = commandLine.firstIndex(where: { $0 == "--config" || $0.hasPrefix("--config=") }) {
            let value = commandLine[index].hasPrefix("--config=") ? String(commandLine[index].dropFirst(9))
                : index + 1 < commandLine.count ? commandLine[index + 1] : ""
            guard !value.isEmpty else { throw UsageError(message: "option '--config' needs a value (FILE)", command: nil) }
            // `--config none`: no file at all, the system one neither.
            return value == "none" ? [] : paths + [value]
        }
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { candidates.append(xdg + "/eventsuggest/config") }
        if let home = environment["HOME"], !home.isEmpty { candidates.append(home + "/.config/eventsuggest/config") }
        if let user = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { paths.append(user) }
        return paths
    }

    /// `/etc/eventsuggest.conf` (or the file `$EVENTSUGGEST_SYSTEM_CONFIG` names) when it exists.
    static func systemLocation(environment: [String: String]) -> String? {
        let path = environment[systemPathVariable] ?? defaultSystemPath
        return path != "none" && FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// `~/x`, `~user/x`, `$HOME/x`, `${HOME}/x` with the home folder put in.
    static func expandingHome(_ value: String, at entry: Entry, environment: [String: String]) throws -> String {
        var text = value
        let needsHome = text.hasPrefix("~/") || text == "~" || text.contains("$HOME") || text.contains("${HOME}")
        if needsHome {
            guard let home = environment["HOME"], !home.isEmpty else {
                throw Problem(description: "\(entry.place): '\(value)' needs the home folder, but HOME is not set")
            }
            if text == "~" || text.hasPrefix("~/") { text = home + text.dropFirst() }
            text = text.replacingOccurrences(of: "${HOME}", with: home).replacingOccurrences(of: "$HOME", with: home)
        } else if text.hasPrefix("~") {
            let user = String(text.dropFirst().prefix { $0 != "/" })
            guard let entryPointer = getpwnam(user), let directory = entryPointer.pointee.pw_dir else {
                throw Problem(description: "\(entry.place): '\(value)': there is no user '\(user)' whose home '~\(user)' could mean")
            }
            text = String(cString: directory) + text.dropFirst(1 + user.count)
        }
        return text
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

    /// What a failed setup still needs to know, read without judging: the value of `name`
    /// on the command line, else in the configuration files (the last one given wins), or
    /// whether the switch is on. Nothing here throws: it runs after something else failed.
    static func bestEffort(_ name: String, commandLine: [String], environment: [String: String]) -> (present: Bool, value: String?) {
        var present = false
        var value: String?
        let paths = (try? locations(commandLine: commandLine, environment: environment)) ?? []
        for path in paths {
            for entry in (try? entries(path)) ?? [] where entry.name == name {
                let off = entry.value.map { ["no", "false", "off", "0"].contains($0.lowercased()) } ?? false
                present = !off
                value = entry.value
            }
        }
        var index = 0
        while index < commandLine.count, commandLine[index] != "--" {
            let argument = commandLine[index]
            if argument == "--" + name {
                present = true
                if index + 1 < commandLine.count { value = commandLine[index + 1] }
            } else if argument.hasPrefix("--\(name)=") {
                present = true
                value = String(argument.dropFirst(name.count + 3))
            }
            index += 1
        }
        return (present, value)
    }
}
