import CommandLineOptions

/// Options several commands share, declared and read in one file each: `options` are the
/// declarations (parser, configuration file, help, man page, completions), `init` turns
/// the parsed values into typed fields. Adding an option is one declaration, one field.
protocol OptionGroup: Sendable {
    static var options: [OptionDeclaration] { get }
    init(parsing values: ParsedValues) throws(UsageError)
}
