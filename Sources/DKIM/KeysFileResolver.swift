import Foundation

/// The keys file of DESIGN.md: one record per line, `selector._domainkey.domain`, whitespace,
/// the TXT text. `#` starts a comment. An absent name is answered as NXDOMAIN would be.
public struct KeysFileResolver: DKIMKeyResolver {
    public let path: String
    private let table: StaticKeyResolver

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let reason: String
        public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
    }

    public init(path: String) throws(LoadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, line: nil, reason: "cannot read the keys file")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), path: path)
    }

    public init(text: String, path: String = "<keys>") throws(LoadError) {
        self.path = path
        var records: [String: [String]] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw LoadError(path: path, line: index + 1, reason: "expected 'selector._domainkey.domain TXT-TEXT'")
            }
            let name = trimmed[..<space].lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            guard name.contains("._domainkey.") else {
                throw LoadError(path: path, line: index + 1, reason: "'\(name)' is not a selector._domainkey.domain name")
            }
            var value = trimmed[space...].trimmingCharacters(in: .whitespaces)
            // Accept a zone-file style quoted TXT ("v=DKIM1; " "p=…") as well as bare text.
            if value.hasPrefix("\"") {
                value = value.split(separator: "\"", omittingEmptySubsequences: true)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined()
            }
            records[name, default: []].append(value)
        }
        table = StaticKeyResolver(records: records)
    }

    public func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
        table.lookUpKey(selector: selector, domain: domain)
    }
}
