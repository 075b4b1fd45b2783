import Findings
import Foundation
import JSON
import Testing
@testable import SchemaMarkup

/// Fixtures and position markers for the markup tests.
///
/// A fixture may mark positions with U+2038 (‸, caret insertion point): `MarkupFixture.strip`
/// removes every marker and gives the 1-based line and column (in Unicode scalars, as
/// findings count them) of each, so expected positions are never counted by hand.
enum MarkupFixture {
    static let marker: Unicode.Scalar = "\u{2038}"

    struct Position: Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    struct Marked: Sendable {
        /// The text with every marker removed.
        var text: String
        /// Where each marker was, in order, as positions in `text`.
        var positions: [Position]
    }

    struct MissingFixture: Error, CustomStringConvertible {
        var name: String
        var description: String { "no fixture \(name) in the test bundle" }
    }

    static func strip(_ text: String) -> Marked {
        var output = String.UnicodeScalarView()
        var positions: [Position] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if scalar == marker {
                positions.append(Position(line: line, column: column))
                continue
            }
            output.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return Marked(text: String(output), positions: positions)
    }

    static func url(_ name: String) throws -> URL {
        guard let base = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw MissingFixture(name: "Fixtures")
        }
        let url = base.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw MissingFixture(name: name) }
        return url
    }

    /// A fixture's text, markers stripped.
    static func marked(_ name: String) throws -> Marked {
        strip(String(decoding: try Data(contentsOf: url(name)), as: UTF8.self))
    }

    static func text(_ name: String) throws -> String { try marked(name).text }

    /// The 1-based number of the first line of `text` that contains `fragment`.
    static func line(of fragment: String, in text: String) -> Int? {
        text.components(separatedBy: "\n").firstIndex { $0.contains(fragment) }.map { $0 + 1 }
    }

    /// An HTML page with `json` as the text of one JSON-LD script, starting on line 3.
    static func page(_ json: String) -> String {
        "<html><body>\n<script type=\"application/ld+json\">\n\(json)\n</script>\n</body></html>\n"
    }

    /// `text` as ISO 8601, for expected values (a test typo traps here, loudly).
    static func date(_ text: String) -> DateTimeValue {
        guard let value = DateTimeValue(parsing: text) else { preconditionFailure("not ISO 8601: \(text)") }
        return value
    }
}

extension MarkupExtraction {
    var codes: [String] { findings.map(\.code) }

    func findings(_ code: String) -> [Finding] { findings.filter { $0.code == code } }

    /// The reservations with their source locations removed, to compare two syntaxes.
    var placeless: [Reservation] {
        reservations.map { reservation in
            var copy = reservation
            copy.location = nil
            return copy
        }
    }
}

extension Finding {
    var position: MarkupFixture.Position? {
        guard let location, let column = location.column else { return nil }
        return MarkupFixture.Position(line: location.line, column: column)
    }
}

extension JSONValue {
    /// The same value with every object's members sorted by key (deeply): two syntaxes
    /// may give their properties in different orders.
    var canonical: JSONValue {
        switch self {
        case .array(let elements): .array(elements.map(\.canonical))
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, value: $0.value.canonical) }.sorted { $0.key < $1.key })
        default: self
        }
    }
}
