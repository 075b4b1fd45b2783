/// `--profile LIST` (repeatable): which profiles a lint run checks.
extension MarkupProfile {
    /// A `--profile` value that names no profile, or names none at all.
    public struct SelectionError: Error, CustomStringConvertible, Equatable {
        public let value: String
        public var description: String {
            "--profile wants apple or gmail, not '\(value)'"
        }
    }

    /// The profiles `values` name, in first-named order, each once; a repeated option adds
    /// to the list. No value at all means both. An empty list or an unknown name is an error.
    public static func selection(_ values: [String]) throws(SelectionError) -> [MarkupProfile] {
        guard !values.isEmpty else { return allCases }
        var profiles: [MarkupProfile] = []
        for value in values {
            let words = value.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace.lowercased() }
            guard words.contains(where: { !$0.isEmpty }) else { throw SelectionError(value: "") }
            for word in words where !word.isEmpty {
                // `gmail` is the name users know; `google` was ours before it and still reads.
                guard let profile = word == "gmail" ? .google : MarkupProfile(rawValue: word) else {
                    throw SelectionError(value: word)
                }
                if !profiles.contains(profile) { profiles.append(profile) }
            }
        }
        return profiles
    }
}
