import Foundation
import SenderPolicy

struct FixtureMissing: Error, CustomStringConvertible {
    let name: String
    var description: String { "test fixture \(name) is missing" }
}

/// The URL of `Fixtures/<name>` in this target's resources.
func fixtureURL(_ name: String) throws -> URL {
    guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else { throw FixtureMissing(name: name) }
    return url
}

func fixtureText(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: fixtureURL(name)), as: UTF8.self)
}

/// The list of the same commit as its test vectors (Fixtures/publicsuffix/README.md).
let fixtureSuffixes: PublicSuffixList = {
    // A missing resource is a broken checkout; the tests that use the list then fail on it.
    (try? PublicSuffixList(path: fixtureURL("publicsuffix/public_suffix_list.dat").path)) ?? PublicSuffixList(text: "")
}()

/// Runs `executable` with `arguments` and returns its standard output; throws with its
/// standard error when it exits non-zero.
func run(_ executable: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProcessFailed(command: ([executable] + arguments).joined(separator: " "), status: process.terminationStatus,
                            stderr: String(decoding: message, as: UTF8.self))
    }
    return data
}

struct ProcessFailed: Error, CustomStringConvertible {
    let command: String, status: Int32, stderr: String
    var description: String { "\(command) exited \(status): \(stderr)" }
}
