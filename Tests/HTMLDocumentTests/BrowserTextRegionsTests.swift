import Foundation
@testable import HTMLDocument
import Testing
import TestSupport

/// What libxml2 is given is what a browser builds (the parity with Chromium itself is
/// `BrowserParityTests` in SchemaMarkupTests); here, the tree and the guarantees of the rewrite.
@Suite("text regions a browser reads as text stay text")
struct BrowserTextRegionsTests {
    static func scripts(_ html: String) throws -> [HTMLNode] {
        try HTMLDocument(parsing: html).root.descendantElements.filter { $0.name == "script" }
    }

    @Test("a script inside an element a browser reads as text is no element; after it, it is", arguments: [
        "textarea", "title", "xmp", "noscript", "iframe", "noembed", "noframes", "style", "TEXTAREA",
    ])
    func textElements(_ name: String) throws {
        let inside = "<body><\(name)><script type=\"application/ld+json\">{}</script></\(name)></body>"
        #expect(try Self.scripts(inside).isEmpty)
        let after = "<body><\(name)>x</\(name)>\n<script type=\"application/ld+json\">{}</script></body>"
        let found = try Self.scripts(after)
        #expect(found.count == 1)
        #expect(found.first?.line == 2)
        // The element's own text keeps its length: positions stay those of the source.
        let element = try #require(try HTMLDocument(parsing: inside).root.descendantElements.first { $0.name == name.lowercased() })
        #expect(element.textContent.count == "<script type=\"application/ld+json\">{}</script>".count)
    }

    @Test("template contents are not in the document; plaintext runs to the end; bogus comments hide what they hold")
    func otherRegions() throws {
        #expect(try Self.scripts("<template><div><script type=a>{}</script></div></template>").isEmpty)
        #expect(try Self.scripts("<template></template><script>{}</script>").count == 1)
        #expect(try Self.scripts("<plaintext><script>{}</script></plaintext><script>{}</script>").isEmpty)
        #expect(try Self.scripts("<![CDATA[<script>{}</script>]]>").isEmpty)
        #expect(try Self.scripts("<?x <script>{}</script> ?>").isEmpty)
        #expect(try Self.scripts("<!-->\n<script>{}</script>").count == 1)
    }

    @Test("hostile bytes: no crash, the same length, lines kept")
    func hostile() throws {
        var generator = SplitMix64(state: 13)
        let alphabet = Array("<>/!-?\"'= \n<textarea></textarea><template></template><script></script><!--<![CDATA[abc".utf8)
        for _ in 0..<300 {
            let length = Int.random(in: 0..<400, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let rewritten = BrowserTextRegions.neutralized(bytes)
            #expect(rewritten.count == bytes.count)
            // Only `<` becomes a space, and a comment's `--!>` becomes ` -->`; line ends stay.
            for (old, new) in zip(bytes, rewritten) where old != new {
                #expect((old == 0x3C && new == 0x20) || "-!>".utf8.contains(old), "\(old) → \(new)")
            }
            #expect(rewritten.filter { $0 == 0x0A }.count == bytes.filter { $0 == 0x0A }.count)
            _ = try? HTMLDocument(parsing: String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// The one-pass rewrite (memchr from `<` to `<`, a copy only when something changes) against
/// the byte-by-byte rewrite it replaced (`ReferenceTextRegions`), byte for byte.
@Suite("the one-pass text-region rewrite agrees with the byte-by-byte one")
struct BrowserTextRegionsModelTests {
    /// Pieces that drive every branch: comments (abrupt, `--!>`, unterminated), bogus comments,
    /// text elements in any case, template nesting, plaintext, script, quotes in tags, end tags.
    static let pieces = [
        "<", ">", "/", "!", "-", "?", "\"", "'", "=", " ", "\n", "a", "é", "\0",
        "<!--", "-->", "--!>", "<!-->", "<!--->", "<!DOCTYPE html>", "<![CDATA[", "]]>", "<?x ", "</>", "</3",
        "<textarea>", "</textarea>", "<TITLE>", "</title ", "<style>", "</STYLE>", "<xmp>", "<noscript>", "</noscript>",
        "<iframe src='x>y'>", "</iframe>", "<template>", "</template>", "<TEMPLATE>", "<plaintext>",
        "<script>", "</script>", "<script type=\"application/ld+json\">", "</scripty>", "<p a=\"<b>\">", "<div>", "</div>",
        "<a href=x'y>", "<b c='>'>",
    ]

    @Test("random documents from the branch pieces: the same bytes out")
    func randomDocuments() {
        var generator = SplitMix64(state: 21)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let bytes = Array((0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined().utf8)
            #expect(BrowserTextRegions.neutralized(bytes) == ReferenceTextRegions.neutralized(bytes),
                    "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test("random bytes: the same bytes out")
    func randomBytes() {
        var generator = SplitMix64(state: 22)
        let alphabet = Array("<>/!-?\"'= \nTtEeMmPpLlAaSsCcRrIiXx".utf8)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(BrowserTextRegions.neutralized(bytes) == ReferenceTextRegions.neutralized(bytes))
        }
    }

    @Test("markup with no region to rewrite is not copied; a region is rewritten")
    func copiesOnlyWhenChanged() {
        let plain = Array("<html><body><p class=\"x\">a &lt; b</p><script type=\"application/ld+json\">{\"a\":\"<b>\"}</script></body></html>".utf8)
        #expect(plain.withUnsafeBufferPointer(BrowserTextRegions.rewritten) == nil)
        let region = Array("<title>a <b> c</title>".utf8)
        #expect(region.withUnsafeBufferPointer(BrowserTextRegions.rewritten) == Array("<title>a  b> c</title>".utf8))
    }

    @Test("attack: a megabyte of `<` and of unterminated comments stays linear and agrees")
    func longInputs() {
        for text in [String(repeating: "<", count: 1 << 20), "<!--" + String(repeating: "-<", count: 1 << 19),
                     "<textarea>" + String(repeating: "</textare", count: 1 << 16)] {
            let bytes = Array(text.utf8)
            #expect(BrowserTextRegions.neutralized(bytes) == ReferenceTextRegions.neutralized(bytes))
        }
    }
}
