/// How a place name becomes a table key — the same steps as `key()` in
/// tools/zone-tables/generate.py: lowercase, hyphens, dashes and underscores as spaces,
/// runs of white space as one space, trimmed. Accents are kept: the tables hold every
/// name both as its source spells it and with accents dropped, so "Québec" and "Quebec"
/// both match without Unicode normalization here.
enum PlaceName {
    static func key(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text.lowercased() {
            if character.isWhitespace || Self.spaceLike.contains(character) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    private static let spaceLike: Set<Character> = ["-", "_", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}"]
}
