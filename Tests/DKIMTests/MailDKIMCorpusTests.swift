import Foundation
import Testing
@testable import DKIM
import MailMessage

/// Mail::DKIM's `t/corpus`, judged by the verdicts its own `t/verifier.t` expects, with the key
/// records of its `t/FAKE_DNS.dat` (Fixtures/peers/mail-dkim/README.md names the version).
@Suite("peers: Mail::DKIM t/corpus with t/verifier.t's verdicts")
struct MailDKIMCorpusTests {
    /// The clock: after every t= in the corpus (2005–2023) and after ignore_7's x=1193229946.
    static let now: Int64 = 1_700_000_000

    /// Every case where we differ from verifier.t, and why. The test fails when a case differs
    /// and is not here, and when an entry here no longer differs the way it says.
    static let differences: [String: KnownDifference] = {
        var table: [String: KnownDifference] = [:]
        func add(_ file: String, _ ours: String, _ basis: DifferenceBasis, _ note: String) {
            table["mail-dkim/" + file] = KnownDifference(ours: ours, basis: basis, note: note)
        }
        // DomainKeys (RFC 4870): DomainKey-Signature only, so unsigned ("none") to a DKIM verifier.
        for file in ["good_dk_gmail.txt", "good_dk_yahoo.txt", "good_dk_1.txt", "good_dk_2.txt", "good_dk_3.txt",
                     "good_dk_4.txt", "good_dk_5.txt", "good_dk_6.txt", "good_dk_7.txt", "dk_headers_1.txt",
                     "dk_headers_2.txt", "dk_multiple_1.txt", "dk_multiple_1.txt#sig0", "dk_multiple_1.txt#sig1",
                     "bad_dk_1.txt", "bad_dk_2.txt", "bad_dk_4.txt", "bad_dk_5.txt"] {
            add(file, "none", .domainKeys, "DomainKey-Signature is not read")
        }
        // Drafts of DKIM before RFC 4871: no v= tag (draft-ietf-dkim-base-01 … -05).
        for file in ["mine_ietf01_1.txt", "mine_ietf01_2.txt", "mine_ietf01_3.txt", "mine_ietf01_4.txt",
                     "mine_ietf05_1.txt", "good_ietf01_1.txt", "good_ietf01_2.txt", "multiple_1.txt"] {
            add(file, "invalid", .preRFCDraft, "signature lacks the required tag v=")
        }
        for file in ["no_body_1.txt", "no_body_2.txt", "no_body_3.txt"] {
            add(file, "invalid", .preRFCDraft, "v=0.5 (draft-ietf-dkim-base-05), not 1")
        }
        // bad_ietf01_*: drafts too, so "invalid" before the altered body or header is even looked at.
        for file in ["bad_ietf01_1.txt", "bad_ietf01_2.txt", "bad_ietf01_3.txt", "bad_1.txt"] {
            add(file, "invalid", .preRFCDraft, "no v=: Mail::DKIM says fail (altered), we never evaluate it")
        }
        // RFC 4871 g= in the key: Mail::DKIM enforces it, RFC 6376 ignores it; those signatures
        // are rsa-sha1 with 512-bit keys, so they verify and are policy (RFC 8301).
        for file in ["badkey_8.txt", "badkey_9.txt", "badkey_12.txt", "badkey_13.txt"] {
            add(file, "policy", .granularity, "key g= does not match i=; ignored since RFC 6376; then rsa-sha1/512 bits")
        }
        // Verified signatures that RFC 8301 keeps from passing: rsa-sha1 and/or keys under 1024 bits.
        for file in ["good_rfc4871_3.txt", "good_rfc4871_4.txt", "good_83176.txt", "multiple_2.txt",
                     "good_qp_1.txt", "good_qp_2.txt", "good_qp_3.txt", "good_1878523.txt", "goodkey_1.txt", "goodkey_2.txt", "goodkey_3.txt", "goodkey_4.txt"] {
            add(file, "policy", .rfc8301Policy, "valid signature, rsa-sha1 and/or a 512-bit key")
        }
        // bad_1878954 has no From at all: RFC 8601 §2.7.1 makes that permerror (issue 16), Mail::DKIM says fail.
        add("bad_1878954.txt", "invalid", .noFrom, "the message has no From field")
        add("multiple_2.txt#sig1", "policy", .rfc8301Policy, "the second signature: valid, rsa-sha1 / 512 bits")
        return table
    }()

    /// FAKE_DNS.dat: `name TXT-text`, `name NXDOMAIN`, or `name ~~error~~` for a DNS failure.
    struct FakeDNS: DKIMKeyResolver {
        let table: [String: KeyLookupResult]

        init(_ text: String) {
            var table: [String: KeyLookupResult] = [:]
            for line in text.split(whereSeparator: \.isNewline) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix(";") else { continue }
                guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else { continue }
                let name = String(trimmed[..<space]).lowercased()
                let value = String(trimmed[space...].drop { $0 == " " || $0 == "\t" })
                if value == "NXDOMAIN" {
                    table[name] = .notFound("NXDOMAIN")
                } else if value.hasPrefix("~~") && value.hasSuffix("~~") && value.count >= 4 {
                    table[name] = .temporaryFailure(String(value.dropFirst(2).dropLast(2)))
                } else {
                    table[name] = .records([value])
                }
            }
            self.table = table
        }

        func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
            // verifier.t dies on a name FAKE_DNS.dat lacks; an absent name is NXDOMAIN here.
            table["\(selector)._domainkey.\(domain)".lowercased()] ?? .notFound("not in FAKE_DNS.dat")
        }
    }

    /// What verifier.t asks: `test_email("file", "verdict")`, `SKIP:` blocks, and the
    /// per-signature checks `$sigs[N]->result eq "verdict"` after a file.
    struct Expectation {
        let file: String
        let verdict: String
        let skipped: Bool
        var signatureVerdicts: [(index: Int, verdict: String)] = []
    }

    static func expectations(_ script: String) -> [Expectation] {
        var expectations: [Expectation] = []
        var inSkip = false
        var depth = 0
        for rawLine in script.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("SKIP:") { inSkip = true; depth = 0; continue }
            if inSkip {
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                if line.hasPrefix("}") && depth <= 0 { inSkip = false; continue }
            }
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            if line.hasPrefix("test_email("), quoted.count >= 5 {
                expectations.append(Expectation(file: String(quoted[1]), verdict: String(quoted[3]), skipped: inSkip))
            } else if line.contains("sigs["), line.contains("->result eq"), quoted.count >= 3,
                      let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"),
                      let index = Int(line[line.index(after: open)..<close]), !expectations.isEmpty {
                expectations[expectations.count - 1].signatureVerdicts.append((index, String(quoted[1])))
            }
        }
        return expectations
    }

    static func cases() throws -> [PeerCase] {
        let resolver = FakeDNS(try peerFixtureText("mail-dkim/FAKE_DNS.dat"))
        let verifier = DKIMVerifier(resolver: resolver, now: now)
        var cases: [PeerCase] = []
        for expectation in expectations(try peerFixtureText("mail-dkim/verifier.t")) {
            let results = verifier.verify(MailMessage(bytes: try peerFixtureData("mail-dkim/corpus/" + expectation.file)))
            var peerCase = PeerCase(name: "mail-dkim/" + expectation.file, expected: expectation.verdict,
                                    ours: mailDKIMWord(results), results: results)
            peerCase.skippedBySuite = expectation.skipped
            cases.append(peerCase)
            for (index, verdict) in expectation.signatureVerdicts {
                let one = index < results.count ? [results[index]] : []
                cases.append(PeerCase(name: "mail-dkim/\(expectation.file)#sig\(index)", expected: verdict,
                                      ours: one.isEmpty ? "none" : mailDKIMWord(one[0]), results: one))
            }
        }
        return cases
    }

    @Test("verifier.t is read whole: 79 messages, 6 skipped by the suite, 5 per-signature checks")
    func expectationsRead() throws {
        let expectations = Self.expectations(try peerFixtureText("mail-dkim/verifier.t"))
        #expect(expectations.count == 79)
        #expect(expectations.filter(\.skipped).map(\.file)
            == ["good_ietf00_1.txt", "good_ietf00_2.txt", "good_ietf00_3.txt", "good_ietf00_4.txt", "good_ietf00_5.txt",
                "bad_dk_3.txt"])
        #expect(expectations.flatMap(\.signatureVerdicts).count == 5)
        // Every message of the corpus is asked about.
        let corpus = try FileManager.default.contentsOfDirectory(atPath: try peerFixtureURL("mail-dkim/corpus").path)
        #expect(Set(corpus) == Set(expectations.map(\.file)))
    }

    @Test("every verdict agrees with verifier.t or is in the table of documented differences")
    func verdicts() throws {
        let figures = PeerFigures.tally(try Self.cases(), known: Self.differences)
        #expect(figures.defects.isEmpty, "\(figures.defects.map(\.description).joined(separator: "\n"))")
        #expect(figures.staleTableEntries.isEmpty, "\(figures.staleTableEntries.joined(separator: "\n"))")
        print("peers mail-dkim: \(figures)")
        if ProcessInfo.processInfo.environment["PEERS_VERBOSE"] != nil {
            for peerCase in try Self.cases() { print("  \(peerCase)") }
        }
    }

    @Test("the suite's hard cases, verdict and reason: quoted-printable i=, NXDOMAIN, timeout, SERVFAIL, ed25519")
    func details() throws {
        let byName = Dictionary(uniqueKeysWithValues: try Self.cases().map { ($0.name, $0) })
        func result(_ file: String) throws -> DKIMResult { try #require(byName["mail-dkim/" + file]?.results.first) }
        // good_qp_2: i=jlong@messiah=2Eedu decodes inside d=; it verifies (policy only for RFC 8301).
        #expect(try result("good_qp_2.txt").identity == "jlong@messiah.edu")
        #expect(try result("good_qp_2.txt").outcome == .policy)
        #expect(try result("badkey_14.txt").outcome == .temperror)
        #expect(try result("badkey_14.txt").reason?.contains("Query timed out") == true)
        #expect(try result("badkey_15.txt").outcome == .temperror)
        #expect(try result("badkey_15.txt").reason?.contains("SERVFAIL") == true)
        #expect(try result("goodkey_ed25519.txt").outcome == .pass)
        #expect(try result("badkey3_ed25519.txt").reason?.hasPrefix("body hash mismatch") == true)
        #expect(try result("ignore_7.txt").reason?.hasPrefix("signature expired") == true)
        #expect(try result("ignore_8.txt").reason?.contains("is outside d=messiah.edu") == true)
    }

    /// badkey_1 … badkey_7 are v=0.5 drafts, so we never reach their keys ("invalid" for the
    /// draft, the same word as Mail::DKIM's for a different reason). With v=1 written in, the
    /// header hash breaks but the key is judged first (RFC 6376 §6.1.2), so each must be the
    /// key's permerror, as Mail::DKIM's "detail mentions public key" asks.
    @Test("badkey_1 to badkey_7 with v=1: each is decided by its key record, before any hash", arguments: [
        ("badkey_1.txt", "no key for selector nonexistent"), ("badkey_2.txt", "key revoked"),
        ("badkey_3.txt", "key record has v=DKIM3"), ("badkey_4.txt", "key record is malformed"),
        ("badkey_5.txt", "key type k=foobar is not supported"), ("badkey_6.txt", "key is not for e-mail (s=chat)"),
        ("badkey_7.txt", "the key allows h=bad only"),
    ])
    func keyProblemsFirst(file: String, reason: String) throws {
        let text = try peerFixtureText("mail-dkim/corpus/" + file)
        #expect(text.hasPrefix("DKIM-Signature: v=0.5;"))
        let rewritten = Array(text.replacingOccurrences(of: "DKIM-Signature: v=0.5;", with: "DKIM-Signature: v=1;").utf8)
        let verifier = DKIMVerifier(resolver: FakeDNS(try peerFixtureText("mail-dkim/FAKE_DNS.dat")), now: Self.now)
        let result = try #require(verifier.verify(MailMessage(bytes: rewritten)).first)
        #expect(result.outcome == .permerror)
        #expect(result.reason?.hasPrefix(reason) == true, "\(result.summary)")
    }
}
