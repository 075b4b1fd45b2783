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
