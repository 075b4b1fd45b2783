extension StringProtocol {
    /// The text without leading and trailing tabs and space separators (Unicode Zs): what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` did, without Foundation.
    func trimmingBlanks() -> String {
        guard let first = firstIndex(where: { !$0.isBlank }), let last = lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    /// A tab or a space separator (Unicode Zs): Foundation's `CharacterSet.whitespaces`.
    var isBlank: Bool {
        self == "\t" || unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}
