import EventSuggest
import Findings
import Foundation
import Testing

/// The one catalogue of finding codes: every code any part defines is in it, once.
@Suite("finding catalogue")
struct FindingCatalogueTests {
    /// The project's `Sources` folder, found from this file's place in `Tests/EventSuggestTests`.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// The ids of every `FindingCode("id", …)` written in the Sources tree.
    static func definedIDs() throws -> [String] {
        let pattern = try NSRegularExpression(pattern: #"FindingCode\(\s*"([^"]+)""#)
        return try swiftFiles().flatMap { file in
            pattern.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)).map {
                String(file.text[Range($0.range(at: 1), in: file.text)!])
            }
        }
    }

    @Test("ids are unique, lowercase words joined by hyphens, each with help")
    func idsAreUnique() {
        let ids = FindingCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        for code in FindingCatalogue.all {
            #expect(code.id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(code.id)")
            #expect(!code.help.isEmpty, "\(code.id) has no help")
        }
    }

    @Test("every code defined anywhere in Sources is in the catalogue, and nothing else is")
    func everyDefinedCodeIsListed() throws {
        let defined = try Self.definedIDs()
        #expect(defined.count > 50, "the scan of \(Self.sources.path) found too few definitions to be a real scan")
        let listed = Set(FindingCatalogue.all.map(\.id))
        #expect(Set(defined).subtracting(listed).sorted() == [], "defined but not in FindingCatalogue.all")
        #expect(listed.subtracting(defined).sorted() == [], "in the catalogue but defined nowhere in Sources")
        #expect(defined.count == Set(defined).count, "an id is defined twice")
    }

    @Test("no finding in Sources is made from a string literal code")
    func noStringLiteralCodes() throws {
        let literal = try NSRegularExpression(pattern: #"code:\s*""#)
        for file in try Self.swiftFiles() {
            let hits = literal.numberOfMatches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text))
            #expect(hits == 0, "\(file.path) makes a code from a string literal")
        }
    }

    @Test("a finding takes its code's severity unless the reporting code says otherwise")
    func severityFromCode() {
        #expect(Finding(code: .dateNotSigned, message: "m").severity == FindingCode.dateNotSigned.severity)
        #expect(Finding(code: .dateNotSigned, severity: .error, message: "m").severity == .error)
        #expect(Finding(code: .dateNotSigned, message: "m").code == "date-not-signed")
        #expect(Finding(code: .dateNotSigned, message: "m").has(.dateNotSigned))
        #expect(!Finding(code: .dateNotSigned, message: "m").has(.dateInFuture))
        #expect(FindingCatalogue.code("no-markup") == .noMarkup)
        #expect(FindingCatalogue.code("no-such-code") == nil)
    }
}
