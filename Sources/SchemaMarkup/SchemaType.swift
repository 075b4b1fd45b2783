/// schema.org type and property names as mail writes them: short (`FlightReservation`) or
/// as IRIs (`http://schema.org/FlightReservation`, `https://schema.org/…/`).
public enum SchemaType {
    /// The short name: the IRI's last path segment for schema.org IRIs; anything else unchanged.
    public static func shortName(_ name: String) -> String {
        var text = name.trimmingWhitespace
        guard isSchemaOrgIRI(text) else { return text }
        if isASCII(text) {
            // In ASCII every character is one byte: the slashes are found as bytes (a search
            // by characters cost some 7,000 instructions a value, issue 21).
            let bytes = Array(text.utf8)
            var end = bytes.count
            while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        while text.hasSuffix("/") { text.removeLast() }
        if let slash = text.lastIndex(of: "/") { text = String(text[text.index(after: slash)...]) }
        return text
    }

    /// `http(s)://schema.org/…`, with or without `www.`.
    public static func isSchemaOrgIRI(_ text: String) -> Bool {
        // Only "H" lowercases to a first character "h": any other start is no IRI, and the
        // lowercased copy is not made (this runs for every key of every item).
        guard let first = text.utf8.first, first == UInt8(ascii: "h") || first == UInt8(ascii: "H") else { return false }
        if isASCII(text) {
            // ASCII lowercases byte by byte, and a prefix of ASCII text is a prefix of its bytes.
            var text = text
            return text.withUTF8 { bytes in
                prefixBytes.contains { prefix in
                    bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { ASCIIBytes.lowercased($0) == $1 }
                }
            }
        }
        let lower = text.lowercased()
        return prefixes.contains { lower.hasPrefix($0) }
    }

    private static let prefixes = ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/"]
    private static let prefixBytes = prefixes.map { Array($0.utf8) }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}
