import Foundation

/// The Public Suffix List (publicsuffix.org): which part of a domain is a public suffix,
/// and so which is the organizational domain (RFC 7489 §3.2) two domains must share to be
/// aligned. Rules, wildcards and exceptions per the list's algorithm; the implicit `*` rule.
public struct PublicSuffixList: Sendable {
    // Rules as slices of the list's own bytes: loading makes no String per rule (filter
    // loads the whole list at every start).
    private var rules: Set<Rule> = []
    private var wildcards: Set<Rule> = []   // "*.ck" stored as "ck"
    private var exceptions: Set<Rule> = []  // "!www.ck" stored as "www.ck"

    /// A rule's bytes, hashed in one call (an ArraySlice hashes byte by byte).
    private struct Rule: Hashable, Sendable {
        let bytes: ArraySlice<UInt8>
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        static func == (left: Rule, right: Rule) -> Bool { left.bytes.elementsEqual(right.bytes) }
    }

    /// Debian's copy, installed by the `publicsuffix` package.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path): cannot read the Public Suffix List (install Debian's publicsuffix or pass --psl FILE)" }
    }

    public init(path: String = PublicSuffixList.debianPath) throws(LoadError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw LoadError(path: path) }
        self.init(bytes: Array(data))
    }

    /// Parses the list's text: one rule per line, `//` comments, the first word of a line.
    public init(text: String) { self.init(bytes: Array(text.utf8)) }

    /// Over bytes: one pass, ASCII letters lowercased in place (the list itself is written in
    /// lowercase), each rule kept as a slice of the bytes.
    private init(bytes: [UInt8]) {
        var bytes = bytes
        for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) { bytes[index] |= 0x20 }
        rules.reserveCapacity(bytes.count / 24)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            // The rule is the line's first word (up to white space).
            var wordEnd = start
            while wordEnd < end && bytes[wordEnd] != 0x20 && bytes[wordEnd] != 0x09 && bytes[wordEnd] != 0x0D { wordEnd += 1 }
            let word = bytes[start..<wordEnd]
            if !word.isEmpty && !word.starts(with: [0x2F, 0x2F]) { // "//"
                if word.first == 0x21 { // "!"
                    exceptions.insert(Rule(bytes: word.dropFirst()))
                } else if word.starts(with: [0x2A, 0x2E]) { // "*."
                    wildcards.insert(Rule(bytes: word.dropFirst(2)))
                } else {
                    rules.insert(Rule(bytes: word))
                }
            }
            start = end + 1
        }
    }

    /// The public suffix of `domain` (lowercased, without a trailing dot).
    public func publicSuffix(of domain: String) -> String {
        let labels = Self.labels(domain)
        guard !labels.isEmpty else { return "" }
        var best = 1 // the implicit "*" rule: the last label
        for count in 1...labels.count {
            let candidate = Rule(bytes: ArraySlice(labels.suffix(count).joined(separator: ".").utf8))
            if exceptions.contains(candidate) {
                best = count - 1
                break
            }
            if rules.contains(candidate) { best = max(best, count) }
            if count < labels.count, wildcards.contains(candidate) { best = max(best, count + 1) }
        }
        return labels.suffix(best).joined(separator: ".")
    }

    /// The organizational domain: the public suffix plus one label; nil for a suffix itself.
    public func organizationalDomain(of domain: String) -> String? {
        let labels = Self.labels(domain)
        let suffixCount = publicSuffix(of: domain).split(separator: ".").count
        guard labels.count > suffixCount else { return nil }
        return labels.suffix(suffixCount + 1).joined(separator: ".")
    }

    private static func labels(_ domain: String) -> [String] {
        var name = domain.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
