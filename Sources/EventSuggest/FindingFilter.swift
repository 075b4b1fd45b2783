import Findings

/// `lint --disable CODE`: the findings a team has decided not to see. Codes are checked
/// against the catalogue, so a typo in a CI script is a usage error, not a rule silently on.
public struct FindingFilter: Sendable {
    /// A `--disable` value that names no code.
    public struct UnknownCode: Error, CustomStringConvertible, Equatable {
        public let id: String
        public var description: String {
            "--disable: '\(id)' is no finding code (see 'eventsuggest help codes')"
        }
    }

    public let disabled: Set<FindingCode>

    /// `values` as given (repeated options, each possibly a comma-separated list: `a, b`).
    public init(disabling values: [String]) throws(UnknownCode) {
        var disabled: Set<FindingCode> = []
        for value in values {
            for word in value.split(separator: ",") {
                let id = String(word.drop(while: Self.isBlank).reversed().drop(while: Self.isBlank).reversed())
                guard !id.isEmpty else { continue }
                guard let code = FindingCatalogue.code(id) else { throw UnknownCode(id: id) }
                disabled.insert(code)
            }
        }
        self.disabled = disabled
    }

    /// The findings whose code is not disabled, in their order.
    public func apply(_ findings: [Finding]) -> [Finding] {
        guard !disabled.isEmpty else { return findings }
        let ids = Set(disabled.map(\.id))
        return findings.filter { !ids.contains($0.code) }
    }

    /// Foundation's `.whitespaces`: tab and the space separators (Unicode Zs).
    private static func isBlank(_ character: Character) -> Bool {
        character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
}
