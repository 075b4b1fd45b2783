/// What a command is, for the parser and for everything generated from it (help, man
/// page, completions): its name, texts, options and what its operands are.
public struct CommandDescription: Sendable {
    /// What the words after the options are.
    public enum Operands: Sendable, Hashable {
        case none
        /// Files or folders (`PATH...`, `FILE`): completed as paths.
        case paths(String)
        /// Words from a list (`help COMMAND`).
        case words(String, [String])
    }

    public let name: String
    /// One line for the command list.
    public let summary: String
    /// The synopsis after "eventsuggest ".
    public let synopsis: String
    /// Paragraphs after the options in help and the man page.
    public let discussion: String
    public let options: [OptionDeclaration]
    public let operands: Operands

    public init(name: String, summary: String, synopsis: String, discussion: String = "",
                options: [OptionDeclaration], operands: Operands) {
        self.name = name
        self.summary = summary
        self.synopsis = synopsis
        self.discussion = discussion
        self.options = options
        self.operands = operands
    }
}

/// The program as a whole: its commands and the options every command has.
public struct ProgramDescription: Sendable {
    public let name: String
    public let version: String
    public let summary: String
    /// Paragraphs after the command list (the overview and the man page's DESCRIPTION).
    public let discussion: String
    public let commands: [CommandDescription]
    /// Options every command takes (`--config`, `--help`), listed once in the man page.
    public let commonOptions: [OptionDeclaration]
    /// Sections of the man page after the commands: (title, text).
    public let sections: [(title: String, text: String)]

    public init(name: String, version: String, summary: String, discussion: String, commands: [CommandDescription],
                commonOptions: [OptionDeclaration], sections: [(title: String, text: String)]) {
        self.name = name
        self.version = version
        self.summary = summary
        self.discussion = discussion
        self.commands = commands
        self.commonOptions = commonOptions
        self.sections = sections
    }
}
