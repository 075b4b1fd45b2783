import Findings
import SchemaMarkup

/// One input of a lint run as the reports see it: where it is, what was found in it, and —
/// for the HTML report's excerpts — the texts its positions count in.
public struct LintedFile: Sendable {
    /// The path as given.
    public var path: String
    /// For a message inside an mbox: the file line where the message begins; nil otherwise.
    public var messageStartLine: Int?
    public var reservations: [Reservation]
    public var findings: [Finding]
    /// Why the input could not be read at all (then it has no findings): a JUnit `<error>`.
    public var unreadable: String?
    /// The texts positions count in: the file itself (`.message` or `.document`) and each
    /// decoded part (`.decodedPart`), for excerpts. Empty when not kept.
    public var texts: [LocationText: String]

    public init(path: String, messageStartLine: Int? = nil, reservations: [Reservation] = [], findings: [Finding] = [],
                unreadable: String? = nil, texts: [LocationText: String] = [:]) {
        self.path = path
        self.messageStartLine = messageStartLine
        self.reservations = reservations
        self.findings = findings
        self.unreadable = unreadable
        self.texts = texts
    }

    /// `path` or `path:line` for a message inside an mbox (a JUnit test name, a heading).
    public var name: String { messageStartLine.map { "\(path):\($0)" } ?? path }
}

/// What a report needs to know about the codes it shows: one line of help per code (the
/// finding-code catalogue provides it; an unknown code gets none).
public struct CodeHelp: Sendable {
    private let lookup: @Sendable (String) -> String?

    public init(_ lookup: @escaping @Sendable (String) -> String?) { self.lookup = lookup }
    public init(_ table: [String: String]) { self.init { table[$0] } }

    public func help(for code: String) -> String? { lookup(code) }
}
