import Testing
import TestSupport
@testable import ICalendar

/// `ICSWriter.appendLine` appends a line that fits whole and folds a longer one by scalar
/// ranges (issue 17's bench row: it runs for every line of every event and VTIMEZONE). Its
/// output must be the byte-for-byte output of the scalar-at-a-time folding it replaced,
/// kept here as the model.
@Suite struct LineFoldingModelTests {
    /// The folding the writer had before: one scalar at a time, its UTF-8 width measured.
    static func modelFold(_ line: String) -> String {
        var output = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > ICSWriter.maximumLineOctets {
                output += "\r\n "
                octets = 1
            }
            output.unicodeScalars.append(scalar)
            octets += size
        }
        return output + "\r\n"
    }

    /// Scalars of every UTF-8 width, and the ones that join a grapheme cluster (a combining
    /// accent, a zero-width joiner, a regional indicator, a variation selector): a fold may
    /// fall inside a cluster, as before, never inside a scalar.
    static let alphabet: [Unicode.Scalar] = ["a", "Z", ";", ":", " ", "é", "ß", "\u{0301}", "日", "€", "\u{200D}",
                                             "\u{FE0F}", "🎉", "🇩", "🇪", "😀", "\u{10FFFF}"]

    /// The attack: lines just under, at and over 75 octets, where a multi-byte scalar
    /// straddles the fold, and lines several folds long.
    @Test func randomLinesFoldAsTheModelFolds() {
        var random = SplitMix64(seed: 17)
        var mismatches: [String] = []
        for round in 0..<4_000 {
            let length = round < 2_000 ? Int.random(in: 60...90, using: &random) : Int.random(in: 0...400, using: &random)
            var line = ""
            for _ in 0..<length { line.unicodeScalars.append(Self.alphabet.randomElement(using: &random)!) }
            var output = "BEGIN:VEVENT\r\n"
            ICSWriter.appendLine(line, to: &output)
            if output != "BEGIN:VEVENT\r\n" + Self.modelFold(line) { mismatches.append(line) }
        }
        #expect(mismatches.isEmpty, "folded unlike the model: \(mismatches.prefix(3))")
    }

    /// The honest case: an ordinary property line is appended as it is, with CRLF.
    @Test func aLineThatFitsIsAppendedWhole() {
        var output = ""
        ICSWriter.appendLine("DTSTART;TZID=America/Los_Angeles:20270304T201500", to: &output)
        ICSWriter.appendLine("", to: &output)
        #expect(output == "DTSTART;TZID=America/Los_Angeles:20270304T201500\r\n\r\n")
    }
}
