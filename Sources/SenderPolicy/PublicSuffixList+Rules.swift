import Synchronization

/// A rule's bytes, hashed in one call (an ArraySlice hashes byte by byte).
struct Rule: Hashable, Sendable {
    let bytes: ArraySlice<UInt8>
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (left: Rule, right: Rule) -> Bool { left.bytes.elementsEqual(right.bytes) }
}

/// The list's three kinds of rule.
struct RuleSet: Sendable {
    var rules: Set<Rule> = []
    var wildcards: Set<Rule> = []   // "*.ck" stored as "ck"
    var exceptions: Set<Rule> = []  // "!www.ck" stored as "www.ck"

    mutating func reserveCapacity(_ count: Int) { rules.reserveCapacity(count) }

    /// Files `word` (a line's first word) by its kind, the name part turned into a rule by `rule`.
    mutating func insert(_ word: ArraySlice<UInt8>, rule: (ArraySlice<UInt8>) -> ArraySlice<UInt8>) {
        if word.first == 0x21 { // "!"
            exceptions.insert(Rule(bytes: rule(word.dropFirst())))
        } else if word.starts(with: [0x2A, 0x2E]) { // "*."
            wildcards.insert(Rule(bytes: rule(word.dropFirst(2))))
        } else {
            rules.insert(Rule(bytes: rule(word)))
        }
    }
}

/// The rules written with U-labels (about 450 of Debian's list), converted to A-labels once,
/// on the first look-up of a name with an `xn--` label: converting them costs a few
/// milliseconds that a `filter` run over ASCII-only mail never needs to spend. Shared by the
/// copies of one list and by scan's workers without a lock (an atomic once-only reference:
/// two workers may both convert, one result is kept); what it holds never changes once made.
final class InternationalRules: Sendable {
    private final class Converted: Sendable {
        let rules: RuleSet
        init(_ rules: RuleSet) { self.rules = rules }
    }

    private let words: [ArraySlice<UInt8>]
    private let converted = AtomicLazyReference<Converted>()

    init(words: [ArraySlice<UInt8>]) { self.words = words }

    var ruleSet: RuleSet {
        if let converted = converted.load() { return converted.rules }
        var rules = RuleSet()
        for word in words { rules.insert(word, rule: Self.aLabels) }
        return converted.storeIfNil(Converted(rules)).rules
    }

    /// QUIRK: a rule that is not a valid IDNA 2008 name (none in the list today) is kept as
    /// written; no converted name meets it.
    private static func aLabels(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let domain = try? DomainName(String(decoding: name, as: UTF8.self)) else { return name }
        return ArraySlice(domain.description.utf8)
    }
}
