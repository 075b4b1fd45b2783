import CommandLineOptions
import POSIXFiles
#if canImport(Glibc)
import Glibc
#endif

/// Options from configuration files (README "Configuration file"), in layers: the system file
/// (`/etc/eventsuggest.conf`, or `$EVENTSUGGEST_SYSTEM_CONFIG`) first, then the user's
/// (`--config FILE`, else `$XDG_CONFIG_HOME/eventsuggest/config`, else
/// `~/.config/eventsuggest/config`), then the command line: a later layer wins.
///
/// Each file is read by ``ConfigurationText`` against the same declarations as the command
/// line, into a layer of ``ParsedValues``; the layers are merged in order.
enum ConfigurationFile {

    /// The variable that names the system file instead of /etc/eventsuggest.conf (`none`: no
    /// system file). For tests, which must never read the machine's /etc.
    static let systemPathVariable = "EVENTSUGGEST_SYSTEM_CONFIG"
    static let defaultSystemPath = "/etc/eventsuggest.conf"

    /// The values of every layer, system file first, the command line last.
    static func values(for command: CommandDescription, commandLine: ParsedValues, config: String?,
                       known: [OptionDeclaration], environment: [String: String]) throws -> ParsedValues {
        let reader = ConfigurationText(known: known, accepted: command.options, environment: environment, homeOfUser: homeOfUser)
        var merged = ParsedValues(command: command.name)
        for path in try locations(config: config, environment: environment) {
            let data: [UInt8]
            do {
                data = try FileSystem.wholeContents(of: path)
            } catch {
                throw UsageError(message: "\(path): cannot read the configuration file: \(error.reason)", command: nil)
            }
            let layer = try reader.parse(String(decoding: data, as: UTF8.self), path: path, command: command.name)
            merged = merged.merged(with: layer, declarations: command.options)
        }
        var values = merged.merged(with: commandLine, declarations: command.options)
        values.environment = environment
        return values
    }

    static func homeOfUser(_ user: String) -> String? {
        guard let entry = getpwnam(user), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// The files to read, in order: the system file if it exists, then the user's file.
    static func locations(config: String?, environment: [String: String]) throws(UsageError) -> [String] {
        var paths: [String] = []
        if let system = systemLocation(environment: environment) { paths.append(system) }
        if let config {
            guard !config.isEmpty else { throw UsageError(message: "--config needs a value (FILE, or none)", command: nil) }
            // `--config none`: no file at all, the system one neither.
            return config == "none" ? [] : paths + [config]
        }
        var candidates: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { candidates.append(xdg + "/eventsuggest/config") }
        if let home = environment["HOME"], !home.isEmpty { candidates.append(home + "/.config/eventsuggest/config") }
        if let user = candidates.first(where: { FileSystem.exists($0) }) { paths.append(user) }
        return paths
    }

    /// `/etc/eventsuggest.conf` (or the file `$EVENTSUGGEST_SYSTEM_CONFIG` names) when it exists.
    static func systemLocation(environment: [String: String]) -> String? {
        let path = environment[systemPathVariable] ?? defaultSystemPath
        return path != "none" && FileSystem.exists(path) ? path : nil
    }

    /// What a failed setup still needs to know, read without judging: the value of `name`
    /// on the command line, else in the configuration files (the last one given wins), or
    /// whether the switch is on. Nothing here throws: it runs after something else failed.
    static func bestEffort(_ name: String, commandLine: [String], environment: [String: String]) -> (present: Bool, value: String?) {
        var present = false
        var value: String?
        let paths = (try? locations(config: configOperand(commandLine), environment: environment)) ?? []
        for path in paths {
            let text = FileSystem.contents(of: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            for line in text.split(whereSeparator: \.isNewline) {
                let words = line.prefix { $0 != "#" }.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
                guard let first = words.first, first == name || first == "--" + name else { continue }
                let given = words.count > 1 ? words[1].trimmingBlanks() : nil
                present = !(given.map { ["no", "false", "off", "0"].contains($0.lowercased()) } ?? false)
                value = given
            }
        }
        var index = 0
        while index < commandLine.count, commandLine[index] != "--" {
            let argument = commandLine[index]
            if argument == "--no-" + name {
                present = false
            } else if argument == "--" + name {
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

extension ConfigurationFile {
    /// `--config FILE` as given before `--`, read without judging (for ``bestEffort``).
    static func configOperand(_ commandLine: [String]) -> String? {
        var index = 0
        var found: String?
        while index < commandLine.count, commandLine[index] != "--" {
            if commandLine[index] == "--config", index + 1 < commandLine.count { found = commandLine[index + 1] }
            if commandLine[index].hasPrefix("--config=") { found = String(commandLine[index].dropFirst(9)) }
            index += 1
        }
        return found
    }
}
