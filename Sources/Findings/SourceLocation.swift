/// Where a finding points: a line (1-based) and optionally a column (1-based),
/// and the MIME part it is in ("1", "2.1", …) when it is inside one.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int?
    public var part: String?

    public init(line: Int, column: Int? = nil, part: String? = nil) {
        self.line = line
        self.column = column
        self.part = part
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `12:5` or `12`, prefixed with the part when there is one (`part 2.1, 12:5`).
    public var description: String {
        var text = column.map { "\(line):\($0)" } ?? "\(line)"
        if let part { text = "part \(part), " + text }
        return text
    }
}
