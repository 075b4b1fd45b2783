import HTMLDocument
import Testing

@Suite("HTML parsing through libxml2")
struct HTMLDocumentTests {
    func elements(_ html: String, named name: String) throws -> [HTMLNode] {
        try HTMLDocument(parsing: html).root.descendantElements.filter { $0.name == name }
    }

    @Test("elements, attributes (lowercased names, entities resolved), text and line numbers")
    func basics() throws {
        let document = try HTMLDocument(parsing: "<html>\n<body>\n<DIV Class=\"a &amp; b\" itemscope>\nHello <b>world</b>&eacute;\n</DIV></body></html>")
        let div = try #require(document.root.descendantElements.first { $0.name == "div" })
        #expect(div.attribute("class") == "a & b")
        #expect(div.hasAttribute("itemscope"))
        #expect(div.attribute("itemscope") == "")
        #expect(div.line == 3)
        #expect(div.textContent == "\nHello worldé\n")
    }

    @Test("script text is kept raw: no entity decoding, no tags inside")
    func scriptText() throws {
        let scripts = try elements("<head><script type=\"application/ld+json\">{\"a\": \"x &amp; <b>y</b>\"}</script></head>", named: "script")
        #expect(scripts.count == 1)
        #expect(scripts[0].attribute("type") == "application/ld+json")
        #expect(scripts[0].textContent == "{\"a\": \"x &amp; <b>y</b>\"}")
    }

    @Test("broken markup is recovered: unclosed tags, a div inside a p, stray end tags")
    func recovery() throws {
        let document = try HTMLDocument(parsing: "<p>one<div itemprop=x>two</p></span><p>three")
        let names = document.root.descendantElements.map(\.name)
        #expect(names.contains("div"))
        #expect(names.filter { $0 == "p" }.count >= 2)
        #expect(document.root.textContent.contains("three"))
    }

    @Test("a meta charset inside the text does not re-decode it: the text is already Unicode")
    func ignoresDeclaredEncoding() throws {
        let document = try HTMLDocument(parsing: "<meta charset=\"iso-8859-1\"><p>Zoë Müller — 東京</p>")
        #expect(document.root.textContent.contains("Zoë Müller — 東京"))
    }

    @Test("no network and no external entities: an external DTD and entity are not loaded")
    func noNetwork() throws {
        let document = try HTMLDocument(parsing: "<!DOCTYPE html SYSTEM \"http://127.0.0.1:9/x.dtd\"><p>&ext;</p>")
        #expect(document.root.textContent.contains("&ext;"))
    }

    @Test("limits: oversized input refused; deep nesting cut with a flag, no crash")
    func limits() throws {
        #expect(throws: HTMLDocument.ParseError.tooLarge(bytes: 20, limit: 10)) {
            try HTMLDocument(parsing: String(repeating: "<p>", count: 6) + "xx", limits: HTMLLimits(maxBytes: 10))
        }
        let deep = String(repeating: "<div>", count: 5_000) + "x" + String(repeating: "</div>", count: 5_000)
        let document = try HTMLDocument(parsing: deep, limits: HTMLLimits(maxDepth: 50))
        #expect(document.wasTruncated)
    }

    @Test("empty input gives an empty document")
    func empty() throws {
        #expect(try HTMLDocument(parsing: "").root.children.isEmpty)
        #expect(try HTMLDocument(parsing: "  \n").root.children.isEmpty)
    }
}
