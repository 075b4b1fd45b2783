import Foundation
import Testing

/// `eventsuggest inspect --json` against an independent implementation: Python's standard
/// `email` package. The corpus, the oracle and the comparison live in CrossCheck/
/// (generate_corpus.py, python_inspect.py, crosscheck.py); the deliberate deviations the
/// corpus leaves out are listed at the top of generate_corpus.py.
@Suite struct InspectCrossCheckTests {
    /// The repository root: this file is <root>/Tests/EndToEndTests/InspectCrossCheckTests.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("inspect --json agrees with Python's email package on the generated corpus")
    func inspectJSONAgreesWithPythonEmailPackage() throws {
        let script = Self.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/CrossCheck/crosscheck.py")
        // -B: no __pycache__ in the source tree. --timeout bounds the whole check (< 60 s).
        let result = try TestBinary.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-B", script.path, "--binary", TestBinary.eventsuggest.path, "--timeout", "50"])
        #expect(
            result.status == 0,
            "crosscheck.py exited with status \(result.status):\n\(result.stdoutText)\(result.stderrText)")
    }
}
