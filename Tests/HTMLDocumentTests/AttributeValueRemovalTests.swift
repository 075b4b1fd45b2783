@testable import HTMLDocument
import Testing

/// What the lean parse's source is: values emptied, line breaks kept, a script's values and
/// everything outside start tags untouched; and the whole source kept wherever libxml2 would
/// recover from an error its own way.
@Suite("attribute values removed from the source of a lean parse")
struct AttributeValueRemovalTests {
    private func removed(_ html: String) -> String? {
        Array(html.utf8).withUnsafeBufferPointer(AttributeValueRemoval.removed(from:)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("values emptied, line breaks kept; unquoted values, scripts, comments, text and end tags untouched")
    func emptied() {
        #expect(removed("<div class=\"a b\" id='x'>t=\"u\"</div>") == "<div class=\"\" id=''>t=\"u\"</div>")
        #expect(removed("<td style=\"a:1;\nb:2;\r\nc:3\">x</td>") == "<td style=\"\n\n\">x</td>")
        #expect(removed("<a href=u title=\"t\">") == "<a href=u title=\"\">")
        #expect(removed("<span title=\"a>b\">c</span>") == "<span title=\"\">c</span>")
        #expect(removed("<script type=\"application/ld+json\">{\"a\": \"b\"}</script><p class=\"c\">")
            == "<script type=\"application/ld+json\">{\"a\": \"b\"}</script><p class=\"\">")
        #expect(removed("<o:script type=\"application/ld+json\">x</o:script><b c=\"d\">") == "<o:script type=\"application/ld+json\">x</o:script><b c=\"\">")
        #expect(removed("<!-- <p class=\"c\"> --><i j=\"k\">") == "<!-- <p class=\"c\"> --><i j=\"\">")
        #expect(removed("<style>p{a:\"b\"}</style><u v=\"w\">") == "<style>p{a:\"b\"}</style><u v=\"\">")
        #expect(removed("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\" \"x.dtd\"><p a=\"b\">") == "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\" \"x.dtd\"><p a=\"\">")
        #expect(removed("</p class=\"x\"><p a=\"b\">") == "</p class=\"x\"><p a=\"\">")
        #expect(removed("a < b <p a=\"b\">") == "a < b <p a=\"\">")
        // "<!" other than a comment or doctype is text to libxml2 (the browser's bogus comment
        // is already blanked by BrowserTextRegions).
        #expect(removed("<! [CDATA[ x=\"<p>\" ]]><p a=\"b\">") == "<! [CDATA[ x=\"<p>\" ]]><p a=\"\">")
    }

    @Test("the tokenizer followed is the one built against: libxml2 2.9")
    func libraryVersion() {
        // A later libxml2 would need AttributeValueRemoval read against its tokenizer again.
        #expect(LibXML2Library.tokenizesAsVersion2_9)
    }

    @Test("nothing to remove: the source as it is")
    func nothing() {
        #expect(removed("<p>text</p>") == nil)
        #expect(removed("<a href=u b=\"\">") == nil)
        #expect(removed("") == nil)
    }

    @Test("attack: where libxml2 recovers its own way, the source is left whole", arguments: [
        "<p a=\"b\">\0", "<?pi?><p a=\"b\">", "<!-- open <p a=\"b\">", "<!-- x --!> <p a=\"b\"> --> <i c=\"d\">", "<p\u{0C}a=\">\" b=\"<i>\">",
        "<p =x a=\"b\">", "<p \"q\" a=\"b\">", "<p a=\"open>", "<p a=\"b\"", "</3><p a=\"b\">", "<_x a=\"b\">", "<:x a=\"b\">",
        "<!DOCTYPE x \"a>b\"><p a=\"b\">", "<script></scriptx><p a=\"b\"></script>",
        "<script><noscript a=\"b\"></script><i c=\"d\">", "<style><body a=\"b\"></style><i c=\"d\">", "<p / a=\"b\">",
        "<" + String(repeating: "t", count: 100) + " a=\"b\">", "<p " + String(repeating: "n", count: 100) + "=\"b\">",
    ])
    func givesUp(_ html: String) {
        #expect(removed(html) == nil, "\(html.debugDescription)")
    }
}
