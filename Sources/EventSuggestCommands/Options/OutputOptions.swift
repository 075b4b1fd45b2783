import CommandLineOptions

/// `--json`: one JSON object per message or input instead of text.
struct OutputOptions: OptionGroup {
    static let json = OptionDeclaration.switch(
        "json", "One JSON object per message or input (the shapes in the README's section of the command).")
    static let options = [json]

    var json: Bool

    init(parsing values: ParsedValues) throws(UsageError) { json = values.isOn(Self.json) }
}
