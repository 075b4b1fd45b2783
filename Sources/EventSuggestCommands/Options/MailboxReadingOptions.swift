import CommandLineOptions
import Mailbox

/// How PATH operands are read: Maildir++ subfolders, the mbox quoting of 'From ' lines.
struct MailboxReadingOptions: OptionGroup {
    static let recursive = OptionDeclaration.switch("recursive", "Also read Maildir++ subfolders (.Folder) of a Maildir.")
    static let mboxFormat = OptionDeclaration.choice(
        "mbox-format", ["mboxrd", "mboxo"], "How mbox files quote 'From ' lines: mboxrd (default) or mboxo.")
    static let options = [recursive, mboxFormat]

    var recursive: Bool
    var mboxFormat: MboxFormat

    init(parsing values: ParsedValues) throws(UsageError) {
        recursive = values.isOn(Self.recursive)
        mboxFormat = try values.choice(Self.mboxFormat, as: MboxFormat.self) ?? .mboxrd
    }
}
