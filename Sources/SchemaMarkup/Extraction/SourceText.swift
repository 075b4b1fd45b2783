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

    /// Where the start tag `<name …>` of an element libxml2 placed on `line` begins (libxml2
    /// gives lines only): the first such tag on that line, not before scalar `notBefore`,
    /// whose attributes mention `item` (`itemscope`, `itemprop`). Names compare without
    /// ASCII case. Nil when the line holds none (the tag was implied, or spans lines).
    func startTag(named name: String, onLine line: Int, notBefore: Int,
                  mentioning word: String = "item") -> (line: Int, column: Int, offset: Int)? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let wantedName = Array(name.lowercased().unicodeScalars)
        let wantedWord = Array(word.unicodeScalars)
        let end = line < lineStarts.count ? lineStarts[line] : scalars.count
        var index = max(lineStarts[line - 1], notBefore)
        while index < end {
            defer { index += 1 }
            guard scalars[index] == "<", index + wantedName.count + 1 < scalars.count else { continue }
            let nameEnd = index + 1 + wantedName.count
            guard zip(scalars[(index + 1)..<nameEnd], wantedName).allSatisfy({ Self.asciiLowercased($0) == $1 }) else { continue }
            let after = scalars[nameEnd]
            guard after == ">" || after == "/" || after.properties.isWhitespace else { continue }
            var close = nameEnd
            while close < scalars.count, scalars[close] != ">" { close += 1 }
            let attributes = scalars[nameEnd..<close].map(Self.asciiLowercased)
            guard attributes.count >= wantedWord.count,
                  (0...(attributes.count - wantedWord.count)).contains(where: { attributes[$0..<($0 + wantedWord.count)].elementsEqual(wantedWord) })
            else { continue }
            let found = position(ofScalar: index)
            return (found.line, found.column, index)
        }
        return nil
    }

    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
