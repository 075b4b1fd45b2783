import POSIXFiles

/// The Public Suffix List (publicsuffix.org): which part of a domain is a public suffix,
/// and so which is the organizational domain (RFC 7489 §3.2) two domains must share to be
/// aligned. Rules, wildcards and exceptions per the list's algorithm; the implicit `*` rule.
public struct PublicSuffixList: Sendable {
    // ASCII rules as slices of the list's own bytes: loading makes no String per rule (filter
    // loads the whole list at every start).
    private var ascii = RuleSet()
    // The rules with U-labels, converted to A-labels on the first look-up that needs them.
    private var international = InternationalRules(words: [])
    // The list in libpsl's compiled form, read in place (nothing parsed at start); when set,
    // the two above are empty.
    private var compiled: CompiledPublicSuffixes?

    /// Debian's copy, installed by the `publicsuffix` package.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"
    /// The same list compiled by libpsl's psl-make-dafsa, in the same package.
    public static let debianCompiledPath = "/usr/share/publicsuffix/public_suffix_list.dafsa"

    /// What `--psl` defaults to: Debian's compiled list when it is installed (a look-up reads
    /// only the bytes of the names asked for), else its text list.
    public static var defaultPath: String {
        FileSystem.isReadable(debianCompiledPath) ? debianCompiledPath : debianPath
    }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let path: String
        /// Why a file that could be read is not a list; nil when it could not be read.
        public let reason: String?

        public init(path: String, reason: String? = nil) {
            self.path = path
            self.reason = reason
        }

        public var description: String {
            guard let reason else { return "\(path): cannot read the Public Suffix List (install Debian's publicsuffix or pass --psl FILE)" }
            return "\(path): not a usable compiled Public Suffix List: \(reason)"
        }
    }

    /// Reads the list at `path`: libpsl's compiled form (a file that starts `.DAFSA@PSL_`),
    /// else the text form of publicsuffix.org.
    public init(path: String = PublicSuffixList.defaultPath) throws(LoadError) {
        guard let bytes = FileSystem.contents(of: path) else { throw LoadError(path: path) }
        if bytes.starts(with: CompiledPublicSuffixes.headerPrefix) {
            let table: CompiledPublicSuffixes
            do {
                table = try CompiledPublicSuffixes(bytes: bytes)
            } catch {
                throw LoadError(path: path, reason: error.description)
            }
            self.init(compiled: table)
        } else {
            self.init(bytes: bytes)
        }
    }

    private init(compiled: CompiledPublicSuffixes) { self.compiled = compiled }

    /// Parses the list's text: one rule per line, `//` comments, the first word of a line.
    public init(text: String) { self.init(bytes: Array(text.utf8)) }

    /// Over bytes: one pass, ASCII letters lowercased in place (the list itself is written in
    /// lowercase), each ASCII rule kept as a slice of the bytes. A rule with U-labels (`公司.cn`)
    /// is met in A-label form (`xn--55qx5d.cn`), converted as every domain looked up is, so
    /// either form of a name meets the rule (RFC 5891 §5; the list's own tests, test_psl.txt).
    private init(bytes: [UInt8]) {
        var bytes = bytes
        for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) { bytes[index] |= 0x20 }
        ascii.reserveCapacity(bytes.count / 24)
        var internationalWords: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            // The rule is the line's first word (up to white space).
            var wordEnd = start
            while wordEnd < end && bytes[wordEnd] != 0x20 && bytes[wordEnd] != 0x09 && bytes[wordEnd] != 0x0D { wordEnd += 1 }
            let word = bytes[start..<wordEnd]
            if !word.isEmpty && !word.starts(with: [0x2F, 0x2F]) { // "//"
                if word.contains(where: { $0 >= 0x80 }) {
                    internationalWords.append(word)
                } else {
                    ascii.insert(word) { $0 }
                }
            }
            start = end + 1
        }
        international = InternationalRules(words: internationalWords)
    }

    /// The public suffix of `domain` in A-label form (lowercase, without a trailing dot);
    /// empty when `domain` is not a valid domain name (see `DomainName`).
    public func publicSuffix(of domain: String) -> String {
        guard let name = try? DomainName(domain) else { return "" }
        return publicSuffix(of: name).description
    }

    /// The organizational domain (RFC 7489 §3.2: the public suffix plus one label) in A-label
    /// form, whichever form `domain` is written in (`shop.公司.cn`, `shop.xn--55qx5d.cn` →
    /// `shop.xn--55qx5d.cn`); nil for a public suffix itself and for a name that is not a
    /// valid domain name.
    public func organizationalDomain(of domain: String) -> String? {
        guard let name = try? DomainName(domain) else { return nil }
        return organizationalDomain(of: name)?.description
    }

    /// The publicsuffix.org algorithm over A-labels: the longest matching rule, a wildcard
    /// one label longer, an exception one label shorter, else the implicit `*` rule.
    public func publicSuffix(of name: DomainName) -> DomainName {
        let labels = name.labels
        if let compiled { return name.suffix(Self.suffixCount(labels, compiled)) }
        // A converted U-label rule has an "xn--" label, so only such a name can meet one.
        let sets = labels.contains { $0.hasPrefix("xn--") } ? [ascii, international.ruleSet] : [ascii]
        var best = 1 // the implicit "*" rule: the last label
        for count in 1...labels.count {
            let candidate = Rule(bytes: ArraySlice(labels.suffix(count).joined(separator: ".").utf8))
            if sets.contains(where: { $0.exceptions.contains(candidate) }) {
                best = count - 1
                break
            }
            if sets.contains(where: { $0.rules.contains(candidate) }) { best = max(best, count) }
            if count < labels.count, sets.contains(where: { $0.wildcards.contains(candidate) }) { best = max(best, count + 1) }
        }
        return name.suffix(best)
    }

    /// The same algorithm over the compiled list: each candidate is one walk of the graph.
    /// QUIRK: the compiled form keeps one set of flags per name, so a name that is both a
    /// plain rule and a wildcard's base (`foo.bar` and `*.foo.bar`; none in the list today,
    /// the tests check) reads as the wildcard alone; libpsl itself takes every wildcard's
    /// base for a public suffix, we keep the list's algorithm, as the text form does.
    private static func suffixCount(_ labels: [String], _ compiled: CompiledPublicSuffixes) -> Int {
        var best = 1 // the implicit "*" rule: the last label
        for count in 1...labels.count {
            guard let flags = compiled.flags(of: labels.suffix(count).joined(separator: ".").utf8) else { continue }
            if flags.contains(.exception) { return count - 1 }
            if !flags.contains(.wildcard) { best = max(best, count) }
            if count < labels.count, flags.contains(.wildcard) { best = max(best, count + 1) }
        }
        return best
    }

    /// The public suffix plus one label; nil when `name` is itself a public suffix.
    public func organizationalDomain(of name: DomainName) -> DomainName? {
        let suffixCount = publicSuffix(of: name).labels.count
        guard name.labels.count > suffixCount else { return nil }
        return name.suffix(suffixCount + 1)
    }

    /// Whether `domain` is a public suffix (a rule, a wildcard's child, or a lone label by
    /// the implicit `*` rule). Throws when it is not a valid domain name.
    public func isPublicSuffix(_ domain: String) throws(IDNAError) -> Bool {
        organizationalDomain(of: try DomainName(domain)) == nil
    }

    /// What relaxed alignment compares (RFC 7489 §3.1.1): the organizational domain in
    /// A-label form, or, for a public suffix itself, the name itself. Throws, naming the
    /// label and the rule, when `domain` cannot be converted to A-labels.
    public func alignmentDomain(of domain: String) throws(IDNAError) -> DomainName {
        let name = try DomainName(domain)
        return organizationalDomain(of: name) ?? name
    }

    /// Relaxed alignment (RFC 7489 §3.1.1) of a signing domain (`d=`) with the From domain,
    /// compared as A-labels, so `d=xn--bcher-kva.example` is aligned with `From: …@bücher.example`
    /// and `d=attacker.xn--55qx5d.cn` is not aligned with `From: …@victim.公司.cn`. A domain
    /// that is not a valid domain name is never aligned, not even with itself.
    public func isAligned(_ signingDomain: String, with authorDomain: String) -> Bool {
        guard let signer = try? alignmentDomain(of: signingDomain), let author = try? alignmentDomain(of: authorDomain) else {
            return false
        }
        return signer == author
    }
}
