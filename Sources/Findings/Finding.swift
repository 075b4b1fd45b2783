/// A problem found in a message, shaped like a compiler diagnostic.
///
/// A finding is a value, never a thrown error: the part that found it goes on
/// with a degraded but usable result. `code` is stable and greppable
/// (`header-too-large`, `mime-depth-exceeded`, …); `message` is for people.
public struct Finding: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// The ``FindingCode``'s id: what JSON output, logs and `--disable` carry.
    public var code: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    /// A finding of `code`, with the code's severity unless `severity` says otherwise.
    public init(code: FindingCode, severity: Severity? = nil, message: String, location: SourceLocation? = nil) {
        self.code = code.id
        self.severity = severity ?? code.severity
        self.message = message
        self.location = location
    }
}

extension Finding {
    /// Whether this finding is of `code`.
    public func has(_ code: FindingCode) -> Bool { self.code == code.id }
}
