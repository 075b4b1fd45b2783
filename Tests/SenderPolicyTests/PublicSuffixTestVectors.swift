import Foundation
import SenderPolicy
import Testing

/// The Public Suffix List's own tests (tests/test_psl.txt of publicsuffix/list, copied with
/// the list of the same commit; Fixtures/publicsuffix/README.md), in U-label and A-label form.
@Suite("the PSL's test vectors")
struct PublicSuffixTestVectors {
    struct Vector: CustomStringConvertible {
        let name: String?, registrable: String?
        var description: String { "checkPublicSuffix(\(name ?? "null"), \(registrable ?? "null"))" }
    }

    static func vectors() throws -> [Vector] {
        let text = try fixtureText("publicsuffix/test_psl.txt")
        let pattern = try NSRegularExpression(pattern: #"^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);"#, options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map { match in
            func argument(_ index: Int) -> String? {
                let value = String(text[Range(match.range(at: index), in: text)!])
                return value == "null" ? nil : String(value.dropFirst().dropLast())
            }
            return Vector(name: argument(1), registrable: argument(2))
        }
    }

    @Test("every vector: the registrable domain, in A-label form, or none")
    func allVectors() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count == 78) // every uncommented line of the file
        for vector in vectors {
            guard let name = vector.name else { continue } // null input: a Swift String is never null
            // The file writes the answer in the form of the question; ours is always A-labels.
            let expected = try vector.registrable.map { try DomainName($0).description }
            #expect(fixtureSuffixes.organizationalDomain(of: name) == expected, "\(vector)")
        }
    }

    @Test("Debian's list gives the same answers (the one the CLI reads by default)")
    func debianList() throws {
        let debian = try PublicSuffixList()
        for vector in try Self.vectors() {
            guard let name = vector.name else { continue }
            let expected = try vector.registrable.map { try DomainName($0).description }
            #expect(debian.organizationalDomain(of: name) == expected, "\(vector)")
        }
    }

    /// Every internationalized rule of the list is met by its own name in both forms: none was
    /// left unconverted (a rule the conversion refused would silently not be a suffix).
    @Test("every IDN rule of the list is a public suffix in U-label and A-label form")
    func everyIDNRule() throws {
        let text = try fixtureText("publicsuffix/public_suffix_list.dat")
        var count = 0
        for line in text.split(separator: "\n") {
            guard let word = line.split(separator: " ").first.map(String.init), !word.hasPrefix("//"),
                  word.unicodeScalars.contains(where: { !$0.isASCII }) else { continue }
            count += 1
            let aLabels = try DomainName(word).description // the list has no IDN wildcard or exception rule
            #expect(try fixtureSuffixes.isPublicSuffix(word), "\(word)")
            #expect(try fixtureSuffixes.isPublicSuffix(aLabels), "\(word) as \(aLabels)")
            #expect(fixtureSuffixes.organizationalDomain(of: "shop." + word) == "shop." + aLabels, "\(word)")
            #expect(fixtureSuffixes.organizationalDomain(of: "shop." + aLabels) == "shop." + aLabels, "\(word)")
        }
        #expect(count > 400)
    }
}
