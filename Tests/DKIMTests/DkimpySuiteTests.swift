import Foundation
import Testing
@testable import DKIM
import MailMessage

/// dkimpy's own tests (test_dkim.py, test_dkim_ed25519.py of Debian's python3-dkim 1.1.4),
/// replayed as data by Fixtures/peers/dkimpy/make-cases.py: every message those tests verify,
/// the DNS answers their `dnsfunc` gives, and the boolean each test asserts.
@Suite("peers: dkimpy's tests as data")
struct DkimpySuiteTests {
    struct Row {
        let name: String
        let keys: String
        let expected: String
        let dkimpyNow: String
        let comment: String
    }

    static func rows() throws -> [Row] {
        try peerFixtureText("dkimpy/cases.tsv").split(whereSeparator: \.isNewline).map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 5 else { throw FixtureMissing(name: "dkimpy/cases.tsv: \(line)") }
            return Row(name: columns[0], keys: columns[1], expected: columns[2], dkimpyNow: columns[3], comment: columns[4])
        }
    }

    /// Every case where we differ from the dkimpy test's assertion, and why.
    static let differences: [String: KnownDifference] = {
        var table: [String: KnownDifference] = [:]
        // test_dkim_signature_canonicalization verifies a 512-bit RSA key with dkimpy's
        // minkey=512 argument; RFC 8301 §3.2 (and dkimpy's default minkey=1024) refuse it.
        for mode in ["relaxed", "simple"] {
            for variant in ["refolded", "tab"] {
                table["dkimpy/rsa-signature-canonicalization-\(mode)-\(variant)"] = KnownDifference(
                    ours: "policy", basis: .peerLocalOption,
                    note: "dkimpy minkey=512 (a caller's option); RFC 8301 §3.2 keeps 512-bit RSA from passing")
            }
        }
        return table
    }()

    /// dkimpy's verify() judges the first signature only, and says True or False.
    static func dkimpyWord(_ results: [DKIMResult]) -> String {
        switch results.first?.outcome {
        case .pass: "pass"
        case .policy: "policy"
        default: "fail"
        }
    }

    static func cases() throws -> [PeerCase] {
        var resolvers: [String: KeysFileResolver] = [:]
        return try rows().map { row in
            let resolver = try resolvers[row.keys] ?? KeysFileResolver(text: try peerFixtureText("dkimpy/keys/" + row.keys))
            resolvers[row.keys] = resolver
            // dkimpy signs with the time of make-cases.py's run; no case has x=.
            let results = DKIMVerifier(resolver: resolver, now: 4_000_000_000)
                .verify(MailMessage(bytes: try peerFixtureData("dkimpy/cases/\(row.name).eml")))
            return PeerCase(name: "dkimpy/" + row.name, expected: row.expected, ours: dkimpyWord(results), results: results)
        }
    }

    @Test("the data is dkimpy's: dkimpy itself agreed with every assertion when the cases were made")
    func dataIsFaithful() throws {
        let rows = try Self.rows()
        #expect(rows.count == 90)
        #expect(rows.allSatisfy { $0.expected == $0.dkimpyNow })
        #expect(Set(rows.map(\.expected)) == ["pass", "fail"])
    }

    @Test("every verdict agrees with dkimpy's tests or is in the table of documented differences")
    func verdicts() throws {
        let figures = PeerFigures.tally(try Self.cases(), known: Self.differences)
        #expect(figures.defects.isEmpty, "\(figures.defects.map(\.description).joined(separator: "\n"))")
        #expect(figures.staleTableEntries.isEmpty, "\(figures.staleTableEntries.joined(separator: "\n"))")
        print("peers dkimpy: \(figures)")
    }

    @Test("what dkimpy's False means, in our words: the reason behind each refusal")
    func reasons() throws {
        let byName = Dictionary(uniqueKeysWithValues: try Self.cases().map { ($0.name, $0) })
        func first(_ name: String) throws -> DKIMResult { try #require(byName["dkimpy/" + name]?.results.first) }
        #expect(try first("invalid-domain-verify").reason?.contains("d=legitimate.com(.attacker.com is not a domain name") == true)
        #expect(try first("bad-version-rr").reason?.contains("not DKIM1") == true)
        #expect(try first("unknown-k-rr").reason?.contains("k=ed25519-sha256 is not supported") == true)
        #expect(try first("altered-body-rr").reason?.hasPrefix("body hash mismatch") == true)
        #expect(try first("multiple-from-before-rr").reason?.contains("2 From fields") == true)
        #expect(try first("catch-bad-key").outcome == .permerror)
        #expect(try first("l-verify-rr").unsignedBodyBytes > 0)
    }
}
