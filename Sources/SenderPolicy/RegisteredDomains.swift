import POSIXFiles

/// The registered-domains file of DESIGN.md: one domain per line, `#` comments. A domain
/// covers its subdomains. Entries and the names checked against them are compared as
/// A-labels (`bücher.example` and `xn--bcher-kva.example` are one entry), LF or CRLF line
/// ends, one trailing dot (the root) dropped; a whole public suffix (`com.`, `co.uk`,
/// `公司.cn`, a lone label) is refused: it would register every sender under it.
public struct RegisteredDomains: Sendable {
    /// The entries, each in A-label form.
    public let domains: Set<String>

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let reason: String
        public var description: String { line.map { "\(path):\($0): \(reason)" } ?? "\(path): \(reason)" }
    }

    /// Reads the file at `path`; with `publicSuffixes`, an entry that is a public suffix by
    /// that list is refused (without, only lone labels, by the list's implicit `*` rule).
    public init(path: String, publicSuffixes: PublicSuffixList? = nil) throws(LoadError) {
        let data: [UInt8]
        do {
            data = try FileSystem.wholeContents(of: path)
        } catch {
            throw LoadError(path: path, line: nil, reason: "cannot read the registered-domains file: \(error.reason)")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), path: path, publicSuffixes: publicSuffixes)
    }

    public init(text: String, path: String = "<registered>", publicSuffixes: PublicSuffixList? = nil) throws(LoadError) {
        var domains = Set<String>()
        // Lines by scalars: in a Swift String "\r\n" is one Character, never equal to "\n".
        // A byte order mark (Windows editors write one) is not part of the first entry.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        for (index, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var entry = Substring(line)
            if let hash = entry.firstIndex(of: "#") { entry = entry[..<hash] }
            // Trimmed by indices: a String made of reversed(reversed()) goes through unspecialised
            // generic code and metadata look-ups, about 0.1 ms a line at every filter start.
            let leading = entry.drop(while: \.isWhitespace)
            let end = leading.lastIndex(where: { !$0.isWhitespace }).map(leading.index(after:)) ?? leading.startIndex
            let written = String(leading[..<end])
            guard !written.isEmpty else { continue }
            let fail = { (reason: String) in LoadError(path: path, line: index + 1, reason: reason) }
            guard !written.contains(where: { $0 == " " || $0 == "\t" || $0 == "@" || $0 == "/" }) else {
                throw fail("'\(written)' is not a domain name")
            }
            let name: DomainName
            do { name = try DomainName(written) } catch { throw fail(error.description) }
            let isSuffix = publicSuffixes.map { $0.organizationalDomain(of: name) == nil } ?? (name.labels.count < 2)
            guard !isSuffix else {
                throw fail("'\(written)' is a public suffix, not a registered domain: it would trust every sender under it")
            }
            domains.insert(name.description)
        }
        self.domains = domains
    }

    /// Whether `domain` (either form) is a registered domain or one of their subdomains;
    /// never for a name that is not a valid domain name.
    public func covers(_ domain: String) -> Bool {
        guard let name = try? DomainName(domain) else { return false }
        for count in 1...name.labels.count where domains.contains(name.suffix(count).description) { return true }
        return false
    }
}
