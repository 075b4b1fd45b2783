/// Where a finding points: a line (1-based), optionally a column (1-based), and the MIME
/// part it concerns ("1", "2.1", …).
///
/// Lines normally count in the message as stored. When `inDecodedText` is set, line and
/// column count in the decoded text of `part` (an HTML part after quoted-printable or
/// base64 and charset decoding, where markup positions live), or in a bare HTML file
/// when there is no part.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int?
    public var part: String?
    public var inDecodedText: Bool

    public init(line: Int, column: Int? = nil, part: String? = nil, inDecodedText: Bool = false) {
        self.line = line
        self.column = column
        self.part = part
        self.inDecodedText = inDecodedText
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
