internal import CLibXML2
import DynamicLibrary
import Foundation
@testable import HTMLDocument
import Testing
import TestSupport

/// The tree ``HTMLTreeBuilder`` builds from libxml2's parse events must be the tree libxml2's
/// own builder (`htmlReadMemory`) makes of the same bytes: the same nodes, kinds, names,
/// attributes, text and element lines, the same `maxDepth` cut. The oracle here is libxml2's
/// tree itself, read node by node, for the markup fixtures, documents written to hit each of
/// libxml2's tree rules, and thousands of random ones. The tree kept for scripts alone
/// (`HTMLDocument.Kept.elementsAndScripts`) is checked on each against the whole tree with
/// the text outside scripts and other elements' attributes taken out.
@Suite("the tree built from libxml2's events is libxml2's own tree")
struct HTMLTreeParityTests {
    @Test("documents written for each of libxml2's tree rules")
    func rules() throws {
        let documents = [
            // Implied html, body and p; text before any element; blank text at the top.
            "text first", "  \n <p>a</p>", "<html>x</html>",
            // Elements and text after </html> and </body> land inside the first html.
            "<html><body>a</body></html><p>after</p>tail", "<p>a</p></html><div>b</div></body><i>c</i>",
            // A comment, a doctype or a processing instruction first, then elements after </html>.
            "<!--c--><html><body>a</body></html><p>after</p>", "<!DOCTYPE html><p>a</p></html><p>b</p>",
            "<?xml version=\"1.0\"?><p>a</p></html><p>b</p>", "<p>a</p><!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><p>b</p>",
            // Text split by comments and processing instructions; entities; CDATA-like text.
            "<p>a<!--x-->b<?pi x?>c&amp;d&#65;&#x1F600;&unknown;e &lt; f</p>", "<p>a<![CDATA[b]]>c</p>",
            // Script and style content (libxml2's CDATA blocks), long ones in pieces.
            "<script type=\"application/ld+json\">{\"a\": \"<b>\"}</script><style>p{}</style>",
            "<script>" + String(repeating: "x<y ", count: 2_000) + "</script>" + "<p>" + String(repeating: "word ", count: 2_000) + "</p>",
            // Prefixed names, colons, uppercase, boolean and duplicate attributes, empty values.
            "<o:p>x</o:p><a:b:c>y</a:b:c><:x>z</:x><y:>w</y:>",
            "<DIV ID=A Class=\"b\" itemscope checked DISABLED=\"\" selected=selected nowrap itemprop>t</DIV>",
            "<input checked checked=x><a href=1 href=2 title='&amp;&quot;'>x</a>",
            // Auto-closing and misnested tags, tables, lists, forms.
            "<p>a<p>b<div>c</p>d</div><ul><li>1<li>2</ul><table><tr><td>1<td>2</table><b><i>x</b>y</i>",
            "<table>text<tr>more</tr></table><select><option>a<option>b</select><form><form>x</form>",
            // Misplaced html, head and body tags, with attributes.
            "<html lang=en><head><title>t</title></head><body class=a><html lang=de><body class=b><head>x</head>y",
            // NUL bytes in text and attributes.
            "<div>one\0two</div><p id=after>three</p>", "<div title=\"a\0b\">x</div><p>y</p>",
            // Whitespace-only text in every kind of place.
            "<html> <head> <title> </title> </head> <body> <table> <tr> <td> </td> </tr> </table> <p> </p> <b> </b> <i>x</i> <u>y</u> </body> </html> ",
            "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><html><body> <div> </div> </body></html>",
            // Lines.
            "<p>\n\n<b\nid=x\n>bold</b>\n<!--\n-->\n<i>x</i></p>\n\n\n<div>\r\n<span>s</span></div>",
            // Broken markup.
            "<p <b>x</b> <a href=\"unterminated>y</a> </ p> <1> < p> &#; &#xZZ; <!--- --> <!- x -> <? ?>",
            "", " ", "<", "</", "<!--", "<!DOCTYPE", "<script>", "<p", "<p a=", "&",
        ]
        for html in documents {
            try expectParity(html)
        }
    }

    @Test("the markup fixtures, whole and with a small depth limit")
    func fixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SchemaMarkupTests/Fixtures")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" }
        #expect(files.count >= 50)
        for file in files {
            let html = try String(contentsOf: file, encoding: .utf8)
            try expectParity(html, label: file.lastPathComponent)
            try expectParity(html, maxDepth: 4, label: file.lastPathComponent)
        }
    }

    @Test("4,000 random documents of tags, text, comments, doctypes and instructions")
    func random() throws {
        var generator = SplitMix64(seed: 21)
        let names = ["html", "head", "body", "p", "div", "b", "i", "table", "tr", "td", "li", "ul", "title", "script",
                     "style", "span", "a", "o:p", "o:script", "form", "select", "option", "br", "img", "meta", "h1", "dl", "dt"]
        let attributes = [" itemscope", " itemprop=name", " id=x", " checked", " href=\"a&amp;b\"", " class='c d'", " A=1", ""]
        let texts = ["x", " ", "\n", "  \n ", "a&amp;b", "é", "&#128512;", "\0", "\r\n"]
        for round in 0..<4_000 {
            var html = ""
            for _ in 0..<Int.random(in: 1..<40, using: &generator) {
                let name = names.randomElement(using: &generator)!
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...3: html += "<\(name)\(attributes.randomElement(using: &generator)!)>"
                case 4...5: html += "</\(name)>"
                case 6...7: html += texts.randomElement(using: &generator)!
                case 8: html += ["<!--c-->", "<!---->", "<?pi?>", "<!DOCTYPE html>", "<![CDATA[z]]>"].randomElement(using: &generator)!
                default: html += "\n"
                }
            }
            try expectParity(html, maxDepth: round % 3 == 0 ? 3 : 256, label: "round \(round)")
        }
    }

    /// The lean parse reads a source with attribute values emptied and text cut (LeanSource);
    /// a quote taken for a value's where libxml2 reads text, a comment or script, or text cut
    /// where libxml2 would imply an element or break a line, would move elements. Tag soup
    /// made of the constructs where that could happen, and each parse held to the whole tree.
    @Test("attack: 6,000 documents of quotes, > and line breaks in values, text, comments, scripts, doctypes and broken tags")
    func leanSource() throws {
        var generator = SplitMix64(seed: 2121)
        // What the scan follows, quotes and ">" where libxml2 reads them as text, comment or script…
        let followed = ["<div class=\"a b\">", "<p title='x\"y'>", "<a href=\"u?a=1&amp;b=2\" id=k>", "<td style=\"a:1;\nb:2\">",
                        "<span title=\"a>b\">", "<i x=\"<p>\">", "<b y='</b>'>", "<img src=x alt=\"\">", "<br/>",
                        "<div a=\"1\"b=\"2\">", "<p a = \"spaced\" >", "<o:p o:x=\"1\">", "<div a='\n\n'>", "<DIV CLASS=\"UP\">",
                        "<table border=0 cellpadding=\"0\">", "<tr>", "<td>", "</td>", "</tr>", "</table>", "</div>", "</p>", "</a>",
                        "</span class=\"x>\">", "<3>", "< p>", "a < b",
                        "<script type=\"application/ld+json\">{\"a\": \"<p title=\\\"x\\\">\"}</script>",
                        "<script>var s = '<div class=\"z\">';</script>", "<script/>", "<SCRIPT>x=\"<p>\"</Script >",
                        "<style>p { content: \"a>b\" }</style>", "<o:script type=\"application/ld+json\">{}</o:script>",
                        "<title>a=\"b\"</title>", "<textarea>x=\"<p>\"</textarea>", "<noscript><p a=\"b\"></noscript>",
                        "<template><p a=\"<\"></template>", "<!-- a=\"<p>\" -->", "<!---->", "<!-->",
                        "<!DOCTYPE html>", "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\" \"http://x/y.dtd\">",
                        "<![CDATA[ a=\"<p>\" ]]>", "&amp;", "&#62;", "text ", "a=\"b\" ", "\n", "\r\n", "é", ">", "\"", "'",
                        // Text where libxml2 implies elements (before any tag, in html or head), long text
                        // around its 1,000-byte buffer, blank text, characters it refuses, a "<" as text.
                        "Hello world ", "  some\ntext\n ", "élan ", "\u{0C}\u{0C} ", "   \n  ", "<html>", "<head>", "</head>",
                        "<body>", "</body>", "</html>", "< é", "x <éb", "<o:script>kept text</o:script>", "\n\n&amp;x",
                        "<script type=\"application/ld+json\">{\"name\": \"Zürich\"}</script>",
                        String(repeating: "w ", count: 499), String(repeating: "w ", count: 500), String(repeating: "w\n", count: 501)]
        // …and where libxml2 recovers its own way, which makes the scan give up.
        let refused = ["<div =x>", "<div \"q\">", "<div a=\"open>", "<hr / >", "</3>", "<_x a=\"b\">", "<:y>",
                       "<script></scriptx>x=\"y\"</script>", "<style><body a=\"b\"></style>", "<script><noscript a=\"b\"></script>", "<script><noscript a=\"</script><p b='>'>\"></script>",
                       "<script></scsi\"</script>cript> text", "<script></p></script>",
                       "<!DOCTYPE x PUBLIC \"'\" '><a b=\"'>\">", "<!DOCTYPE x PUBLIC \"a'b\" 'c><i a=\"'><!--\" b=x'>",
                       "<!DOCTYPE b></p <i c=\">d\">", "<!DOCTYPE x><!DOCTYPE y>", "<!DOCTYPE x>&amp;", "<!DOCTYPE x><!-- c -->",
                       "<!-- --!> <p a=\"x\">", "<!-- unclosed a=\"b\"", "<!DOCTYPE x \"a>b\">", "<?pi a=\"b\"?>", "<!x a=\"<p>\">", "<", "\0", "<p\u{0C}a=\">\" b=\"<i>\">", "<p a=\"x\"\u{0C}b=\">\" c=\"<i>\">",
                       "<div " + String(repeating: "n", count: 120) + "=\"v\">", "<" + String(repeating: "t", count: 101) + " a=\"v\">"]
        var removed = 0
        for round in 0..<6_000 {
            let pieces = round % 3 == 0 ? followed + refused : followed
            var html = ""
            for _ in 0..<Int.random(in: 1..<24, using: &generator) { html += pieces.randomElement(using: &generator)! }
            if html.utf8.withContiguousStorageIfAvailable({ LeanSource.rewritten($0) != nil }) == true { removed += 1 }
            try expectParity(html, maxDepth: round % 4 == 0 ? 3 : 256, label: "round \(round)")
        }
        // The scan must not give up on everything: then this would test nothing.
        #expect(removed > 2_000, "source rewritten in \(removed) of 6,000 documents")
    }

    @Test("deep nesting below libxml2's own 256-level halt: the cut is the same")
    func deepNesting() throws {
        let html = String(repeating: "<div>", count: 200) + "deep" + String(repeating: "</div>", count: 200) + "<p>after</p>"
        try expectParity(html, maxDepth: 40)
        try expectParity(html, maxDepth: 256)
    }

    @Test("deeper than 256: libxml2's builder halts and loses what follows; ours cuts only the depth")
    func pastLibXML2Halt() throws {
        let html = String(repeating: "<div>", count: 300) + "deep" + String(repeating: "</div>", count: 300)
            + "<script type=\"application/ld+json\">{}</script>"
        let document = try HTMLDocument(parsing: html)
        #expect(document.wasTruncated)
        #expect(document.root.descendantElements(named: "script").count == 1)
        #expect(try Oracle.shared.dump(of: Array(html.utf8), maxDepth: 256).contains("script") == false)
    }

    // MARK: - Comparing

    private func expectParity(_ html: String, maxDepth: Int = 256, label: String? = nil) throws {
        let document = try HTMLDocument(parsing: html, limits: HTMLLimits(maxDepth: maxDepth))
        let source = BrowserTextRegions.neutralized(Array(html.utf8))
        let theirs = try Oracle.shared.dump(of: source, maxDepth: maxDepth)
        #expect(document.outline() == theirs, "\(label ?? html.debugDescription)")
        // Kept for scripts alone: the same tree less the text outside scripts, style content
        // and other elements' attributes; the same cut and `wasTruncated`.
        let scripts = try HTMLDocument(parsing: html, limits: HTMLLimits(maxDepth: maxDepth), keeping: .elementsAndScripts)
        #expect(scripts.outline() == document.outline(as: .elementsAndScripts), "elements and scripts: \(label ?? html.debugDescription)")
    }
}

/// libxml2's own tree for the same bytes and options, dumped as `HTMLDocument.outline()` dumps
/// ours, with the `maxDepth` cut and `wasTruncated` as the tree read in place had them.
private final class Oracle: @unchecked Sendable {
    // `@unchecked Sendable`: the addresses are written once and only read after.
    static let shared = Oracle()

    private let readMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> htmlDocPtr?
    private let freeDoc: @convention(c) (xmlDocPtr?) -> Void
    private let lineNumber: @convention(c) (UnsafePointer<xmlNode>?) -> Int

    private init() {
        let found = try! DynamicLibrary.symbols(["htmlReadMemory", "xmlFreeDoc", "xmlGetLineNo"], in: LibXML2Library.defaultName)
        readMemory = unsafeBitCast(found[0], to: (@convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> htmlDocPtr?).self)
        freeDoc = unsafeBitCast(found[1], to: (@convention(c) (xmlDocPtr?) -> Void).self)
        lineNumber = unsafeBitCast(found[2], to: (@convention(c) (UnsafePointer<xmlNode>?) -> Int).self)
    }

    func dump(of source: [UInt8], maxDepth: Int) throws -> String {
        let options = HTMLDocument.parseOptions
        var output = "document\n"
        guard !source.isEmpty else { return output + "truncated false\n" }
        let document = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { readMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options) }
        }
        let root = try #require(document)
        defer { freeDoc(root) }
        let rootNode = UnsafeMutableRawPointer(root).assumingMemoryBound(to: xmlNode.self)
        var truncated = false
        dumpChildren(of: rootNode, depth: 0, maxDepth: maxDepth, truncated: &truncated, into: &output)
        return output + "truncated \(truncated)\n"
    }

    private func dumpChildren(of node: UnsafeMutablePointer<xmlNode>, depth: Int, maxDepth: Int, truncated: inout Bool,
                              into output: inout String) {
        guard depth < maxDepth else {
            if node.pointee.children != nil { truncated = true }
            return
        }
        var child = node.pointee.children
        while let current = child {
            let indent = String(repeating: " ", count: depth + 1)
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                var attributes = ""
                var attribute = current.pointee.properties
                while let property = attribute {
                    var value = ""
                    var text = property.pointee.children
                    while let piece = text {
                        if let content = piece.pointee.content { value += String(cString: content) }
                        text = piece.pointee.next
                    }
                    attributes += " \(String(cString: property.pointee.name).lowercased())=\(value.debugDescription)"
                    attribute = property.pointee.next
                }
                output += "\(indent)<\(String(cString: current.pointee.name).lowercased())\(attributes)> line \(max(lineNumber(current), 1))\n"
                dumpChildren(of: current, depth: depth + 1, maxDepth: maxDepth, truncated: &truncated, into: &output)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                output += "\(indent)text \((current.pointee.content.map { String(cString: $0) } ?? "").debugDescription)\n"
            case XML_COMMENT_NODE:
                output += "\(indent)comment \((current.pointee.content.map { String(cString: $0) } ?? "").debugDescription)\n"
            default:
                break // A doctype or processing instruction: not shown.
            }
            child = current.pointee.next
        }
    }
}

/// The limits of the tree itself, and where it keeps more than libxml2's own builder did.
@Suite("the parsed tree's own limits")
struct HTMLTreeLimitTests {
    @Test("attack: past the 32-bit offsets' reach an HTML part is refused, whatever the limits allow")
    func largestParsed() throws {
        let html = String(repeating: "a", count: HTMLDocument.largestParsed + 1)
        #expect(throws: HTMLDocument.ParseError.tooLarge(bytes: html.utf8.count, limit: HTMLDocument.largestParsed)) {
            _ = try HTMLDocument(parsing: html, limits: HTMLLimits(maxBytes: .max))
        }
        // The message must not send the user to raise html-bytes, which cannot help.
        let message = "\(HTMLDocument.ParseError.tooLarge(bytes: html.utf8.count, limit: HTMLDocument.largestParsed))"
        #expect(message.contains("whatever limit html-bytes says"), "\(message)")
    }

    @Test("attack: an attribute on an element below the depth cut is not found from the document either")
    func attributeBelowTheCut() throws {
        let html = "<div><div><div><span itemscope itemprop=x>deep</span></div></div></div><p id=top>t</p>"
        let cut = try HTMLDocument(parsing: html, limits: HTMLLimits(maxDepth: 4))
        #expect(cut.wasTruncated)
        #expect(!cut.root.hasDescendantElement(withAttribute: "itemscope"))
        #expect(cut.root.hasDescendantElement(withAttribute: "id"))
        let whole = try HTMLDocument(parsing: html, limits: HTMLLimits(maxDepth: 7))
        #expect(!whole.wasTruncated)
        #expect(whole.root.hasDescendantElement(withAttribute: "itemscope"))
        #expect(whole.root.descendantElements(named: "span").first?.hasDescendantElement(withAttribute: "itemscope") == false)
    }

    @Test("a script of 11 MB is kept whole (libxml2's own builder stopped adding to a text node at 10,000,000 bytes)")
    func hugeText() throws {
        let body = String(repeating: "0123456789", count: 1_100_000)
        let document = try HTMLDocument(parsing: "<script type=\"application/ld+json\">\(body)</script><p>after</p>")
        let script = try #require(document.root.descendantElements(named: "script").first)
        #expect(script.textContent.utf8.count == body.utf8.count)
        #expect(document.root.descendantElements(named: "p").first?.textContent == "after")
    }
}
