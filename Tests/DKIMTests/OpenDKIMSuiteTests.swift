import Foundation
import Testing
@testable import DKIM
import MailMessage

/// libopendkim's own verify tests, rebuilt against Debian's libopendkim by
/// Fixtures/peers/opendkim/make-cases.sh: each message a verifying handle was fed and the
/// dkim_eom status the (passing) test asserted.
@Suite("peers: libopendkim's verify tests as data")
struct OpenDKIMSuiteTests {
    /// dkim_eom's status in one word (dkim.h: DKIM_STAT_OK 0, BADSIG 1, NOSIG 2, the rest errors).
    static func opendkimWord(_ status: Int) -> String {
        switch status {
        case 0: "pass"
        case 1: "fail"
        case 2: "none"
        default: "error"
        }
    }

    /// The best of our signatures, in the same words (our policy stays "policy" so the table must name it).
    static func ourWord(_ results: [DKIMResult]) -> String {
        let words = results.map { result -> String in
            switch result.outcome {
            case .pass: "pass"
            case .policy: "policy"
            case .fail: "fail"
            case .neutral, .temperror, .permerror: "error"
            }
        }
        for word in ["pass", "policy", "fail", "error"] where words.contains(word) { return word }
        return "none"
    }

    /// Every case where we differ from the libopendkim test's asserted status, and why.
    static let differences: [String: KnownDifference] = {
        var table: [String: KnownDifference] = [:]
        func add(_ name: String, _ ours: String, _ basis: DifferenceBasis, _ note: String) {
            table["opendkim/" + name] = KnownDifference(ours: ours, basis: basis, note: note)
        }
        // The tests sign with rsa-sha1 (and 1024-bit keys): valid, but RFC 8301 keeps them from passing.
        for name in ["t-test04-1", "t-test05-1", "t-test06-1", "t-test07-1", "t-test101-1", "t-test12-1", "t-test120-1",
                     "t-test13-1", "t-test138-1", "t-test139-1", "t-test14-1", "t-test149-2", "t-test15-1", "t-test64-1",
                     "t-test69-1", "t-test78-1", "t-test80-1", "t-test89-1", "t-test93-1"] {
            add(name, "policy", .rfc8301Policy, "rsa-sha1")
        }
        add("t-test102-1", "policy", .peerLocalOption, "DKIM_OPTS_MUSTBESIGNED: a local list of fields that must be signed")
        add("t-test149-1", "policy", .peerLocalOption,
            "without DKIM_LIBFLAGS_FIXCRLF libopendkim refuses bare LF (DKIM_STAT_SYNTAX); we read LF as CRLF")
        // RFC 6376 §3.5 t=: "Verifiers MAY ignore signatures with a timestamp in the future"; we do not.
        add("t-test104-1", "fail", .futureTimestamp, "t= in the future: DKIM_SIGERROR_FUTURE; the test edited t=, so b= fails")
        add("t-test87-1", "fail", .futureTimestamp, "t= far in the future: DKIM_STAT_CANTVRFY; the test edited t=, so b= fails")
        add("t-test66-1", "fail", .peerFromSyntax, "From: Murray (no address): DKIM_STAT_SYNTAX; ours fails on the body hash")
        // RFC 6376 §6.1.1: a signature missing a required tag is PERMFAIL; libopendkim drops the field (NOSIG).
        add("t-test76-1", "error", .missingTagIsPermerror, "no b= tag")
        return table
    }()

    static func cases() throws -> [PeerCase] {
        let resolver = try KeysFileResolver(text: try peerFixtureText("opendkim/keys.keys"))
        let directory = try peerFixtureURL("opendkim/cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".status") }.map { String($0.dropLast(".status".count)) }.sorted()
        // The tests sign at a fixed 1172620939 (2007) but verify at the real time: the clock
        // here is the day the cases were made (2026-12-01), so t-test103's x= has passed.
        let verifier = DKIMVerifier(resolver: resolver, now: 1_796_083_200)
        return try names.map { name in
            let status = Int(try peerFixtureText("opendkim/cases/\(name).status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            let results = verifier.verify(MailMessage(bytes: try peerFixtureData("opendkim/cases/\(name).eml")))
            return PeerCase(name: "opendkim/" + name, expected: opendkimWord(status), ours: ourWord(results), results: results)
        }
    }

    @Test("every verdict agrees with libopendkim's tests or is in the table of documented differences")
    func verdicts() throws {
        let cases = try Self.cases()
        #expect(cases.count == 72)
        let figures = PeerFigures.tally(cases, known: Self.differences)
        #expect(figures.defects.isEmpty, "\(figures.defects.map(\.description).joined(separator: "\n"))")
        #expect(figures.staleTableEntries.isEmpty, "\(figures.staleTableEntries.joined(separator: "\n"))")
        print("peers opendkim: \(figures)")
    }
}
