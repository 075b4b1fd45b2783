import Foundation
import JSON
import SchemaMarkup
import Testing
import TestSupport

/// Markup counts only where a browser builds it (issue 13, item 6): JSON-LD or Microdata inside
/// `<textarea>`, `<title>`, `<xmp>`, `<plaintext>`, `<noscript>`, `<template>`, `<iframe>`,
/// `<noembed>`, `<noframes>`, `<style>`, comments and bogus comments (`<![CDATA[`, `<?`, `</3`)
/// is text to a reader. Headless Chromium is the oracle; the fixtures are
/// `Fixtures/browser/*.html`, `found-*` the honest neighbours, `text-*` the attacks.
@Suite("markup is what a browser builds: our extractor against headless Chromium")
struct BrowserParityTests {
    static let folder = "browser"

    static func fixtureNames() throws -> [String] {
        let base = try MarkupFixture.url(folder)
        return try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".html") }.sorted()
    }

    /// What our extractor finds in one document, in the oracle's words.
    static func ours(_ html: String) -> [String] {
        let items = MarkupExtractor().items(fromHTML: html).items
        return items.map { item in
            let id = item.value["reservationNumber"]?.stringValue ?? ""
            return (item.syntax == .jsonLD ? "jsonld:" : "microdata:") + id
        }.sorted()
    }

    /// What Chromium finds, per file name, from `chromium_markup.py`.
    static func chromium(_ paths: [String]) throws -> [String: [String]] {
        let script = try MarkupFixture.url(folder + "/chromium_markup.py").path
        let data = try runTool("/usr/bin/python3", [script] + paths)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String]])
    }

    @Test("every fixture: the same JSON-LD scripts and Microdata items as Chromium, none in text, all in the neighbours")
    func parity() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
                     "Debian's chromium is needed (make deps installs it)")
        let names = try Self.fixtureNames()
        try #require(names.count >= 30)
        let base = try MarkupFixture.url(Self.folder)
        let browser = try Self.chromium(names.map { base.appendingPathComponent($0).path })
        for name in names {
            let html = String(decoding: try Data(contentsOf: base.appendingPathComponent(name)), as: UTF8.self)
            let found = Self.ours(html)
            #expect(found == browser[name], "\(name): ours \(found), Chromium \(browser[name] ?? [])")
            // Independent of the oracle, so a harness that finds nothing cannot pass the attacks alone.
            if name.hasPrefix("text-") {
                #expect(found.isEmpty, "\(name): markup read from text a reader sees as text: \(found)")
            } else {
                #expect(found.count == 1, "\(name): the neighbour's one item was not found: \(found)")
            }
        }
    }
}
