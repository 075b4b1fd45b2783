import Findings
import Foundation
@testable import MailMessage

/// Loads a fixture from Tests/MailMessageTests/Fixtures.
func fixture(_ name: String) throws -> [UInt8] {
    guard let url = Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil) else {
        throw FixtureError.missing(name)
    }
    return Array(try Data(contentsOf: url))
}

enum FixtureError: Error { case missing(String) }

extension String {
    /// The string's UTF-8 bytes with every LF turned into CRLF.
    var crlf: [UInt8] { Array(replacingOccurrences(of: "\n", with: "\r\n").utf8) }
    var bytes: [UInt8] { Array(utf8) }
}

extension MailMessage {
    init(_ text: String, limits: ParseLimits = .default) { self.init(bytes: Array(text.utf8), limits: limits) }
    var findingCodes: [String] { findings.map(\.code) }
    /// The codes of findings about the MIME structure, leaving out those about a missing From
    /// (the MIME tests use bare messages).
    var mimeFindingCodes: [String] { findingCodes.filter { $0 != FindingCode.fromMissing.id } }
}
