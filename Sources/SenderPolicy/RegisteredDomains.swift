import Foundation

/// The registered-domains file of DESIGN.md: one domain per line, `#` comments. A domain
/// covers its subdomains.
public struct RegisteredDomains: Sendable {
    public let domains: Set<String>

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let reason: String
        public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
    }

    public init(path: String) throws(LoadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, line: nil, reason: "cannot read the registered-domains file")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), path: path)
    }

    public init(text: String, path: String = "<registered>") throws(LoadError) {
        var domains = Set<String>()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var entry = Substring(line)
            if let hash = entry.firstIndex(of: "#") { entry = entry[..<hash] }
            let domain = entry.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard !domain.isEmpty else { continue }
            guard !domain.contains(where: { $0 == " " || $0 == "\t" || $0 == "@" || $0 == "/" }), domain.contains(".") else {
                throw LoadError(path: path, line: index + 1, reason: "'\(domain)' is not a domain name")
            }
            domains.insert(domain.hasSuffix(".") ? String(domain.dropLast()) : domain)
        }
        self.domains = domains
    }

    /// Whether `domain` is a registered domain or one of their subdomains.
    public func covers(_ domain: String) -> Bool {
        var name = domain.lowercased()
        while true {
            if domains.contains(name) { return true }
            guard let dot = name.firstIndex(of: ".") else { return false }
            name = String(name[name.index(after: dot)...])
        }
    }
}
