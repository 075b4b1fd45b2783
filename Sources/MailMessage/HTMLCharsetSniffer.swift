/// Finds the charset an HTML document declares for itself in its first bytes:
/// `<meta charset="…">` or `<meta http-equiv="Content-Type" content="…; charset=…">`
/// (the HTML prescan, HTML §13.2.3.2, simplified). Used only when MIME named no charset.
enum HTMLCharsetSniffer {
    /// How far into the document to look; the HTML standard prescans 1024 bytes,
    /// mail HTML often has a long <style> first, so we look further.
    static let prescanBytes = 4096

    static func declaredCharset(in html: [UInt8]) -> String? {
        let window = Array(html.prefix(prescanBytes)).map(ASCII.lowercased)
        let text = String(decoding: window, as: UTF8.self)
        var searchStart = text.startIndex
        while let meta = text[searchStart...].firstRange(of: "<meta") {
            let tagEnd = text[meta.upperBound...].firstIndex(of: ">") ?? text.endIndex
            let tag = text[meta.upperBound..<tagEnd]
            if let range = tag.firstRange(of: "charset") {
                var rest = tag[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\t" }
                    let name = rest.prefix { !" \"';>/\t\r\n".contains($0) }
                    if !name.isEmpty { return String(name) }
                }
            }
            searchStart = tagEnd
        }
        return nil
    }
}
