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
    func location(of fragment: String, fromLine line: Int) -> (line: Int, column: Int)? {
        let needle = Array(fragment.unicodeScalars.prefix(64))
        guard !needle.isEmpty else { return nil }
        var start = lineStarts[max(0, min(line, lineStarts.count) - 1)]
        while start + needle.count <= scalars.count {
            if scalars[start] == needle[0] && scalars[start..<(start + needle.count)].elementsEqual(needle) {
                return position(ofScalar: start)
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
