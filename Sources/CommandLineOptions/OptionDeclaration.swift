/// One long option a command accepts, declared once: the parser, the configuration file,
/// `help`, the man page and the shell completions are all made from it.
public struct OptionDeclaration: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `--name VALUE` or `--name=VALUE`; in a configuration file `name VALUE`.
        case value(String)
        /// `--name` / `--no-name`; in a configuration file `name`, `name yes` or `name no`.
        case `switch`
    }

    /// What a shell may offer after the option.
    public enum Completion: Sendable, Hashable {
        case none
        case file
        case directory
        /// The only values taken (checked by the parser).
        case choices([String])
        /// Words offered, any value taken (`--limit header-bytes=`).
        case suggestions([String])
    }

    /// The long name without the leading `--`; also the configuration file key.
    public let name: String
    public let kind: Kind
    public let help: String
    /// Given more than once, every value is kept in order (on the command line and across
    /// the configuration layers); otherwise a second one in a layer is a usage error.
    public let isCollected: Bool
    public let completion: Completion

    public init(name: String, kind: Kind, help: String, isCollected: Bool = false, completion: Completion = .none) {
        self.name = name
        self.kind = kind
        self.help = help
        self.isCollected = isCollected
        self.completion = completion
    }

    /// `--name VALUE`. FILE and DIR values complete as paths (and get `~` expanded in a
    /// configuration file) unless `completion` says otherwise.
    public static func value(_ name: String, _ valueName: String, _ help: String, collected: Bool = false,
                             completion: Completion? = nil) -> OptionDeclaration {
        let implied: Completion = valueName == "FILE" || valueName == "PEM" ? .file : valueName == "DIR" ? .directory : .none
        return OptionDeclaration(name: name, kind: .value(valueName), help: help, isCollected: collected,
                                 completion: completion ?? implied)
    }

    /// `--name VALUE` where VALUE is one of `choices` (checked by the parser).
    public static func choice(_ name: String, _ choices: [String], _ help: String, collected: Bool = false) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .value(choices.joined(separator: "|")), help: help, isCollected: collected,
                          completion: .choices(choices))
    }

    /// `--name` and its `--no-name`.
    public static func `switch`(_ name: String, _ help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, kind: .switch, help: help)
    }

    /// The name of the value (`DIR`), or nil for a switch.
    public var valueName: String? {
        if case .value(let name) = kind { return name }
        return nil
    }

    public var isSwitch: Bool { kind == .switch }

    /// The words a value must be one of, or nil when any value is taken.
    public var choices: [String]? {
        if case .choices(let words) = completion { return words }
        return nil
    }

    /// The words a shell offers for the value.
    public var offeredWords: [String]? {
        switch completion {
        case .choices(let words), .suggestions(let words): words
        default: nil
        }
    }

    /// Whether a value names a file or folder (a configuration file expands `~` in it).
    public var takesPath: Bool { completion == .file || completion == .directory }

    /// `--calendar DIR`, `--alarm`: how the option reads in help.
    public var label: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }
}
