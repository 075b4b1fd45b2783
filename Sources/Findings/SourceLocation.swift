/// Where a finding points: which text the position counts in, a line (1-based) and
/// optionally a column (1-based, Unicode scalars).
///
/// Three texts (`LocationText`):
/// - `.message`: the message file as stored (header lines, an 8-bit HTML part's lines);
///   `part` may name the MIME part the finding concerns, said beside the position;
/// - `.decodedPart(n)`: the decoded text of MIME part `n` (an HTML part after
///   quoted-printable or base64 and charset decoding, where markup positions live);
///   `partStartLine` is the message line where that part begins, when known;
/// - `.document`: a bare HTML or JSON file, read whole.
///
/// Locations order by part number (numerically: "2" before "10"; no part first), then text,
/// line and column. `rendered(messageStartLine:)` is the one way to print one.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var text: LocationText
    public var line: Int
    public var column: Int?
    /// For `.message`: the MIME part the finding concerns, if any (not counted in).
    private var concernedPart: PartNumber?
    /// For `.decodedPart`: the line of the message where the part begins (its first header
    /// line), so a file:line can still be given; nil when not known yet.
    public var partStartLine: Int?

    /// A position in `text`.
    public init(_ text: LocationText, line: Int, column: Int? = nil, partStartLine: Int? = nil) {
        self.text = text
        self.line = line
        self.column = column
        self.partStartLine = partStartLine
    }

    /// A line (and column) of the message as stored, optionally concerning MIME part `part`.
    public init(line: Int, column: Int? = nil, part: String? = nil) {
        self.init(.message, line: line, column: column)
        concernedPart = part.map { PartNumber($0) }
    }

    /// A position in markup text: the decoded text of part `part`, or a bare document when
    /// there is no part.
    public static func inMarkup(line: Int, column: Int? = nil, part: String?) -> SourceLocation {
        SourceLocation(part.map { .decodedPart(PartNumber($0)) } ?? .document, line: line, column: column)
    }

    /// The MIME part the position is in or concerns.
    public var part: PartNumber? {
        if case .decodedPart(let number) = text { return number }
        return concernedPart
    }

    /// This position moved by whole lines and columns: a position found in a text that
    /// starts at `origin` (line:column, 1-based) of an enclosing text, expressed in the
    /// enclosing text's coordinates (a JSON position inside a `<script>` of an HTML text).
    public func offset(by origin: (line: Int, column: Int)) -> SourceLocation {
        var moved = self
        if line == 1 {
            moved.column = column.map { origin.column + $0 - 1 }
        }
        moved.line = origin.line + line - 1
        return moved
    }

    /// The same place counted in the message itself: for a part whose decoded text has the
    /// message's own lines (7bit, 8bit), `bodyLine` is the message line of its first line.
    public func inMessage(bodyLine: Int) -> SourceLocation {
        guard case .decodedPart(let number) = text else { return self }
        var moved = SourceLocation(.message, line: line + bodyLine - 1, column: column)
        moved.concernedPart = number
        return moved
    }
}

/// The text a `SourceLocation` counts in.
public enum LocationText: Sendable, Hashable, Codable {
    /// The message file as stored.
    case message
    /// The decoded text of a MIME part.
    case decodedPart(PartNumber)
    /// A bare HTML or JSON document.
    case document
}

/// A MIME part number as the MIME tree names it ("1", "2.1"): compares numerically, so
/// part "10" comes after part "2" (RFC 3501 §6.4.5 numbers parts this way).
public struct PartNumber: Sendable, Hashable, Codable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The part path as written.
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { self.init(value) }

    /// The numbers of the path ("2.10" → [2, 10]); a non-numeric step sorts as its text
    /// after all numbers.
    private var steps: [Step] {
        text.split(separator: ".").map { Int($0).map(Step.number) ?? .word(String($0)) }
    }

    private enum Step: Comparable {
        case number(Int)
        case word(String)
    }

    public static func < (lhs: PartNumber, rhs: PartNumber) -> Bool {
        lhs.steps.lexicographicallyPrecedes(rhs.steps)
    }

    public var description: String { text }
}

extension SourceLocation: Comparable {
    private var sortKey: (part: PartNumber?, text: Int, line: Int, column: Int) {
        let rank: Int
        switch text {
        case .document: rank = 0
        case .message: rank = 1
        case .decodedPart: rank = 2
        }
        return (part, rank, line, column ?? 0)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        let left = lhs.sortKey, right = rhs.sortKey
        if left.part != right.part {
            guard let leftPart = left.part else { return true }
            guard let rightPart = right.part else { return false }
            return leftPart < rightPart
        }
        return (left.text, left.line, left.column) < (right.text, right.line, right.column)
    }
}

/// A location as every output prints it: a line and column of the file the user gave, and
/// a note for the message when the position is not in the file itself.
public struct RenderedLocation: Sendable, Hashable {
    /// The line of the file (nil when the part's start in the message is not known).
    public var line: Int?
    public var column: Int?
    /// `(part 2, line 14:36 of its decoded text)` or `(part 1.2)`; nil for a position in the
    /// file itself with no part to name.
    public var note: String?

    public init(line: Int?, column: Int?, note: String?) {
        self.line = line
        self.column = column
        self.note = note
    }

    /// `line:column` as the text formats print it (empty without a line). A finding about a
    /// whole line (a header field) has no column of its own: it is at column 1, where the
    /// line starts, so every line reads `file:line:col` for CI problem matchers.
    public var lineAndColumn: String {
        guard let line else { return "" }
        return "\(line):\(column ?? 1)"
    }
}

extension SourceLocation {
    /// The one rendering of a position. `messageStartLine` is the file line where the
    /// message begins (inside an mbox), nil for a file of its own.
    ///
    /// A position in a decoded part (quoted-printable, base64) is no line of the file: the
    /// file position is where the part begins (its first header line, column 1) and the note
    /// gives the line and column in the decoded text: `(part 2, line 14:36 of its decoded text)`.
    public func rendered(messageStartLine: Int? = nil) -> RenderedLocation {
        let fileLine: (Int) -> Int = { (messageStartLine ?? 1) + $0 - 1 }
        switch text {
        case .document:
            return RenderedLocation(line: line, column: column, note: nil)
        case .message:
            return RenderedLocation(line: fileLine(line), column: column, note: concernedPart.map { "(part \($0))" })
        case .decodedPart(let number):
            let inside = column.map { "\(line):\($0)" } ?? "\(line)"
            return RenderedLocation(line: partStartLine.map(fileLine), column: partStartLine == nil ? nil : 1,
                                    note: "(part \(number), line \(inside) of its decoded text)")
        }
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `12:5`, or with the part: `part 2.1, 12:5`.
    public var description: String {
        let position = column.map { "\(line):\($0)" } ?? "\(line)"
        return part.map { "part \($0), " + position } ?? position
    }
}
