internal import Glibc

/// Where a browser's HTML tokenizer reads text that libxml2's HTML 4 parser reads as tags,
/// and the source rewritten so that libxml2 builds the elements a browser builds.
///
/// libxml2 (2.9) parses the content of `<textarea>`, `<title>`, `<xmp>`, `<iframe>`,
/// `<noembed>`, `<noframes>`, `<noscript>`, `<plaintext>` and `<template>` as elements, and
/// reads `<![CDATA[` outside foreign content as text followed by whatever tags it holds; a
/// browser (HTML §13.2.5, §13.2.6) reads the first group as text (RCDATA, RAWTEXT, PLAINTEXT),
/// keeps template contents out of the document (in the template's own fragment), and makes
/// `<![CDATA[…>` a bogus comment. A `<script type="application/ld+json">` there is text to a
/// reader, so it must be text to us (checked against Chromium: `BrowserParityTests`).
///
/// In each such region every `<` becomes a space, one byte for one, so lines and columns stay
/// those of the source and libxml2 sees no tag. Comments are made to end where a browser ends
/// them (`--!>`, and `<!-->` which is an empty comment). Script content is left alone.
///
/// One pass over the source that jumps from `<` to `<` (memchr); the bytes are copied only
/// when a region needs rewriting. Every read is of the source: a rewrite is always behind
/// the scan, so no decision depends on a byte already rewritten.
///
/// Not covered: foreign content (inside `<svg>` or `<math>`, `<title>` and `<style>` are
/// ordinary elements and `<![CDATA[` is CDATA), and the script-data escape states.
enum BrowserTextRegions {
    /// Elements whose content the tokenizer reads as text up to their own end tag
    /// (HTML §13.2.6.4.7 "in body": RCDATA for textarea and title, RAWTEXT for the others;
    /// noscript is RAWTEXT when scripting is enabled, as in a browser).
    static let textElements: [[UInt8]] =
        ["textarea", "title", "style", "xmp", "iframe", "noembed", "noframes", "noscript"].map { Array($0.utf8) }

    /// The source with browser text regions neutralized; the same array when there are none.
    static func neutralized(_ source: [UInt8]) -> [UInt8] {
        source.withUnsafeBufferPointer { rewritten($0) } ?? source
    }

    /// The source with browser text regions neutralized, or nil when nothing needed it.
    static func rewritten(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var rewriter = Rewriter(source: source)
        rewriter.run()
        return rewriter.output
    }
}

private struct Rewriter {
    let source: SourceBytes
    /// The rewritten bytes, made at the first change.
    var output: [UInt8]?

    static let lessThan: UInt8 = 0x3C
    static let greaterThan: UInt8 = 0x3E
    static let slash: UInt8 = 0x2F
    static let exclamation: UInt8 = 0x21
    static let question: UInt8 = 0x3F
    static let hyphen: UInt8 = 0x2D
    static let space: UInt8 = 0x20
    static let template = Array("template".utf8)
    static let plaintext = Array("plaintext".utf8)
    static let script = Array("script".utf8)

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = SourceBytes(bytes: source)
    }

    private var count: Int { source.count }

    private mutating func write(_ byte: UInt8, at position: Int) {
        if output == nil { output = Array(source.bytes) }
        output![position] = byte
    }

    /// Every `<` in the range becomes a space.
    private mutating func neutralize(_ range: Range<Int>) {
        var position = range.lowerBound
        while let found = index(of: Self.lessThan, from: position, before: range.upperBound) {
            write(Self.space, at: found)
            position = found + 1
        }
    }

    private func index(of byte: UInt8, from start: Int, before end: Int) -> Int? {
        source.index(of: byte, from: start, before: end)
    }

    /// The index after the first `>` from `start`, or the end.
    private func afterGreaterThan(from start: Int) -> Int {
        index(of: Self.greaterThan, from: start, before: count).map { $0 + 1 } ?? count
    }

    mutating func run() {
        var index = 0
        var templateDepth = 0
        while let found = self.index(of: Self.lessThan, from: index, before: count) {
            guard found + 1 < count else { return }
            let start = found
            let next = source[start + 1]
            if next == Self.exclamation {
                if matches(at: start + 2, "--") {
                    index = comment(from: start)
                } else {
                    // `<!DOCTYPE …>`, `<![CDATA[ …>` and other markup declarations: a bogus
                    // comment up to the first `>` (HTML §13.2.5.41–42).
                    let end = afterGreaterThan(from: start + 2)
                    neutralize((start + 1)..<end)
                    index = end
                }
            } else if next == Self.question {
                // `<?…>`: a bogus comment (HTML §13.2.5.6).
                let end = afterGreaterThan(from: start + 2)
                neutralize((start + 1)..<end)
                index = end
            } else if next == Self.slash {
                guard start + 2 < count, Self.isASCIILetter(source[start + 2]) else {
                    // `</>` is dropped, `</3…>` is a bogus comment (HTML §13.2.5.7).
                    let end = afterGreaterThan(from: start + 2)
                    neutralize((start + 1)..<end)
                    index = end
                    continue
                }
                let (name, end) = tag(nameFrom: start + 2)
                if isName(name, Self.template) && templateDepth > 0 {
                    templateDepth -= 1
                    if templateDepth > 0 { neutralize(start..<(start + 1)) }
                } else if templateDepth > 0 {
                    neutralize(start..<(start + 1))
                }
                index = end
            } else if Self.isASCIILetter(next) {
                let (name, end) = tag(nameFrom: start + 1)
                if templateDepth > 0 { neutralize(start..<(start + 1)) }
                if isName(name, Self.template) {
                    templateDepth += 1
                    index = end
                } else if isName(name, Self.plaintext) {
                    neutralize(end..<count)
                    index = count
                } else if isName(name, Self.script) {
                    let close = endTag(Self.script, from: end) ?? count
                    if templateDepth > 0 { neutralize(end..<close) }
                    index = close
                } else if let text = BrowserTextRegions.textElements.first(where: { isName(name, $0) }) {
                    let close = endTag(text, from: end) ?? count
                    neutralize(end..<close)
                    index = close
                } else {
                    index = end
                }
            } else {
                index = start + 1
            }
        }
    }

    /// A comment from `<!--` (HTML §13.2.5.43–52): `<!-->` and `<!--->` are empty comments;
    /// otherwise it ends at `-->` or `--!>`, whichever comes first, else at the end.
    /// Returns the index after it.
    private mutating func comment(from start: Int) -> Int {
        let bodyStart = start + 4
        for abrupt: StaticString in [">", "->"] where matches(at: bodyStart, abrupt) {
            // libxml2 would read on to the next `-->`; blank the empty comment instead.
            let end = bodyStart + abrupt.utf8CodeUnitCount
            for position in start..<end { write(Self.space, at: position) }
            return end
        }
        var position = bodyStart
        while let hyphen = index(of: Self.hyphen, from: position, before: count) {
            neutralize(position..<hyphen)
            if matches(at: hyphen, "-->") { return hyphen + 3 }
            if matches(at: hyphen, "--!>") {
                // libxml2 ends a comment only at `-->`: write it so, the same length.
                write(Self.hyphen, at: hyphen + 2)
                write(Self.greaterThan, at: hyphen + 3)
                write(Self.hyphen, at: hyphen + 1)
                write(Self.space, at: hyphen)
                return hyphen + 4
            }
            position = hyphen + 1
        }
        neutralize(position..<count)
        return count
    }

    /// A tag's name (as a range of the source) and the index after its `>` (attribute values
    /// in quotes may hold `>`).
    private func tag(nameFrom nameStart: Int) -> (name: Range<Int>, end: Int) {
        var position = nameStart
        while position < count, !Self.isTagNameEnd(source[position]) { position += 1 }
        let name = nameStart..<position
        var quote: UInt8?
        while position < count {
            if let open = quote {
                // A quoted value runs to its closing quote, found by memchr (mail's `style`
                // and `href` values are long: byte by byte this was 2 % of extract, issue 21).
                guard let close = index(of: open, from: position, before: count) else { return (name, count) }
                quote = nil
                position = close + 1
                continue
            }
            let byte = source[position]
            if byte == 0x22 || byte == 0x27 {
                // A quote starts a value only after `=` (HTML §13.2.5.36); elsewhere it is a character.
                var before = position - 1
                while before > nameStart, Self.isWhitespace(source[before]) { before -= 1 }
                if source[before] == 0x3D { quote = byte }
            } else if byte == Self.greaterThan {
                return (name, position + 1)
            }
            position += 1
        }
        return (name, count)
    }

    private func isName(_ range: Range<Int>, _ name: [UInt8]) -> Bool {
        source.isName(range, name)
    }

    /// The index of the "appropriate end tag" `</name` followed by whitespace, `/` or `>`
    /// (HTML §13.2.5.11), ASCII case ignored.
    private func endTag(_ name: [UInt8], from start: Int) -> Int? {
        var position = start
        while let found = index(of: Self.lessThan, from: position, before: count) {
            guard found + 2 + name.count <= count else { return nil }
            let after = found + 2 + name.count
            if source[found + 1] == Self.slash && isName((found + 2)..<after, name)
                && (after == count || Self.isTagNameEnd(source[after])) {
                return found
            }
            position = found + 1
        }
        return nil
    }

    private func matches(at position: Int, _ text: StaticString) -> Bool {
        source.matches(at: position, text)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { SourceBytes.isASCIILetter(byte) }
    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
    private static func isTagNameEnd(_ byte: UInt8) -> Bool { isWhitespace(byte) || byte == slash || byte == greaterThan }
}
