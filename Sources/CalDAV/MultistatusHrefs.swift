/// The `DAV:href` values of a WebDAV multistatus answer (RFC 4918 §14.16), in order, and
/// the text of one property in it.
///
/// A scan, not an XML parser: a multistatus is machine-written, the href element carries
/// no attributes we need, and its text is a URL (no markup in it). Any namespace prefix
/// (`<D:href>`, `<href>`) is accepted; entities `&amp;` etc. are decoded.
enum MultistatusHrefs {
    static func hrefs(in xml: String) -> [String] {
        var found: [String] = []
        var rest = Substring(xml)
        while let open = rest.firstRange(ofTag: true) {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(ofTag: false) else { break }
            found.append(decodeEntities(String(afterOpen[..<close.lowerBound]).trimmed))
            rest = afterOpen[close.upperBound...]
        }
        return found
    }

    /// The text of the first non-empty element with local name `name` (any prefix), decoded.
    static func text(ofElement name: String, in xml: String) -> String? {
        var rest = Substring(xml)
        while let found = rest.firstRange(of: name) {
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : " "
            let after = rest[found.upperBound...]
            rest = after
            guard before == "<" || before == ":", after.first == ">" else { continue }
            let content = after.dropFirst()
            guard let end = content.firstRange(of: "</") else { return nil }
            return decodeEntities(String(content[..<end.lowerBound]))
        }
        return nil
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&#13;", with: "\r").replacing("&#xD;", with: "\r").replacing("&#10;", with: "\n").replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
    }
}

private extension Substring {
    /// The range of the next `<href>`/`<X:href>` (or `</href>`, `</X:href>` when not `opening`).
    func firstRange(ofTag opening: Bool) -> Range<Index>? {
        var index = startIndex
        while let less = self[index...].firstIndex(of: "<") {
            var cursor = self.index(after: less)
            if !opening {
                guard cursor < endIndex, self[cursor] == "/" else { index = cursor; continue }
                cursor = self.index(after: cursor)
            }
            guard let greater = self[cursor...].firstIndex(of: ">") else { return nil }
            let name = self[cursor..<greater]
            let local = name.split(separator: ":").last.map(String.init) ?? ""
            if local == "href" && !name.contains(" ") && !name.hasPrefix("/") {
                return less..<self.index(after: greater)
            }
            index = self.index(after: less)
        }
        return nil
    }
}

private extension String {
    var trimmed: String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
