import Testing
import TestSupport
@testable import SchemaMarkup

/// The byte shortcuts taken for speed (issue 21) against the character-level code they
/// stand for, which is kept here (or beside them) as the model: same answer on every input.
@Suite("markup shortcuts agree with their character-level models")
struct MarkupShortcutTests {
    static func randomText(_ pieces: [String], _ generator: inout SplitMix64, upTo count: Int = 8) -> String {
        (0..<Int.random(in: 0...count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test("the script type read as bytes: the same answer as read as characters, for ASCII and the rest")
    func jsonLDType() {
        var generator = SplitMix64(seed: 4101)
        let pieces = ["application/ld+json", "APPLICATION/LD+JSON", "Application/Ld+Json", "application/ld+jsonx", " ", "\t",
                      ";", "charset=utf-8", "x", "\r\n", "\n", "\u{A0}", "\u{3000}", "é", "\u{301}", "application/json"]
        for _ in 0..<5_000 {
            let type = Self.randomText(pieces, &generator, upTo: 5)
            let model = JSONLDExtractor.isJSONLDType(characters: type)
            #expect((JSONLDExtractor.isJSONLDType(asciiBytesOf: type) ?? model) == model, "\(type.debugDescription)")
        }
        // The cases the shortcut must let through, and the ones it must refuse.
        for accepted in ["application/ld+json", " APPLICATION/LD+JSON\t; charset=utf-8", ";application/ld+json"] {
            #expect(JSONLDExtractor.isJSONLDType(asciiBytesOf: accepted) == true, "\(accepted)")
        }
        for refused in ["", ";", "application/ld+json5", "application/json", "\napplication/ld+json", "application/ld+json x"] {
            #expect(JSONLDExtractor.isJSONLDType(asciiBytesOf: refused) == false, "\(refused)")
        }
        #expect(JSONLDExtractor.isJSONLDType(asciiBytesOf: "\u{A0}application/ld+json") == nil)
    }

    @Test("trimming white space: the same scalars as dropping them from both ends")
    func trimming() {
        var generator = SplitMix64(seed: 4102)
        // The ASCII ends the shortcut judges on bytes (vertical tab and form feed are white
        // space, U+001C is not) and the non-ASCII ones it leaves to the scalars (U+0085, NBSP…).
        let pieces = [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{2028}", "\u{3000}", "a", "é", "e\u{301}", "中", "🎉", "\u{301}", "x y",
                      "\u{0B}", "\u{0C}", "\u{1C}", "\u{85}", "."]
        for _ in 0..<5_000 {
            let text = Self.randomText(pieces, &generator)
            let model = String(text.unicodeScalars.drop { $0.properties.isWhitespace }.reversed()
                .drop { $0.properties.isWhitespace }.reversed().map(Character.init))
            #expect(Array(text.trimmingWhitespace.unicodeScalars) == Array(model.unicodeScalars), "\(text.debugDescription)")
        }
    }

    @Test("schema.org IRIs and short names: the byte shortcuts give what lowercasing and characters give")
    func schemaOrgIRI() {
        var generator = SplitMix64(seed: 4103)
        // ASCII IRIs in any case (the byte path), and what only characters see: a combining
        // mark on the slash, letters that lowercase to ASCII, full-width ones, CR LF.
        let pieces = ["http://schema.org/", "HTTPS://WWW.SCHEMA.ORG/", "h", "H", "\u{301}", "İ", "Ｈ", "ttp://schema.org/", "x", "/", "Flight",
                      "HtTp://wWw.ScHeMa.OrG/", "https://schema.org", "/\u{338}", "\u{212A}", "\r\n", " ", "//"]
        for _ in 0..<5_000 {
            let text = Self.randomText(pieces, &generator, upTo: 4)
            let lower = text.lowercased()
            let model = ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/"]
                .contains { lower.hasPrefix($0) }
            #expect(SchemaType.isSchemaOrgIRI(text) == model, "\(text.debugDescription)")
            var short = text.trimmingWhitespace
            if SchemaType.isSchemaOrgIRI(short) {
                while short.hasSuffix("/") { short.removeLast() }
                if let slash = short.lastIndex(of: "/") { short = String(short[short.index(after: slash)...]) }
            }
            #expect(SchemaType.shortName(text) == short, "\(text.debugDescription)")
        }
    }

    @Test("collapsing white space in ASCII text as bytes: the same as by scalars; other text goes by scalars")
    func collapsing() {
        var generator = SplitMix64(seed: 4104)
        let pieces = [" ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "a", "bc", "\u{1F}", "\u{7F}", "é", "\u{A0}", "\u{85}"]
        for _ in 0..<5_000 {
            let text = Self.randomText(pieces, &generator)
            var model = ""
            var pendingSpace = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    pendingSpace = !model.isEmpty
                } else {
                    if pendingSpace { model.unicodeScalars.append(" ") }
                    pendingSpace = false
                    model.unicodeScalars.append(scalar)
                }
            }
            #expect(MicrodataExtractor.collapsingWhitespace(text) == model, "\(text.debugDescription)")
            #expect((MicrodataExtractor.collapsingASCIIWhitespace(text) == nil) == text.utf8.contains { $0 >= 0x80 })
        }
    }

    @Test("the words of itemprop, itemref, itemtype split as bytes in ASCII: the same words as split by characters")
    func words() {
        var generator = SplitMix64(seed: 4106)
        let pieces = [" ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}", "\u{7F}", "name", "a", "é",
                      "e\u{301}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "http://schema.org/Flight"]
        for _ in 0..<5_000 {
            let text = Self.randomText(pieces, &generator)
            let model = text.split(whereSeparator: \.isWhitespace)
            #expect(MicrodataExtractor.words(text).map(String.init) == model.map(String.init), "\(text.debugDescription)")
        }
        #expect(MicrodataExtractor.words(" reservationFor\u{0B}name\r\nurl ") == ["reservationFor", "name", "url"])
        #expect(MicrodataExtractor.words(" \t\r\n").isEmpty)
    }

    @Test("the markup hint found by a rare anchor pair, eight at a time: the same as a plain search, at every offset")
    func markupHint() {
        var generator = SplitMix64(seed: 4105)
        let pieces = ["ld+json", "LD+JSON", "ld+jso", "d+json", "itemscope", "ITEMSCOPE", "itemscop", "temscope", "+", "p", "P",
                      "\u{0B}", "\u{2B}", "x", "<", " ", "é", "l", "i", "ItemScope", "ld\u{0B}json", "itemsco\u{50}e",
                      // The anchor pairs and what folds onto them: "+j" ("\u{0B}J"), "ms" ("MS", "\u{4D}\u{53}").
                      "ms", "MS", "m", "s", "+j", "\u{0B}J", "item", "scope", "ite", "mscope"]
        func model(_ bytes: [UInt8], _ words: [String] = ["ld+json", "itemscope"]) -> Bool {
            let folded = bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            return words.contains { word in
                let wanted = Array(word.utf8)
                return folded.count >= wanted.count && (0...(folded.count - wanted.count)).contains { folded[$0..<($0 + wanted.count)].elementsEqual(wanted) }
            }
        }
        for _ in 0..<5_000 {
            let bytes = Array(Self.randomText(pieces, &generator, upTo: 12).utf8)
            let found = bytes.withUnsafeBufferPointer { MarkupHint.mayContainMarkup($0) }
            #expect(found == model(bytes), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let microdata = bytes.withUnsafeBufferPointer { MarkupHint.mayContainMicrodata($0) }
            #expect(microdata == model(bytes, ["itemscope"]), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        // Each word (whole, or short of its last or first byte) at every offset of fillers of
        // every length around a block: the pair split across two blocks, the word in the tail.
        for word in ["ld+json", "itemscope", "ITEMSCOPE", "LD+Json"] {
            for piece in [Array(word.utf8), Array(word.utf8.dropLast()), Array(word.utf8.dropFirst())] {
                for before in 0..<20 {
                    for after in [0, 1, 7, 8, 9] {
                        let bytes = Array(repeating: UInt8(ascii: "m"), count: before) + piece + Array(repeating: UInt8(ascii: "s"), count: after)
                        #expect(bytes.withUnsafeBufferPointer { MarkupHint.mayContainMarkup($0) } == model(bytes), "\(before) \(piece) \(after)")
                    }
                }
            }
        }
        // A word at the very start and the very end of a long part, and nowhere: word-boundary and tail cases.
        let filler = Array(String(repeating: "a", count: 1_001).utf8)
        for word in ["ld+json", "itemscope", "ITEMSCOPE"] {
            for bytes in [Array(word.utf8) + filler, filler + Array(word.utf8), filler + Array(word.utf8.dropLast())] {
                #expect(bytes.withUnsafeBufferPointer { MarkupHint.mayContainMarkup($0) } == model(bytes))
            }
        }
    }
}
