/// A kind of finding: its stable, greppable id (`date-not-signed`), the severity it is
/// reported with unless the reporting code says otherwise, and one line of help.
///
/// Each part declares its codes beside the code that reports them, as an extension
/// (`extension FindingCode { static let dateNotSigned = FindingCode(…) }`), and lists them
/// (`FindingCode.mailMessageCodes`); the composition root joins the lists into one
/// catalogue. Two codes are the same code when their ids are.
public struct FindingCode: Sendable, Hashable, CustomStringConvertible {
    public let id: String
    public let severity: Finding.Severity
    public let help: String

    public init(_ id: String, _ severity: Finding.Severity, help: String) {
        self.id = id
        self.severity = severity
        self.help = help
    }

    public var description: String { id }

    public static func == (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
