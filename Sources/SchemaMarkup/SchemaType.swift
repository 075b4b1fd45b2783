/// schema.org type and property names as mail writes them: short (`FlightReservation`) or
/// as IRIs (`http://schema.org/FlightReservation`, `https://schema.org/…/`).
public enum SchemaType {
    /// The short name: the IRI's last path segment for schema.org IRIs; anything else unchanged.
    public static func shortName(_ name: String) -> String {
        var text = name.trimmingWhitespace
        guard isSchemaOrgIRI(text) else { return text }
        while text.hasSuffix("/") { text.removeLast() }
        if let slash = text.lastIndex(of: "/") { text = String(text[text.index(after: slash)...]) }
        return text
    }

    /// `http(s)://schema.org/…`, with or without `www.`.
    public static func isSchemaOrgIRI(_ text: String) -> Bool {
        // Only "H" lowercases to a first character "h": any other start is no IRI, and the
        // lowercased copy is not made (this runs for every key of every item).
        guard let first = text.utf8.first, first == UInt8(ascii: "h") || first == UInt8(ascii: "H") else { return false }
        let lower = text.lowercased()
        return ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/"]
            .contains { lower.hasPrefix($0) }
    }
}
