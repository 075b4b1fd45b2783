/// `PROGRAM COMMAND --help` and `PROGRAM help COMMAND`, from the declarations.
public enum HelpText {
    public static func command(_ command: CommandDescription, program: ProgramDescription) -> String {
        var text = "usage: \(program.name) \(command.synopsis)\n\n\(command.summary)\n\nOptions:\n"
        let options = command.options + program.commonOptions
        let labels = options.map { "  " + $0.label }
        let width = min(28, (labels.map(\.count).max() ?? 0) + 2)
        for (label, option) in zip(labels, options) {
            let padding = label.count < width ? String(repeating: " ", count: width - label.count)
                : "\n" + String(repeating: " ", count: width)
            var help = option.help
            if option.isSwitch { help += " (--no-\(option.name) turns it off.)" }
            if option.isCollected { help += " (Repeatable.)" }
            text += label + padding + wrapped(help, indent: width, columns: 80) + "\n"
        }
        if !command.discussion.isEmpty { text += "\n" + command.discussion + "\n" }
        return text
    }

    /// `text` in lines of at most `columns` (a longer word stays whole), the lines after
    /// the first indented by `indent`.
    static func wrapped(_ text: String, indent: Int, columns: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > columns {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    public static func overview(_ program: ProgramDescription) -> String {
        var text = "\(program.name) \(program.version) — \(program.summary)\n\n"
            + "usage: \(program.name) COMMAND [options] [PATH...]\n\nCommands:\n"
        for command in program.commands {
            let name = command.name.count >= 10 ? command.name + " " : command.name + String(repeating: " ", count: 10 - command.name.count)
            text += "  " + name + command.summary + "\n"
        }
        return text + "\n" + program.discussion + "\n"
    }
}
