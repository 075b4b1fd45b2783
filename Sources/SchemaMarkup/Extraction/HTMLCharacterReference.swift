/// Decodes the HTML character references that templates leave inside JSON-LD strings
/// (`"name": "Musée d&#39;Orsay"`, `"url": "https://example.com/?a=1&amp;b=2"`): a script's
/// text is raw text to the HTML parser (HTML §13.1.2.1), so a reference there is never
/// decoded by the browser, and the value would reach the calendar with `&#39;` in it.
///
/// QUIRK: which references: decimal and hexadecimal ones (`&#39;`, `&#x27;`), the XML five
/// (`amp lt gt quot apos`), the HTML 4 Latin-1 names (`nbsp` through `yuml`, U+00A0–U+00FF)
/// and the typographic ones mail templates write (`ndash mdash lsquo rsquo ldquo rdquo
/// hellip euro`) — not HTML5's full set of 2,231 names. A reference must end with `;`; a
/// number that is no Unicode scalar (0, a surrogate, past U+10FFFF) or a name not listed
/// stays as written, so "AT&T" and "?a=1&b=2" are untouched. One pass: `&amp;amp;` becomes
/// `&amp;`, as a browser decodes an attribute once.
enum HTMLCharacterReference {
    /// The text with its references decoded, or nil when it has none.
    static func decoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return nil }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var changed = false
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (scalar, length) = reference(in: scalars, at: index) {
                result.append(scalar)
                index += length
                changed = true
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return changed ? String(result) : nil
    }

    /// The scalar of a reference starting at `start` (the `&`) and the reference's length with its `;`.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        let longest = 10 // "&#x10FFFF;", "&hellip;"
        guard let end = (start + 1..<min(scalars.count, start + longest + 1)).first(where: { scalars[$0] == ";" }),
              end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = digits.allSatisfy(\.isASCII) ? UInt32(digits, radix: 10) : nil
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }
        guard let value = named[body], let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    private static let latin1Names = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not", "shy",
        "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1", "ordm", "raquo",
        "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
        "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
        "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
        "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml",
        "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
        "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    /// Name → code point (HTML 4.01 §24.2 for Latin-1, §24.4 for the rest).
    static let named: [String: UInt32] = {
        var table: [String: UInt32] = [
            "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
            "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019, "ldquo": 0x201C, "rdquo": 0x201D,
            "hellip": 0x2026, "euro": 0x20AC,
        ]
        for (offset, name) in latin1Names.enumerated() { table[name] = 0xA0 + UInt32(offset) }
        return table
    }()
}
