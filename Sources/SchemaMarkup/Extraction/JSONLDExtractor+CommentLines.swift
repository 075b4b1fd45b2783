#if canImport(Glibc)
import Glibc
#endif

extension JSONLDExtractor {
    /// QUIRK: senders' templates put an HTML comment line inside the script, before or after
    /// the object (`<!-- reservation markup -->`). A line whose text is whole comments only is
    /// blanked with spaces of the same length, so positions stay positions in the HTML.
    /// Such a line can never be JSON: a JSON string cannot span a line break (RFC 8259 §7),
    /// so the line is not inside one, and no JSON value starts with `<`. A script that is
    /// nothing but such lines is left alone (`<!-- {…} -->` on one line is a wrapper,
    /// `unwrap` reads it).
    static func blankingCommentLines(_ text: String) -> String {
        // memchr on the bytes: a generic search of the UTF-8 view was 0.5 % of extract (issue 21).
        let hasLessThan = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0x3C, bytes.count) != nil } ?? false
        } ?? text.utf8.contains(UInt8(ascii: "<"))
        guard hasLessThan else { return text }
        var scalars = Array(text.unicodeScalars)
        var commentLines: [Range<Int>] = []
        var hasOtherContent = false
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n", scalars[end] != "\r" { end += 1 }
            var first = start
            while first < end, scalars[first].properties.isWhitespace { first += 1 }
            var last = end
            while last > first, scalars[last - 1].properties.isWhitespace { last -= 1 }
            if first < last {
                if isWholeComments(scalars[first..<last]) {
                    commentLines.append(first..<last)
                } else {
                    hasOtherContent = true
                }
            }
            start = end + 1
        }
        guard hasOtherContent, !commentLines.isEmpty else { return text }
        for line in commentLines {
            for index in line { scalars[index] = " " }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Whether the line is whole comments and white space only: `<!--`, text, `-->`, …
    /// (HTML §13.1.6).
    private static func isWholeComments(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        let opener = Array("<!--".unicodeScalars)
        let closer = Array("-->".unicodeScalars)
        var index = line.startIndex
        while index < line.endIndex {
            if line[index].properties.isWhitespace {
                index += 1
                continue
            }
            guard line[index...].starts(with: opener) else { return false }
            index += opener.count
            while index < line.endIndex, !line[index...].starts(with: closer) { index += 1 }
            guard index < line.endIndex else { return false }
            index += closer.count
        }
        return true
    }
}
