import CommandLineOptions

/// `--jobs N`: messages handled in parallel.
struct JobsOptions: OptionGroup {
    static let jobs = OptionDeclaration.value(
        "jobs", "N", "Messages analysed in parallel (default: the number of cores); output keeps input order.")
    static let options = [jobs]

    var count: Int

    init(parsing values: ParsedValues) throws(UsageError) {
        count = try values.integer(Self.jobs, in: 1...256) ?? AvailableProcessors.count()
    }
}
