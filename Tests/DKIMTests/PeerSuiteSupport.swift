import Foundation
@testable import DKIM
import MailMessage

/// One message of a peer's suite, with the verdict that suite expects, and ours.
struct PeerCase: Sendable, CustomStringConvertible {
    /// `suite/name`, the key of the differences table.
    let name: String
    /// The suite's expectation, in the suite's words (Mail::DKIM: pass, fail, invalid, none;
    /// dkimpy and go-msgauth: pass, fail).
    let expected: String
    /// Our result, mapped into the suite's words (``ours``), and the per-signature detail.
    let ours: String
    let results: [DKIMResult]
    /// The suite itself skips the case (SKIP blocks in verifier.t): counted, never compared.
    var skippedBySuite = false

    var description: String {
        "\(name): suite expects \(expected), we say \(ours) "
            + "[\(results.map(\.summary).joined(separator: " | "))]"
    }
}

/// Why our verdict may differ from a suite's: the expected differences of issue 16.
enum DifferenceBasis: String, Sendable {
    /// RFC 4870 DomainKeys (`DomainKey-Signature:`) is historic (RFC 4871 §1 replaced it); we
    /// verify DKIM-Signature only, so a DomainKeys-only message is unsigned to us.
    case domainKeys = "DomainKeys (RFC 4870, historic)"
    /// A draft's signature (no `v=`, or a pre-RFC version): RFC 6376 §3.5 makes `v=1` required.
    case preRFCDraft = "pre-RFC draft signature (RFC 6376 §3.5: v=1 is required)"
    /// RFC 4871 §3.6.1 `g=` (granularity) was removed by RFC 6376 (Appendix C.2): a key's
    /// `g=` is an unknown tag now, ignored (§3.6.1), so it neither passes nor fails a signature.
    case granularity = "RFC 4871 g= (removed by RFC 6376 Appendix C.2; now an ignored tag)"
    /// RFC 8301: rsa-sha1 and RSA keys under 1024 bits verify but must not pass — `policy`.
    case rfc8301Policy = "RFC 8301 policy (rsa-sha1 or RSA < 1024 bits)"
    /// RFC 6376 §3.6.1: `t=y` asks verifiers not to treat the result differently from an
    /// unsigned message; our verdict stays as verified (DKIMResult.keyIsTesting), the peer's too.
    case testingFlag = "t=y testing key"
    /// RFC 8601 §2.7.1: a required header field that is absent is `permerror`; a message
    /// without From cannot carry a valid signature (RFC 6376 §5.4). Issue 16 asks for it.
    case noFrom = "no From field: permerror (RFC 8601 §2.7.1)"
    /// RFC 6376 §3.5 `t=`: verifiers MAY ignore a signature with a timestamp in the future;
    /// we take up neither that MAY nor a clock-drift allowance.
    case futureTimestamp = "future t= (RFC 6376 §3.5: a MAY we do not take)"
    /// libopendkim checks the From field's syntax before verifying; RFC 6376 does not ask a
    /// verifier to, and our sender policy refuses a From without an address on its own.
    case peerFromSyntax = "peer's From syntax check (not in RFC 6376)"
    /// RFC 6376 §6.1.1: a DKIM-Signature missing a required tag is PERMFAIL (ours permerror);
    /// libopendkim ignores the field as if absent (DKIM_STAT_NOSIG).
    case missingTagIsPermerror = "missing required tag: PERMFAIL (RFC 6376 §6.1.1)"
    /// A local option of the peer (OpenDKIM's configuration, dkimpy's `minkey=` argument).
    case peerLocalOption = "peer-local option"
}

/// A documented difference: the case, what we say (in the suite's words), and why.
struct KnownDifference: Sendable {
    let ours: String
    let basis: DifferenceBasis
    let note: String
}

/// The figures the issue note reports.
struct PeerFigures: CustomStringConvertible {
    var messages = 0
    var signatures = 0
    /// Per-signature expectations (Mail::DKIM's `$sigs[N]->result`), compared like messages.
    var signatureChecks = 0
    var agree = 0
    var documented = 0
    var defects: [PeerCase] = []
    var skippedBySuite = 0
    /// Table entries whose case no longer differs (or differs in another way): the table is stale.
    var staleTableEntries: [String] = []

    var description: String {
        "messages \(messages), signatures \(signatures), per-signature checks \(signatureChecks), agree \(agree), differ-as-documented \(documented), "
            + "differ-as-defect \(defects.count), skipped-by-suite \(skippedBySuite)"
    }

    /// Compares every case with its expectation and the table of known differences.
    static func tally(_ cases: [PeerCase], known: [String: KnownDifference]) -> PeerFigures {
        var figures = PeerFigures()
        var seen: Set<String> = []
        for peerCase in cases {
            // `file#sigN` re-checks one signature of a message already counted.
            if peerCase.name.contains("#") {
                figures.signatureChecks += 1
            } else {
                figures.messages += 1
                figures.signatures += peerCase.results.count
            }
            if peerCase.skippedBySuite {
                figures.skippedBySuite += 1
                continue
            }
            if let difference = known[peerCase.name] {
                seen.insert(peerCase.name)
                if peerCase.ours == difference.ours && peerCase.ours != peerCase.expected {
                    figures.documented += 1
                } else {
                    figures.staleTableEntries.append("\(peerCase.name) (table says \(difference.ours)): \(peerCase)")
                }
            } else if peerCase.ours == peerCase.expected {
                figures.agree += 1
            } else {
                figures.defects.append(peerCase)
            }
        }
        figures.staleTableEntries += known.keys.filter { !seen.contains($0) }.sorted().map { "\($0): no such case" }
        return figures
    }
}

/// Where the copied suites live inside the test bundle.
func peerFixtureURL(_ path: String) throws -> URL {
    guard let base = Bundle.module.url(forResource: "Fixtures/peers", withExtension: nil) else {
        throw FixtureMissing(name: "peers")
    }
    return base.appendingPathComponent(path)
}

func peerFixtureData(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: try peerFixtureURL(path))) }

func peerFixtureText(_ path: String) throws -> String { String(decoding: try peerFixtureData(path), as: UTF8.self) }

/// The one-word verdict of a whole message the way Mail::DKIM's `result` gives it: the best
/// signature wins (pass, then fail, then invalid); no DKIM-Signature is `none`. Our `policy`
/// is a signature that verified, so it is Mail::DKIM's `pass` only through the RFC 8301 lens:
/// it is mapped to `policy` here so the table must name it.
func mailDKIMWord(_ results: [DKIMResult]) -> String {
    let words = results.map(mailDKIMWord(_:))
    for word in ["pass", "policy", "fail", "invalid"] where words.contains(word) { return word }
    return "none"
}

func mailDKIMWord(_ result: DKIMResult) -> String {
    switch result.outcome {
    case .pass: "pass"
    case .policy: "policy"
    case .fail: "fail"
    case .neutral, .temperror, .permerror: "invalid"
    }
}
