/// One option a command accepts.
struct OptionSpec: Sendable {
    let name: String          // without the leading "--"
    let valueName: String?    // nil for a flag
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, valueName: nil, help: help) }
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }
}

/// The arguments of one command after parsing: options by name, then positionals.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that cannot be run as given. Exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// The command whose `--help` to point to, if any.
    let command: String?

    var description: String { message }
}

/// Parses `--name value`, `--name=value`, flags, `--` and positionals (`-` is a positional).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)' (options are spelled --name)", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = byName[name] else {
                throw UsageError(message: "unknown option '--\(name)' for '\(command)'", command: command)
            }
            if let valueName = spec.valueName {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "option '--\(name)' needs a value (\(valueName))", command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                parsed.values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "option '--\(name)' takes no value", command: command)
                }
                parsed.flags.insert(name)
            }
        }
        return parsed
    }
}
