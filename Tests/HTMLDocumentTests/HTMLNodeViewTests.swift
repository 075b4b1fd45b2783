import HTMLDocument
import Testing
import TestSupport

/// The nodes are views of the document's compact tree (issue 21; before, of libxml2's tree in
/// place, and before that of a copy of it): what they show must be what the copied tree showed — names lowercase, the depth cut, text joined — and they must stay valid as
/// long as they are held, whatever the input.
@Suite("HTML nodes as views of the parsed tree")
struct HTMLNodeViewTests {
    @Test("nodes outlive the document value they came from")
    func lifetime() throws {
        let nodes = try HTMLDocument(parsing: "<div id=a>one<p>two</p></div><div id=b>three</div>").root.descendantElements
        #expect(nodes.map(\.name) == ["html", "body", "div", "p", "div"])
        #expect(nodes[2].attribute("id") == "a")
        #expect(nodes[2].textContent == "onetwo")
        #expect(nodes[4].children.map(\.text) == ["three"])
    }

    @Test("kinds, children in order, comments not in textContent, lines of text nodes")
    func shape() throws {
        let document = try HTMLDocument(parsing: "<body>a<!--c-->\n<b>x</b></body>")
        let body = try #require(document.root.descendantElements.first { $0.name == "body" })
        #expect(body.children.map(\.kind) == [.text, .comment, .text, .element])
        #expect(body.children[1].text == "c")
        #expect(body.children[3].line == 2)
        #expect(body.textContent == "a\nx")
        #expect(document.root.kind == .document && document.root.name.isEmpty && document.root.line == 1)
        #expect(body.children[0].attributes.isEmpty && body.children[0].name.isEmpty)
    }

    @Test("child elements one at a time: the element children, in order, none below the depth cut")
    func childElements() throws {
        let document = try HTMLDocument(parsing: "<body>a<!--c--><b>x</b><![CDATA[y]]><i><u>z</u></i>t<p>", limits: HTMLLimits(maxDepth: 3))
        let body = try #require(document.root.descendantElements.first { $0.name == "body" })
        var names: [String] = []
        body.forEachChildElement { names.append($0.name) }
        #expect(names == body.children.filter(\.isElement).map(\.name))
        #expect(names == ["b", "i", "p"])
        // At the cut (html 1, body 2, i 3), the children are not shown either way.
        let italic = try #require(body.children.first { $0.name == "i" })
        var below: [HTMLNode] = []
        italic.forEachChildElement { below.append($0) }
        #expect(below.isEmpty && italic.children.isEmpty)
    }

    @Test("attack: a depth bomb is cut at maxDepth in every view (children, descendants, text), without recursion past it")
    func depthBomb() throws {
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let document = try HTMLDocument(parsing: html, limits: HTMLLimits(maxDepth: 40))
        #expect(document.wasTruncated)
        let elements = document.root.descendantElements
        // html and body, then divs down to depth 40.
        #expect(elements.count == 40)
        #expect(elements.last?.children.isEmpty == true)
        #expect(!document.root.textContent.contains("deep"))
        // The honest case: nesting within the limit is all there, the text too.
        let shallow = try HTMLDocument(parsing: "<div><div><div>deep</div></div></div>", limits: HTMLLimits(maxDepth: 40))
        #expect(!shallow.wasTruncated)
        #expect(shallow.root.textContent == "deep")
        #expect(shallow.root.hasDescendantElement(withAttribute: "id") == false)
    }

    @Test("attack: 100,000 attributes on one element; the first of a repeated name wins")
    func manyAttributes() throws {
        let attributes = (0..<100_000).map { " a\($0)=\"v\($0)\"" }.joined()
        let document = try HTMLDocument(parsing: "<div\(attributes) a5=\"again\" itemscope>x</div>")
        let div = try #require(document.root.descendantElements(named: "div").first)
        #expect(div.attribute("a99999") == "v99999")
        #expect(div.attribute("a5") == "v5")
        #expect(div.hasAttribute("itemscope"))
        #expect(!div.hasAttribute("a100000"))
        #expect(document.root.hasDescendantElement(withAttribute: "itemscope"))
    }

    @Test("attack: NUL bytes: one in text ends nothing early; one in an attribute value crashes nothing")
    func nulBytes() throws {
        let document = try HTMLDocument(parsing: "<div>one\0two</div><p id=after>three</p>")
        #expect(document.root.descendantElements(named: "p").first?.attribute("id") == "after")
        #expect(document.root.textContent.contains("three"))
        #expect(document.root.textContent.hasPrefix("one"))
        // QUIRK (libxml2 2.9, as with libxml2's own tree): a NUL inside an attribute
        // value ends the parse; the element it is on is kept, nothing after it is read.
        let cut = try HTMLDocument(parsing: "<div title=\"a\0b\">x</div><p>y</p>")
        #expect(cut.root.descendantElements.map(\.name).contains("div"))
        _ = cut.root.descendantElements.map { ($0.attributes, $0.textContent) }
    }

    @Test("names compared as bytes agree with the names as strings, for any name the parser keeps")
    func namesAsBytes() throws {
        var generator = SplitMix64(state: 31)
        let letters = ["a", "B", "z", "Z", "-", "_", ":", "1", "ä", "Ä", "\u{212A}", "İ", "ſ", "é"]
        for _ in 0..<300 {
            func word() -> String { (0..<Int.random(in: 1..<6, using: &generator)).map { _ in letters.randomElement(using: &generator)! }.joined() }
            let tagName = "x" + word()
            let attributeNames = (0..<4).map { _ in "d" + word() }
            let html = "<\(tagName) " + attributeNames.enumerated().map { "\($1)=\"\($0)\"" }.joined(separator: " ") + ">t</\(tagName)>"
            let document = try HTMLDocument(parsing: html)
            for element in document.root.descendantElements {
                #expect(element.isElement(named: element.name))
                #expect(!element.isElement(named: element.name + "x"))
                #expect(document.root.descendantElements(named: element.name).count >= 1)
                for attribute in element.attributes {
                    #expect(element.hasAttribute(attribute.name), "\(html.debugDescription): \(attribute.name)")
                    #expect(element.attribute(attribute.name) == element.attributes.first { $0.name == attribute.name }?.value)
                    #expect(!element.hasAttribute(attribute.name + "\u{212A}"))
                }
                #expect(element.attributes.allSatisfy { $0.name == $0.name.lowercased() })
            }
        }
    }
}
