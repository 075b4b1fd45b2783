/// Line and column lookups in an HTML part's text (1-based, columns in Unicode scalars).
struct SourceText {
    private let scalars: [Unicode.Scalar]
    /// Index in `scalars` where each line starts.
    private let lineStarts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

    /// Where `fragment` starts, searching from the beginning of `line` (libxml2 gives an
    /// element's line, not its column; the script text is found in the source after it).
    /// Searching starts at `line`, and not before the scalar `notBefore` (the end of the
    /// previous script: two minified scripts may share a line and begin alike).
    func location(of fragment: String, fromLine line: Int, notBefore: Int = 0) -> (line: Int, column: Int, offset: Int)? {
        let needle = Array(fragment.unicodeScalars.prefix(64))
        guard !needle.isEmpty else { return nil }
        var start = max(lineStarts[max(0, min(line, lineStarts.count) - 1)], notBefore)
        while start + needle.count <= scalars.count {
            if scalars[start] == needle[0] && scalars[start..<(start + needle.count)].elementsEqual(needle) {
                let found = position(ofScalar: start)
                return (found.line, found.column, start)
            }
            start += 1
        }
        return nil
    }

    func position(ofScalar index: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low + 1, index - lineStarts[low] + 1)
    }
}
