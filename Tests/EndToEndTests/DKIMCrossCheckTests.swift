import Foundation
import Testing

/// `eventsuggest verify` and `eventsuggest sign` against two independent DKIM implementations
/// (issue 3): dkimpy (Debian's python3-dkim, only importable by /usr/bin/python3) and
/// libopendkim (opendkim-tools). The corpus, the oracles and the comparison live in
/// DKIMCrossCheck/ (build_corpus.py, crosscheck_dkim.py, opendkim_lib.py); the documented
/// differences (RFC 8301 rsa-sha1, key h=/t=s and tag syntax that dkimpy ignores) are listed
/// in build_corpus.py and printed by the check.
@Suite struct DKIMCrossCheckTests {
    /// The repository root: this file is <root>/Tests/EndToEndTests/DKIMCrossCheckTests.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("verify agrees with dkimpy, and sign's signatures verify with dkimpy and OpenDKIM")
    func dkimAgreesWithDkimpyAndOpenDKIM() throws {
        let script = Self.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/DKIMCrossCheck/crosscheck_dkim.py")
        // /usr/bin/python3, not the python3 on PATH: python3-dkim is installed for the system Python only.
        // -B: no __pycache__ in the source tree. --timeout bounds the whole check (< 60 s).
        let result = try TestBinary.runProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            ["-B", script.path, "--binary", TestBinary.eventsuggest.path, "--timeout", "55"])
        #expect(
            result.status == 0,
            "crosscheck_dkim.py exited with status \(result.status):\n\(result.stdoutText)\(result.stderrText)")
    }
}
