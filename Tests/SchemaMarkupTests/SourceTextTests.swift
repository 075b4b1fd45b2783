import Testing
import TestSupport
@testable import SchemaMarkup

/// Positions are computed from the UTF-8 bytes, on demand (issue 21). The oracle is the
/// former model, an array of every Unicode scalar (kept below as `ScalarOracle`): the byte
/// model must give the same line and column everywhere, columns counted in characters
/// (scalars), never in bytes.
@Suite("source text: line and column from bytes")
struct SourceTextTests {
    @Test("a script after accented, CJK and emoji text on its line: the column counts characters")
    func columnAfterMultibyteText() throws {
        let text = "<html>\n<p>Café 中文 🎉</p><script type=\"application/ld+json\">{\"@type\":\"X\"}</script>"
        let found = try #require(SourceText(text).location(of: "{\"@type\"", fromLine: 2))
        #expect(found.line == 2)
        #expect(found.column == 52)   // "<p>Café 中文 🎉</p>" is 16 characters (24 bytes), the start tag 35
        #expect(found.column == ScalarOracle(text).location(of: "{\"@type\"", fromLine: 2)?.column)
    }

    @Test("two like scripts on one line are told apart by notBefore")
    func notBefore() throws {
        let text = "é<script>{\"a\":1}</script>🎉<script>{\"a\":1}</script>"
        let source = SourceText(text)
        let first = try #require(source.location(of: "{\"a\":1}", fromLine: 1))
        let second = try #require(source.location(of: "{\"a\":1}", fromLine: 1, notBefore: first.offset + 1))
        #expect((first.line, first.column) == (1, 10))
        #expect((second.line, second.column) == (1, 35))
    }

    @Test("start tags: any letter case, Unicode white space after the name, a longer name is not the element")
    func startTags() throws {
        let text = "<p>ü</p><divx itemscope><DIV\u{A0}itemscope><div class=a><div itemprop=b>"
        let source = SourceText(text)
        let found = try #require(source.startTag(named: "div", onLine: 1, notBefore: 0))
        #expect((found.line, found.column) == (1, 25))
        let next = try #require(source.startTag(named: "div", onLine: 1, notBefore: found.offset + 1))
        #expect(next.column == 53)
        #expect(source.startTag(named: "span", onLine: 1, notBefore: 0) == nil)
        #expect(source.startTag(named: "div", onLine: 2, notBefore: 0) == nil)
    }

    @Test("a long one-line part with non-ASCII text: every start tag placed, in linear time")
    func longLine() {
        let text = String(repeating: "<div itemprop=x>é</div>", count: 20_000)   // 23 characters, 24 bytes each
        let source = SourceText(text)
        let clock = ContinuousClock()
        let start = clock.now
        var cursor = 0, found = 0, lastColumn = 0
        while let tag = source.startTag(named: "div", onLine: 1, notBefore: cursor) {
            cursor = tag.offset + 1
            found += 1
            lastColumn = tag.column
        }
        #expect(found == 20_000)
        #expect(lastColumn == 19_999 * 23 + 1)
        // Counting each column from the line's start would be quadratic: minutes, not this.
        #expect(clock.now - start < .seconds(20))
    }

    @Test("agrees with the scalar model on 3,000 random texts of mixed scripts and line ends")
    func agreesWithScalarModel() {
        var generator = SplitMix64(seed: 2121)
        let pieces = ["<div itemscope>", "<DIV itemprop=x>", "<span itemprop=y>", "{\"a\":1}", "é", "中文", "🎉",
                      "\n", "\r\n", " ", "\u{A0}", "<div", "<p>", "x", "</div>", "<divx item>"]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let bytes = SourceText(text), scalars = ScalarOracle(text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for line in 0...(lines + 1) {
                for fragment in ["{\"a\":1}", "é", "🎉\n", "中"] {
                    let a = bytes.location(of: fragment, fromLine: line), b = scalars.location(of: fragment, fromLine: line)
                    #expect(a?.line == b?.line && a?.column == b?.column, "\(text.debugDescription) \(fragment) \(line)")
                }
                for name in ["div", "span", "p"] {
                    var byteCursor = 0, scalarCursor = 0
                    while true {
                        let a = bytes.startTag(named: name, onLine: line, notBefore: byteCursor)
                        let b = scalars.startTag(named: name, onLine: line, notBefore: scalarCursor)
                        #expect(a?.line == b?.line && a?.column == b?.column, "\(text.debugDescription) \(name) \(line)")
                        guard let a, let b else { break }
                        byteCursor = a.offset + 1
                        scalarCursor = b.offset + 1
                    }
                }
            }
        }
    }

    @Test("the scalar table counted eight bytes at a time agrees with the model on long texts, at every block edge")
    func longTextsAgree() {
        var generator = SplitMix64(seed: 2122)
        let pieces = ["é", "中文", "🎉", "x", "ab", "\n", " ", "{\"a\":1}", "<p itemprop=z>", "abcdefg"]
        for _ in 0..<40 {
            var text = ""
            while text.utf8.count < 3_000 { text += pieces.randomElement(using: &generator)! }
            let bytes = SourceText(text), scalars = ScalarOracle(text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            for line in 1...lines {
                var byteCursor = 0, scalarCursor = 0
                while true {
                    let a = bytes.location(of: "{\"a\":1}", fromLine: line, notBefore: byteCursor)
                    let b = scalars.location(of: "{\"a\":1}", fromLine: line, notBefore: scalarCursor)
                    #expect(a?.line == b?.line && a?.column == b?.column)
                    guard let a, let b else { break }
                    byteCursor = a.offset + 1
                    scalarCursor = b.offset + 1
                }
            }
        }
    }
}

/// The former SourceText (an array of every scalar), as the oracle.
private struct ScalarOracle {
    let scalars: [Unicode.Scalar]
    let lineStarts: [Int]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
    }

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
            guard zip(scalars[(index + 1)..<nameEnd], wantedName).allSatisfy({ Self.lower($0) == $1 }) else { continue }
            let after = scalars[nameEnd]
            guard after == ">" || after == "/" || after.properties.isWhitespace else { continue }
            var close = nameEnd
            while close < scalars.count, scalars[close] != ">" { close += 1 }
            let attributes = scalars[nameEnd..<close].map(Self.lower)
            guard attributes.count >= wantedWord.count,
                  (0...(attributes.count - wantedWord.count)).contains(where: { attributes[$0..<($0 + wantedWord.count)].elementsEqual(wantedWord) })
            else { continue }
            let found = position(ofScalar: index)
            return (found.line, found.column, index)
        }
        return nil
    }

    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
