/// A place in a JSON text: 1-based line and column.
///
/// Lines end at LF, CR or CRLF. The column counts Unicode scalars from the start of the
/// line, so a `é` or an emoji counts as one. A byte order mark at the start of the text
/// is not counted.
public struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, the way compilers print it.
    public var description: String { "\(line):\(column)" }
}
