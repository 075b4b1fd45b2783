/// Why a domain name has no A-label form (RFC 5891 §5, UTS #46 §4): such a name is never
/// aligned with another and never registered. The description names the domain and the label.
public struct IDNAError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        case emptyName
        /// `a..b`, a leading dot, or more than one trailing dot.
        case emptyLabel
        /// RFC 5890 §2.3.2.1: at most 63 octets per label in A-label form.
        case labelTooLong(String)
        /// RFC 1034 §3.1: at most 253 octets written without the root's dot.
        case nameTooLong(Int)
        /// An ASCII label with something other than letters, digits and hyphens (RFC 5891 §4.2.3.1 and
        /// the LDH rule of RFC 5890 §2.3.1; an underscore is not a host name).
        case notLetterDigitHyphen(String)
        /// RFC 5891 §4.2.3.1: no hyphen first or last, none in both the third and fourth position.
        case hyphenPosition(String)
        /// RFC 5891 §4.2.3.2: a label must not begin with a combining mark.
        case leadingCombiningMark(String)
        /// A code point IDNA 2008 does not permit (RFC 5892 §2, as this implementation derives it), or
        /// one outside the subset of UTS #46 mapping implemented here (see IDNA.swift).
        case disallowedCodePoint(Unicode.Scalar, label: String)
        /// RFC 5892 Appendix A: a CONTEXTJ or CONTEXTO code point whose context rule does not hold.
        case contextRule(Unicode.Scalar, label: String)
        /// RFC 5893 §2: the Bidi rule.
        case bidiRule(String)
        /// `xn--` followed by something that is not Punycode (RFC 3492 §6.2).
        case invalidPunycode(String)
        /// `xn--` whose Unicode form is not a valid U-label, or that is not its canonical A-label
        /// (RFC 5891 §5.4: converting to a U-label and back must give the same label).
        case invalidALabel(String)
    }

    public let name: String
    public let problem: Problem

    public init(name: String, problem: Problem) {
        self.name = name
        self.problem = problem
    }

    public var description: String { "'\(name)' is not a valid domain name: \(explanation)" }

    private var explanation: String {
        switch problem {
        case .emptyName: "it is empty"
        case .emptyLabel: "it has an empty label"
        case .labelTooLong(let label): "label '\(label)' is longer than 63 octets"
        case .nameTooLong(let length): "it is \(length) octets long (at most 253)"
        case .notLetterDigitHyphen(let label): "label '\(label)' holds a character other than a letter, digit or hyphen"
        case .hyphenPosition(let label): "label '\(label)' has a hyphen at its start, its end, or in the 3rd and 4th position"
        case .leadingCombiningMark(let label): "label '\(label)' begins with a combining mark"
        case .disallowedCodePoint(let scalar, let label):
            "label '\(label)' holds \(Self.codePoint(scalar)), which IDNA 2008 does not allow in a domain name"
        case .contextRule(let scalar, let label):
            "label '\(label)' holds \(Self.codePoint(scalar)) where its context rule (RFC 5892 Appendix A) does not allow it"
        case .bidiRule(let label): "label '\(label)' breaks the Bidi rule for right-to-left labels (RFC 5893)"
        case .invalidPunycode(let label): "label '\(label)' is not valid Punycode"
        case .invalidALabel(let label): "label '\(label)' is not the A-label of a valid IDNA 2008 label"
        }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
