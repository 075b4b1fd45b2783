import CommandLineOptions
import SenderPolicy

/// `--psl`: the Public Suffix List the From/DKIM alignment uses.
struct PublicSuffixOptions: OptionGroup {
    static let psl = OptionDeclaration.value(
        "psl", "FILE", "Public Suffix List for From/DKIM alignment, as text or compiled by libpsl (.dafsa) "
            + "(default: Debian's publicsuffix, its compiled form when installed).")
    static let options = [psl]

    var path: String?

    init(parsing values: ParsedValues) throws(UsageError) { path = values.string(Self.psl) }

    func publicSuffixes() throws -> PublicSuffixList { try PublicSuffixList(path: path ?? PublicSuffixList.defaultPath) }
}
