import Foundation
import Testing

/// `eventsuggest extract --json` "items" against an independent implementation: extruct
/// (Debian python3-extruct), JSON-LD and Microdata, on every HTML fixture of
/// Tests/SchemaMarkupTests/Fixtures/kitinerary (and the HTML part of its .eml). The script and
/// the documented differences it allows live in ExtructCrossCheck/extruct_crosscheck.py.
@Suite struct ExtructCrossCheckTests {
    @Test("extract --json items agree with extruct's JSON-LD and Microdata")
    func itemsAgreeWithExtruct() throws {
        let script = TestBinary.repositoryRoot
            .appendingPathComponent("Tests/EndToEndTests/ExtructCrossCheck/extruct_crosscheck.py")
        // Debian's python3, which has python3-extruct (a pyenv python3 on PATH does not).
        // -B: no __pycache__ in the source tree. --timeout bounds the whole check.
        let result = try TestBinary.runProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            ["-B", script.path, "--binary", TestBinary.eventsuggest.path, "--timeout", "100"])
        #expect(
            result.status == 0,
            "extruct_crosscheck.py exited with status \(result.status):\n\(result.stdoutText)\(result.stderrText)")
    }
}
