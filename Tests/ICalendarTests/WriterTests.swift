import Foundation
import Testing
import TestSupport
@testable import ICalendar

/// A minimal valid calendar around one VEVENT with `extra` properties.
func calendar(_ extra: [ICSProperty], alarm: ICSComponent? = nil) -> ICSComponent {
    var event = ICSComponent(name: "VEVENT", properties: [
        .raw("UID", "u-1"), .raw("DTSTAMP", "20270301T120000Z"), .raw("DTSTART", "20270310T190000Z"),
    ] + extra)
    if let alarm { event.components.append(alarm) }
    return ICSComponent(name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", "-//t//t//EN")],
                        components: [event])
}

/// The physical lines (CRLF removed) of one logical line as the writer folds it.
func folded(_ line: String) -> [[UInt8]] {
    var output = ""
    ICSWriter.appendLine(line, to: &output)
    var bytes = Array(output.utf8)
    #expect(bytes.suffix(2) == [0x0D, 0x0A])
    bytes.removeLast(2)
    var lines: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0D {
            #expect(index + 2 < bytes.count && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x20)
            lines.append([])
            index += 2
            continue
        }
        lines[lines.count - 1].append(bytes[index])
        index += 1
    }
    return lines
}

@Suite("RFC 5545 writer")
struct WriterTests {
    // MARK: Folding

    @Test("a line of exactly 75 octets stays whole; 76 folds after 75")
    func foldBoundaryASCII() {
        let exact = "SUMMARY:" + String(repeating: "a", count: 67)
        #expect(exact.utf8.count == 75)
        #expect(folded(exact).map(\.count) == [75])
        let longer = exact + "b"
        #expect(folded(longer).map(\.count) == [75, 2]) // " b": the space counts
        let long = "SUMMARY:" + String(repeating: "x", count: 300)
        let lines = folded(long)
        #expect(lines.dropFirst().allSatisfy { $0.first == 0x20 })
        #expect(lines.dropLast().allSatisfy { $0.count == 75 }, "\(lines.map(\.count))")
    }

    @Test("a multi-byte character that would cross octet 75 moves whole to the next line", arguments: [
        ("🎉", 4), ("日", 3), ("é", 2),
    ])
    func foldBeforeMultiByte(character: String, firstScalarOctets: Int) {
        // Place the character so that it starts at octets 72...75 of the first line.
        for padding in (75 - 8 - firstScalarOctets - 2)...(75 - 8) {
            let line = "SUMMARY:" + String(repeating: "a", count: padding) + character
            let lines = folded(line)
            let fits = 8 + padding + firstScalarOctets <= 75
            #expect(lines.map(\.count) == (fits ? [8 + padding + firstScalarOctets] : [8 + padding, 1 + firstScalarOctets]),
                    "padding \(padding)")
            for physical in lines {
                #expect(physical.count <= 75)
                #expect(String(validating: physical, as: UTF8.self) != nil, "padding \(padding): a split UTF-8 sequence")
            }
            let unfolded = lines.enumerated().flatMap { $0.offset == 0 ? $0.element : Array($0.element.dropFirst()) }
            #expect(unfolded == Array(line.utf8))
        }
    }

    @Test("long summaries of emoji and CJK fold at ≤ 75 octets on scalar boundaries, continuation lines too")
    func foldLongMultiByte() {
        let texts = [
            String(repeating: "🎉🍣", count: 40),
            String(repeating: "東京駅から新大阪駅まで", count: 12),
            "Abendessen im Restaurant „Zur Post“ – Tisch für 2 😀 " + String(repeating: "ü", count: 90),
            String(repeating: "a🇩🇪日é", count: 30),
        ]
        for text in texts {
            for offset in 0..<5 {
                let line = "SUMMARY:" + String(repeating: "-", count: offset) + text
                let lines = folded(line)
                #expect(lines.allSatisfy { $0.count <= 75 })
                #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
                // Folding is greedy: a line is short only when the next character would not fit.
                for (index, physical) in lines.enumerated().dropLast() {
                    let next = lines[index + 1].dropFirst().first!
                    let nextLength = next < 0x80 ? 1 : next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : 2
                    #expect(physical.count + nextLength > 75, "line \(index) folded early at \(physical.count)")
                }
                let unfolded = lines.enumerated().flatMap { $0.offset == 0 ? $0.element : Array($0.element.dropFirst()) }
                #expect(unfolded == Array(line.utf8))
            }
        }
    }

    @Test("a whole serialized calendar: CRLF only, every physical line ≤ 75 octets and valid UTF-8")
    func wholeFileShape() throws {
        let text = try ICSWriter.serialize(calendar([
            .text("SUMMARY", String(repeating: "寿司🍣, ", count: 30)),
            .text("DESCRIPTION", "line one\nline two\r\nline three; done\\"),
            .raw("URL", "https://example.com/" + String(repeating: "x", count: 200)),
        ]))
        #expect(contentLineProblems(text) == [])
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\n"))
        #expect(text.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
    }

    // MARK: Escaping

    @Test("TEXT escaping (RFC 5545 §3.3.11)", arguments: [
        ("plain", "plain"),
        ("a\\b", "a\\\\b"),
        ("a;b", "a\\;b"),
        ("a,b", "a\\,b"),
        ("a:b", "a:b"), // COLON is not escaped in TEXT
        ("a\"b", "a\"b"),
        ("a\nb", "a\\nb"),
        ("a\r\nb", "a\\nb"),
        ("a\rb", "a\\nb"),
        ("a\n\nb", "a\\n\\nb"),
        ("a\r\n\r\nb", "a\\n\\nb"),
        ("a\tb", "a\tb"),
        ("a\u{0}b\u{7}c\u{1B}[0md\u{7F}e", "abc[0mde"),
        ("\\n is not a newline", "\\\\n is not a newline"),
        ("100% ü 日本 🎉", "100% ü 日本 🎉"),
        ("\\;,\n", "\\\\\\;\\,\\n"),
    ])
    func textEscaping(input: String, escaped: String) {
        #expect(ICSText.escape(input) == escaped)
        #expect(ICSProperty.text("SUMMARY", input).rawValue == escaped)
    }

    @Test("text is its own escape exactly when no scalar is one escape changes or drops, on random text")
    func plainTextShortcut() {
        // Escaping changes `\\ ; ,`, CR and LF, and drops the other control characters but tab,
        // so a text without them is its own escape and any other text is not.
        func isControl(_ scalar: Unicode.Scalar) -> Bool { (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F }
        var generator = SplitMix64(seed: 5545)
        let pieces = ["Dinner", " at ", "\\", ";", ",", "\r\n", "\r", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}",
                      "é", "e\u{301}", "🎉", "日本", "\u{2028}", "x"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let hasControl = text.unicodeScalars.contains(where: isControl)
            let hasEscaped = text.unicodeScalars.contains { "\\;,".unicodeScalars.contains($0) }
            #expect((Array(ICSText.escape(text).utf8) == Array(text.utf8)) == !(hasControl || hasEscaped), "\(text.debugDescription)")
            #expect((Array(ICSText.removingControlCharacters(text).utf8) == Array(text.utf8)) == !hasControl, "\(text.debugDescription)")
        }
    }

    @Test("unescaping inverts escaping (line breaks come back as LF, control characters stay gone)")
    func unescapeInverts() {
        let samples = ["a\\b;c,d\ne", "trailing\\", "\\\\\\", "x\r\ny", "🎉;日本,\\n"]
        for sample in samples {
            let expected = sample.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(ICSText.unescape(ICSText.escape(sample)) == expected)
        }
        #expect(ICSText.unescape("A\\NB") == "A\nB")
    }

    @Test("CR, LF and control characters in message text never start a new content line")
    func noLineInjection() throws {
        let hostile = "Dinner\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\nSTATUS:CANCELLED\rX:\u{0}\u{85}\u{2028}"
        let text = try ICSWriter.serialize(calendar([
            .text("SUMMARY", hostile), .text("LOCATION", hostile), .raw("URL", "https://e.example/\r\nUID:evil"),
            .text("X-EVENTSUGGEST-MESSAGE-ID", hostile),
        ]))
        #expect(contentLineProblems(text) == [])
        let lines = unfoldedLines(text)
        #expect(lines.filter { $0.hasPrefix("BEGIN:") } == ["BEGIN:VCALENDAR", "BEGIN:VEVENT"])
        #expect(lines.filter { $0.hasPrefix("UID") } == ["UID:u-1"])
        #expect(lines.filter { $0.hasPrefix("STATUS") }.isEmpty)
        #expect(values("URL", in: text) == ["https://e.example/UID:evil"])
    }

    // MARK: Parameters

    @Test("parameter values are DQUOTEd when they hold : ; or , and never carry a DQUOTE or control character",
          arguments: [
              ("DATE", "DATE"),
              ("Berlin Hbf", "Berlin Hbf"),
              ("http://example.com/a", "\"http://example.com/a\""),
              ("a;b", "\"a;b\""),
              ("a,b", "\"a,b\""),
              ("say \"hi\"", "say 'hi'"),
              ("say \"hi\": now", "\"say 'hi': now\""),
              ("a\r\nb\u{0}c", "abc"),
              ("日本語", "日本語"),
          ])
    func parameterQuoting(value: String, written: String) throws {
        let text = try ICSWriter.serialize(calendar([
            .text("LOCATION", "Somewhere", parameters: [ICSParameter(name: "altrep", value: value)]),
        ]))
        #expect(unfoldedLines(text).contains("LOCATION;ALTREP=\(written):Somewhere"))
        #expect(contentLineProblems(text) == [])
    }

    @Test("property and parameter names are written in upper case")
    func upperCaseNames() throws {
        let text = try ICSWriter.serialize(calendar([
            .text("summary", "x", parameters: [ICSParameter(name: "language", value: "en")]),
        ]))
        #expect(unfoldedLines(text).contains("SUMMARY;LANGUAGE=en:x"))
    }

    // MARK: Cardinality

    @Test("what a reader relies on is checked before anything is written")
    func cardinality() {
        func serialize(_ component: ICSComponent) -> ICSWriter.InvalidCalendar? {
            do {
                _ = try ICSWriter.serialize(component)
                return nil
            } catch { return error }
        }
        var noVersion = calendar([])
        noVersion.set("VERSION", nil)
        #expect(serialize(noVersion) == .missingProperty(component: "VCALENDAR", property: "VERSION"))
        var noProductID = calendar([])
        noProductID.set("PRODID", nil)
        #expect(serialize(noProductID) == .missingProperty(component: "VCALENDAR", property: "PRODID"))
        var twoVersions = calendar([])
        twoVersions.properties.append(.raw("VERSION", "2.0"))
        #expect(serialize(twoVersions) == .repeatedProperty(component: "VCALENDAR", property: "VERSION"))

        for name in ["UID", "DTSTAMP", "DTSTART"] {
            var missing = calendar([])
            missing.components[0].set(name, nil)
            #expect(serialize(missing) == .missingProperty(component: "VEVENT", property: name))
            #expect(serialize(calendar([.raw(name, "x")])) == .repeatedProperty(component: "VEVENT", property: name))
        }
        for name in ["SEQUENCE", "STATUS", "SUMMARY", "DTEND", "URL", "LOCATION", "DESCRIPTION", "LAST-MODIFIED"] {
            #expect(serialize(calendar([.raw(name, "1"), .raw(name, "2")])) == .repeatedProperty(component: "VEVENT", property: name))
            #expect(serialize(calendar([.raw(name, "1")])) == nil)
        }
        #expect(serialize(calendar([], alarm: ICSComponent(name: "VALARM", properties: [.raw("ACTION", "DISPLAY")])))
            == .missingProperty(component: "VALARM", property: "TRIGGER"))
        #expect(serialize(calendar([], alarm: ICSComponent(name: "VALARM", properties: [
            .raw("ACTION", "DISPLAY"), .raw("TRIGGER", "-PT1H"), .text("DESCRIPTION", "x"),
        ]))) == nil)
        // Several X- properties and ATTENDEE-like ones may repeat.
        #expect(serialize(calendar([.raw("X-A", "1"), .raw("X-A", "2"), .raw("CATEGORIES", "a"), .raw("CATEGORIES", "b")])) == nil)
    }

    // MARK: Reading back

    @Test("what the writer writes, the reader reads back unchanged", arguments: [
        "plain",
        String(repeating: "🎉🍣東京", count: 25),
        "Semicolon; comma, backslash \\ and\nnewline",
        "é" + String(repeating: "e\u{301}", count: 60), // combining marks where lines fold
        "\u{301}starts with a combining mark",
        String(repeating: "👩‍👩‍👧", count: 20), // ZWJ sequences split across lines
    ])
    func roundTrip(summary: String) throws {
        let original = calendar([
            .text("SUMMARY", summary),
            .text("LOCATION", "Hbf", parameters: [ICSParameter(name: "ALTREP", value: "https://example.com/a;b")]),
            .raw("URL", "https://example.com/?q=" + String(repeating: "z", count: 90)),
        ], alarm: ICSComponent(name: "VALARM", properties: [.raw("ACTION", "DISPLAY"), .raw("TRIGGER", "-PT15M")]))
        let text = try ICSWriter.serialize(original)
        let parsed = try ICSReader.parse(text)
        #expect(parsed == original)
        #expect(parsed.components.first?.property("SUMMARY")?.textValue == summary)
        #expect(parsed.components.first?.property("LOCATION")?.parameter("ALTREP") == "https://example.com/a;b")
    }

    @Test("the reader takes CRLF or LF, folds with a space or a tab, and names the line of a problem")
    func readerInputs() throws {
        let lf = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:x\nBEGIN:VEVENT\nUID:a\nSUMMARY:hel\n lo\n\twor\n ld\nEND:VEVENT\nEND:VCALENDAR\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        for text in [lf, crlf] {
            let parsed = try ICSReader.parse(text)
            #expect(parsed.name == "VCALENDAR")
            #expect(parsed.components.map(\.name) == ["VEVENT"])
            #expect(parsed.components.first?.property("SUMMARY")?.textValue == "helloworld")
        }
        #expect(throws: ICSReader.ParseError.self) { try ICSReader.parse("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") }
        #expect(throws: ICSReader.ParseError.self) { try ICSReader.parse("BEGIN:VCALENDAR\r\nno colon here\r\nEND:VCALENDAR\r\n") }
        #expect(throws: ICSReader.ParseError.self) { try ICSReader.parse("BEGIN:A\r\nEND:B\r\n") }
        do {
            _ = try ICSReader.parse("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nbroken\r\nEND:VCALENDAR\r\n")
            Issue.record("a line without a colon parsed")
        } catch {
            #expect(error.line == 3)
        }
    }
}

@Suite("writer regressions found by fuzzing")
struct WriterFuzzRegressionTests {
    @Test("a ':' ';' or ',' followed by a combining mark still gets a parameter value quoted",
          arguments: [":\u{06E8}", ";\u{0301}", ",\u{0301}"])
    func combiningMarkAfterSeparator(separator: String) throws {
        let value = "Seat" + separator + "A"
        let event = ICSComponent(name: "VEVENT", properties: [
            .raw("UID", "u"), .raw("DTSTAMP", "20270115T000000Z"), .raw("DTSTART", "20270116T100000Z"),
            .text("DESCRIPTION", "x", parameters: [ICSParameter(name: "X-NOTE", value: value)]),
        ])
        let output = try ICSWriter.serialize(
            ICSComponent(name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", "p")], components: [event]))
        let read = try ICSReader.parse(output).components[0].property("DESCRIPTION")
        #expect(read?.parameter("X-NOTE") == value)
        #expect(read?.textValue == "x")
    }
}
