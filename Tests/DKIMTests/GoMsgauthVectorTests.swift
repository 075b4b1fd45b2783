import Foundation
import Testing
@testable import DKIM
import Findings
import MailMessage

/// go-msgauth's `dkim` test vectors (Fixtures/peers/go-msgauth: src/*.go copied, extract.py
/// turns their constants into messages/*.eml, keys.keys and canonical.json).
@Suite("peers: go-msgauth dkim test vectors")
struct GoMsgauthVectorTests {
    /// What the Go tests assert about each message, signature by signature ("pass" for a
    /// Verification with Err == nil); nil where the Go test asserts nothing about a signature.
    /// Transcribed from src/verify_test.go (TestVerify*, TestVerify_tooManySignatures) and
    /// src/sign_test.go, src/sign_ed25519_test.go (TestSign*, whose output TestSignAndVerify* verifies).
    static let expectations: [(file: String, verdicts: [String?], identity: String?, maxSignatures: Int)] = [
        ("unsignedMailString", [], nil, 5),
        ("verifiedMailString", ["pass"], "joe@football.example.com", 5),
        ("verifiedRawRSAMailString", ["pass"], "joe@football.example.com", 5),
        // TestVerify_ed25519 checks the first of the two Verifications only.
        ("verifiedEd25519MailString", ["pass", nil], "@football.example.com", 5),
        // VerifyOptions{MaxVerifications: 2}: two Verifications, then ErrTooManySignatures.
        ("tooManySignaturesMailString", ["pass", "pass", "too-many"], "joe@football.example.com", 2),
        ("signedMailString", ["pass"], "@example.org", 5),
        ("signedEd25519MailString", ["pass"], "@football.example.com", 5),
    ]

    static func goWord(_ result: DKIMResult) -> String {
        if result.limitCode == .tooManySignatures { return "too-many" }
        return result.outcome == .pass ? "pass" : result.outcome.rawValue
    }

    static func cases() throws -> [PeerCase] {
        let resolver = try KeysFileResolver(text: try peerFixtureText("go-msgauth/keys.keys"))
        var cases: [PeerCase] = []
        for expectation in expectations {
            // dkim_test.go pins the clock at 424242; no vector has x=.
            let verifier = DKIMVerifier(resolver: resolver, now: 424_242,
                                        limits: DKIMLimits(maxSignatures: expectation.maxSignatures))
            let results = verifier.verify(MailMessage(bytes: try peerFixtureData("go-msgauth/messages/\(expectation.file).eml")))
            cases.append(PeerCase(name: "go-msgauth/" + expectation.file,
                                  expected: expectation.verdicts.map { $0 ?? "-" }.joined(separator: ","),
                                  ours: results.indices.map { index in
                                      index < expectation.verdicts.count && expectation.verdicts[index] == nil
                                          ? "-" : goWord(results[index])
                                  }.joined(separator: ","),
                                  results: results))
        }
        return cases
    }

    @Test("every verdict agrees with the Go tests (no documented differences)")
    func verdicts() throws {
        let figures = PeerFigures.tally(try Self.cases(), known: [:])
        #expect(figures.defects.isEmpty, "\(figures.defects.map(\.description).joined(separator: "\n"))")
        #expect(figures.messages == 7)
        print("peers go-msgauth: \(figures)")
    }

    @Test("the identities the Go tests expect (Verification.Identifier)")
    func identities() throws {
        let cases = try Self.cases()
        for (peerCase, expectation) in zip(cases, Self.expectations) where expectation.identity != nil {
            #expect(peerCase.results.first?.identity == expectation.identity, "\(peerCase.name)")
        }
    }

    struct CanonicalRow: Decodable {
        let chunks: [String]
        let canonical: String
    }

    static func canonicalTables() throws -> [String: [CanonicalRow]] {
        try JSONDecoder().decode([String: [CanonicalRow]].self, from: Data(try peerFixtureData("go-msgauth/canonical.json")))
    }

    @Test("canonical_test.go's body tables, fed chunk by chunk as the Go test writes them")
    func bodyTables() throws {
        let tables = try Self.canonicalTables()
        for (table, mode) in [("simpleCanonicalizerBodyTests", Canonicalization.simple),
                              ("relaxedCanonicalizerBodyTests", .relaxed)] {
            let rows = try #require(tables[table])
            #expect(rows.count == 10)
            for row in rows {
                var canonicalizer = BodyCanonicalizer(mode: mode)
                for chunk in row.chunks { canonicalizer.update(Array(chunk.utf8)) }
                canonicalizer.finish()
                let output = canonicalizer.drain()
                #expect(String(decoding: output, as: UTF8.self) == row.canonical, "\(table): \(row.chunks)")
            }
        }
    }

    @Test("canonical_test.go's relaxed header table")
    func headerTable() throws {
        let rows = try #require(try Self.canonicalTables()["relaxedCanonicalizerHeaderTests"])
        #expect(rows.count == 4)
        for row in rows {
            let output = HeaderCanonicalization.canonicalize(Array(row.chunks.joined().utf8), .relaxed)
            #expect(String(decoding: output, as: UTF8.self) == row.canonical, "\(row.chunks)")
        }
    }
}
