/// Reads a command line against a command's declarations: `--name VALUE`, `--name=VALUE`,
/// `--switch` and `--no-switch`, operands, `-` as an operand, and `--` after which
/// everything is an operand (`extract -- --help` reads a file named `--help`).
public enum ArgumentParser {
    public static func parse(_ arguments: [String], declarations: [OptionDeclaration],
                             command: String) throws(UsageError) -> ParsedValues {
        var parsed = ParsedValues(command: command)
        let byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.operands += arguments[index...]
                break
            }
            if argument == "-" || !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(message: "unknown option '\(argument)' (options are spelled --name; "
                    + "a file whose name starts with '-' goes after '--')", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            var negated = false
            var found = byName[name]
            if found == nil, name.hasPrefix("no-"), let positive = byName[String(name.dropFirst(3))], positive.isSwitch {
                found = positive
                negated = true
            }
            guard let option = found else {
                throw UsageError(message: "unknown option '--\(name)' for '\(command)'", command: command)
            }
            if parsed.has(option) && !option.isCollected {
                throw UsageError(message: "--\(option.name) given twice (give it once; "
                    + "the command line already wins over the configuration file)", command: command)
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else {
                    throw UsageError(message: "--\(name) is a switch and takes no value (use --\(option.name) or --no-\(option.name))",
                                     command: command)
                }
                parsed.set(!negated, for: option, from: "--\(option.name)")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    let next = index < arguments.count ? ", not the option '\(arguments[index])'" : ""
                    throw UsageError(message: "--\(option.name) needs a value (\(valueName))\(next)", command: command)
                }
                value = arguments[index]
                index += 1
            }
            try check(value, for: option, in: parsed, origin: "--\(option.name)")
            parsed.add(value, for: option, from: "--\(option.name)")
        }
        return parsed
    }

    /// A value outside an option's choices is refused where it is read.
    static func check(_ value: String, for option: OptionDeclaration, in parsed: ParsedValues,
                      origin: String) throws(UsageError) {
        guard let choices = option.choices, !choices.contains(value) else { return }
        var probe = parsed
        probe.add(value, for: option, from: origin)
        throw probe.invalid(option, value, wants: ParsedValues.wording(option))
    }
}
