internal import Glibc

/// The source libxml2 is given when only elements and scripts are kept
/// (``HTMLDocument/Kept/elementsAndScripts``), with what such a tree never stores taken out
/// before libxml2 reads it character by character (issue 21):
/// - the text of every quoted attribute value of every element but a script: emptied, its
///   line feeds kept (in mail a third of the bytes are values: inline `style`, long `href`s);
/// - a run of text between two tags: cut to its first byte, one printable byte and its line
///   feeds (three quarters of what is left). Text under `<o:script>` is kept: from the first
///   such tag on, no text is cut.
///
/// The tree must be the one the whole source gives: the same elements, nesting, lines, the
/// same depth cut. libxml2 2.9's HTML parser reads an attribute value only to store it (the
/// encoding a `<meta>` names is ignored). Of a text run it uses only whether it is blank
/// (white space alone: then no `<p>` or `<body>` is implied for it) and the line it ends on,
/// when the run is reported, at its end if it is shorter than its 1,000-byte buffer; a run
/// with a `&` is reported in pieces around the reference. So only runs of fewer than 1,000
/// bytes, without `&`, with a printable ASCII byte are cut, and they stay not blank and keep
/// every line feed; the first byte stays because after a `<` read as text it decides what
/// libxml2 makes of that `<`.
///
/// What must be right is *where* the values and runs are: a quote libxml2 reads as text, in
/// a comment or inside script content must not be taken for a value's. So the scan walks the
/// source as libxml2's `htmlParseContentInternal` and `htmlParseStartTag` do (v2.9.14:
/// comments to the first `-->`, a doctype to its `>`, end tags to the next `>`, script and
/// style content to `</script` or `</style`, a start tag's attributes as `htmlParseAttribute`
/// reads names and values) — and gives up, leaving the source whole, at anything where
/// libxml2 recovers from an error in its own way: a NUL byte, a processing instruction, an
/// unclosed comment, tag or quote, a `--!>`, an attribute name it would refuse, a name longer
/// than libxml2's 100-byte buffer, a `</` not followed by a letter, a doctype of any other
/// shape than name and quoted identifiers (or one whose identifiers hold a `>` or a quote), a
/// `</` or `<!` right after a doctype. `HTMLTreeParityTests` hold the lean tree against the whole one on
/// thousands of documents written to hit these.
enum LeanSource {
    /// The source for a lean parse; nil when nothing was taken out or the scan gave up (then
    /// the source is parsed as it is).
    static func rewritten(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // The scan follows libxml2 2.9's tokenizer; under another the source is left whole.
        guard LibXML2Library.tokenizesAsVersion2_9,
              let base = source.baseAddress, memchr(base, 0, source.count) == nil else { return nil }
        var scan = Scan(source: source)
        guard scan.run(), scan.changedAny else { return nil }
        return scan.finished()
    }
}

private struct Scan {
    let source: SourceBytes
    /// The source up to `copied`, with what was taken out before it; started at the first change.
    private var output: [UInt8] = []
    private var copied = 0
    private(set) var changedAny = false
    /// False from the first `<o:script>` on (its text is kept in a lean tree).
    private var cutsText = true

    /// libxml2's `HTML_PARSER_BIG_BUFFER_SIZE`: a run of text as long is reported in pieces.
    static let textBuffer = 1000

    /// libxml2's `HTML_PARSER_BUFFER_SIZE`: a longer name is read in pieces, which the scan
    /// does not follow.
    static let longestName = 100

    init(source: UnsafeBufferPointer<UInt8>) {
        self.source = SourceBytes(bytes: source)
    }

    private var count: Int { source.count }

    /// Walks the whole source; false when it gave up.
    mutating func run() -> Bool {
        var index = 0
        while true {
            let found = self.index(of: UInt8(ascii: "<"), from: index)
            if cutsText { cut(text: index..<(found ?? count)) }
            guard let lessThan = found else { return true }
            guard lessThan + 1 < count else { return true } // a last "<" is text
            let next = source[lessThan + 1]
            if next == UInt8(ascii: "!") {
                guard let end = markupDeclaration(at: lessThan) else { return false }
                index = end
            } else if next == UInt8(ascii: "/") {
                // An end tag: libxml2 reads the name, then skips to the next ">", quotes or not.
                guard lessThan + 2 < count, Self.isASCIILetter(source[lessThan + 2]),
                      let greaterThan = self.index(of: UInt8(ascii: ">"), from: lessThan + 2) else { return false }
                index = greaterThan + 1
            } else if Self.isASCIILetter(next) {
                guard let end = startTag(at: lessThan) else { return false }
                index = end
            } else if next == UInt8(ascii: "?") || next == UInt8(ascii: "_") || next == UInt8(ascii: ":") {
                // A processing instruction; "<_" and "<:", which libxml2 checks for auto-closing
                // but then reads as text.
                return false
            } else {
                index = lessThan + 1 // "<" before anything else is text
            }
        }
    }

    /// The source with every value removed so far, and the rest.
    mutating func finished() -> [UInt8] {
        output.append(contentsOf: source[copied..<count])
        return output
    }

    /// A comment or a doctype from `<!`: the index after it (after the `<` for anything else,
    /// which is text), or nil to give up.
    private func markupDeclaration(at start: Int) -> Int? {
        if matches(at: start + 2, "--") {
            // libxml2 ends a comment at the first "-->" from its fifth byte, or at "--!>".
            guard let end = find("-->", from: start + 4) else { return nil }
            if let abrupt = find("--!>", from: start + 4), abrupt < end { return nil }
            return end + 3
        }
        // Any other "<!" is text to libxml2 (a "<" it reports as a character).
        guard matchesIgnoringCase(at: start + 2, "doctype") else { return start + 1 }
        guard let end = doctypeEnd(from: start + 9) else { return nil }
        // A doctype in the content ("Misplaced DOCTYPE") is followed, in the same pass of
        // htmlParseContentInternal, by its comment, element, "<" and text cases but not by
        // the end tag's or the doctype's: a "</" or "<!" (not a comment) right after it is a
        // "<" read as text.
        if matches(at: end, "</") || (matches(at: end, "<!") && !matches(at: end, "<!--")) { return nil }
        return end
    }

    /// The index after a doctype's `>` when it has the shape libxml2 reads one by
    /// (`htmlParseDocTypeDecl`: a name, then `PUBLIC "…" "…"`, `PUBLIC "…"` or `SYSTEM "…"`)
    /// with no `>` and no quote of the other kind inside the quoted identifiers; nil for
    /// anything else (libxml2 reads a quoted identifier to its quote, over any `>`, found by
    /// its place, which a scan for quotes alone gets wrong: `PUBLIC "a'b" 'c>d'`).
    private func doctypeEnd(from start: Int) -> Int? {
        var position = start
        skipBlanks(&position)
        while position < count, Self.isNameByte(source[position]) { position += 1 }
        skipBlanks(&position)
        func literal() -> Bool {
            guard position < count, source[position] == UInt8(ascii: "\"") || source[position] == UInt8(ascii: "'"),
                  let close = index(of: source[position], from: position + 1) else { return false }
            let inside = source[(position + 1)..<close]
            guard !inside.contains(UInt8(ascii: ">")), !inside.contains(UInt8(ascii: "\"")), !inside.contains(UInt8(ascii: "'"))
            else { return false }
            position = close + 1
            skipBlanks(&position)
            return true
        }
        if matchesIgnoringCase(at: position, "public") {
            position += 6
            skipBlanks(&position)
            guard literal() else { return nil }
            if position < count, source[position] == UInt8(ascii: "\"") || source[position] == UInt8(ascii: "'") {
                guard literal() else { return nil }
            }
        } else if matchesIgnoringCase(at: position, "system") {
            position += 6
            skipBlanks(&position)
            guard literal() else { return nil }
        }
        guard position < count, source[position] == UInt8(ascii: ">") else { return nil }
        return position + 1
    }

    /// A start tag from its `<` (a letter follows): the index after it — after the content
    /// too for `script` and `style`, whose content libxml2 reads as text up to their end tag.
    /// Nil to give up.
    private mutating func startTag(at start: Int) -> Int? {
        var position = start + 1
        let nameStart = position
        while position < count, Self.isNameByte(source[position]) { position += 1 }
        guard position - nameStart < Self.longestName else { return nil }
        let name = nameStart..<position
        // The builder keeps a script's attributes, whatever its prefix (`<o:script>`), and the
        // text of one that libxml2 does not read as a script.
        let keepsValues = isName(localName(name), "script")
        if keepsValues && !isName(name, "script") { cutsText = false }
        skipBlanks(&position)
        while true {
            guard position < count else { return nil }
            let byte = source[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") && position + 1 < count && source[position + 1] == UInt8(ascii: ">") {
                return position + 2 // written empty: no content follows
            }
            // An attribute (htmlParseAttribute): a name, then "=" and a value, or nothing.
            guard Self.isNameStart(byte) else { return nil }
            let attributeStart = position
            while position < count, Self.isNameByte(source[position]) { position += 1 }
            guard position - attributeStart < Self.longestName else { return nil }
            skipBlanks(&position)
            if position < count && source[position] == UInt8(ascii: "=") {
                position += 1
                skipBlanks(&position)
                guard position < count else { return nil }
                let quote = source[position]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = index(of: quote, from: position + 1) else { return nil }
                    if !keepsValues && close > position + 1 { empty((position + 1)..<close) }
                    position = close + 1
                } else {
                    // Unquoted: up to a blank or ">" (left as it is).
                    while position < count, !Self.isBlank(source[position]), source[position] != UInt8(ascii: ">") {
                        position += 1
                    }
                }
            }
            skipBlanks(&position)
        }
        guard isName(name, "script") || isName(name, "style") else { return position }
        // A start tag first in the content may close the element instead (`<noscript>` a
        // script, `<body>` a style: htmlCheckAutoClose), and then the content is no text.
        if position + 1 < count, source[position] == UInt8(ascii: "<"), Self.isNameStart(source[position + 1]) { return nil }
        // libxml2 reads the content to the first "</" followed by the element's name, in any
        // case; a longer name there ("</scriptx") would send it back into the content.
        var search = position
        while let found = find("</", from: search) {
            let after = found + 2 + name.count
            if after <= count && isName((found + 2)..<after, name) {
                guard after < count, Self.isBlank(source[after]) || source[after] == UInt8(ascii: ">")
                    || source[after] == UInt8(ascii: "/") else { return nil }
                return found
            }
            // Before reading any content libxml2 takes a "</" for an end tag, which runs to the
            // next ">" (over a "</script>" too), and then reads the content from there.
            if found == position { return nil }
            search = found + 1
        }
        return count
    }

    /// Removes the bytes of `range` from the output, all but its line feeds.
    private mutating func empty(_ range: Range<Int>) {
        copy(upTo: range.lowerBound)
        appendLineFeeds(of: range.lowerBound..<range.upperBound)
        copied = range.upperBound
    }

    /// Cuts a run of text to its first character, a printable byte and its line feeds — when
    /// it is shorter than libxml2's buffer, holds no `&` and has a printable ASCII byte (see
    /// the type's comment); else leaves it. The first character is kept whole: a lone lead
    /// byte would be bad UTF-8, on which libxml2 reads the rest of the document as Latin-1.
    private mutating func cut(text range: Range<Int>) {
        guard range.count > 2, range.count < Self.textBuffer,
              index(of: UInt8(ascii: "&"), from: range.lowerBound, before: range.upperBound) == nil,
              let printable = range.first(where: { (0x21...0x7E).contains(source[$0]) }) else { return }
        let firstEnd = min(range.lowerBound + Self.sequenceLength(source[range.lowerBound]), range.upperBound)
        copy(upTo: range.lowerBound)
        output.append(contentsOf: source[range.lowerBound..<firstEnd])
        if printable >= firstEnd { output.append(source[printable]) }
        appendLineFeeds(of: firstEnd..<range.upperBound)
        copied = range.upperBound
    }

    /// The bytes of the UTF-8 sequence a lead byte starts (the source is a Swift string's:
    /// well-formed).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The source up to `position` into the output (the first call makes the output).
    private mutating func copy(upTo position: Int) {
        if !changedAny {
            changedAny = true
            output.reserveCapacity(count)
        }
        output.append(contentsOf: source[copied..<position])
    }

    private mutating func appendLineFeeds(of range: Range<Int>) {
        var position = range.lowerBound
        while let lineFeed = index(of: 0x0A, from: position, before: range.upperBound) {
            output.append(0x0A)
            position = lineFeed + 1
        }
    }

    // MARK: - Bytes

    private func index(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        source.index(of: byte, from: start, before: end)
    }

    private func find(_ text: StaticString, from start: Int) -> Int? { source.find(text, from: start) }
    private func matches(at position: Int, _ text: StaticString) -> Bool { source.matches(at: position, text) }
    private func matchesIgnoringCase(at position: Int, _ text: StaticString) -> Bool { source.matchesIgnoringCase(at: position, text) }
    private func isName(_ range: Range<Int>, _ text: StaticString) -> Bool { source.isName(range, text) }
    private func isName(_ range: Range<Int>, _ other: Range<Int>) -> Bool { source.isName(range, sameAs: other) }

    private func skipBlanks(_ position: inout Int) {
        while position < count, Self.isBlank(source[position]) { position += 1 }
    }

    /// libxml2's `IS_BLANK_CH`: space, tab, line feed, carriage return (not form feed).
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isASCIILetter(_ byte: UInt8) -> Bool { SourceBytes.isASCIILetter(byte) }
    /// The first byte of an attribute name libxml2 reads (`htmlParseHTMLName`).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
    /// A byte of a name after the first: letters, digits, `:`, `-`, `_`, `.` — as bits of two
    /// words (bytes 0–63 and 64–127), the test every byte of every tag and attribute name takes.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x07FF_6000_0000_0000 // "-" "." "0"–"9" ":"
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE // "A"–"Z" "_" "a"–"z"
        return byte < 64 ? low >> byte & 1 == 1 : byte < 128 && high >> (byte - 64) & 1 == 1
    }

    /// What follows a name's first colon, as ``HTMLTreeBuilder/localName(_:)`` keeps it.
    private func localName(_ name: Range<Int>) -> Range<Int> {
        guard source[name.lowerBound] != UInt8(ascii: ":"),
              let colon = name.first(where: { source[$0] == UInt8(ascii: ":") }), colon + 1 < name.upperBound else { return name }
        return (colon + 1)..<name.upperBound
    }
}
