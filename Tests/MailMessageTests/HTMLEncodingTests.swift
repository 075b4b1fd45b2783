import Findings
import Foundation
@testable import MailMessage
import Testing

/// HTML is read only in the WHATWG Encoding Standard's encodings (issue 13, item 5), from a
/// MIME charset or from `<meta charset>`.
@Suite("HTML encodings a browser reads")
struct HTMLEncodingTests {
    /// UTF-7 text with no `<`, `>` or `&` that decodes to a script element.
    static let utf7Markup = "+ADw-script type+AD0AIg-application/ld+-json+ACIAPg-+AHsAfQ-+ADw-/script+AD4-"

    static func htmlPart(charset: String?, body: String, meta: String? = nil) -> MIMEEntity {
        let type = "Content-Type: text/html" + (charset.map { "; charset=\($0)" } ?? "")
        let html = (meta.map { "<meta charset=\"\($0)\">" } ?? "") + body
        return MailMessage("From: a@epicsteak.example\n\(type)\n\n\(html)\n").leafParts[0]
    }

    @Test("UTF-7, UTF-32, EBCDIC and the replacement labels: no text, html-encoding-refused naming the label", arguments: [
        "utf-7", "UTF-7", "unicode-1-1-utf-7", "utf-32", "utf-32le", "ucs-4", "cp037", "ibm500",
        "iso-2022-kr", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "replacement", "x-no-such-charset",
    ])
    func refused(_ label: String) throws {
        for part in [Self.htmlPart(charset: label, body: Self.utf7Markup),
                     Self.htmlPart(charset: nil, body: Self.utf7Markup, meta: label)] {
            let decoded = part.decodedHTML()
            #expect(decoded.text == nil, "\(label)")
            let finding = try #require(decoded.findings.first { $0.code == FindingCode.htmlEncodingRefused.id })
            #expect(finding.message.lowercased().contains("\"\(label.lowercased())\""), "\(finding.message)")
        }
    }

    @Test("the honest neighbours decode as before", arguments: [
        ("utf-8", "<p>Café</p>"), ("iso-8859-1", "<p>Caf\u{E9}</p>"), ("windows-1252", "<p>x</p>"),
        ("us-ascii", "<p>x</p>"), ("shift_jis", "<p>x</p>"), ("gb2312", "<p>x</p>"), ("ks_c_5601-1987", "<p>x</p>"),
        ("cp936", "<p>x</p>"), (" UTF-8 ", "<p>x</p>"), ("iso-2022-jp", "<p>x</p>"),
    ])
    func accepted(_ label: String, _ body: String) throws {
        let part = Self.htmlPart(charset: label, body: body)
        let decoded = part.decodedHTML()
        #expect(decoded.text == part.decodedText().text, "\(label)")
        #expect(!decoded.findings.contains { $0.code == FindingCode.htmlEncodingRefused.id })
        // No charset at all, no meta: read as before (ASCII).
        #expect(Self.htmlPart(charset: nil, body: "<p>x</p>").decodedHTML().text == "<p>x</p>\n")
    }

    @Test("UTF-7 is still decoded where it is not HTML (inspect's text/plain)")
    func plainTextUnchanged() {
        let part = MailMessage("From: a@b.example\nContent-Type: text/plain; charset=utf-7\n\n+ADw-b+AD4-\n").leafParts[0]
        #expect(part.decodedText().text == "<b>\n")
    }

    /// The oracle: Python's webencodings (a copy of the standard's label table, from before
    /// hz-gb-2312 and iso-2022-kr became "replacement").
    @Test("every label webencodings knows names the same encoding here")
    func againstWebencodings() throws {
        let script = """
            import json, webencodings.labels as l
            print(json.dumps(l.LABELS))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3-webencodings is needed (make deps)")
        let labels = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        try #require(labels.count > 200)
        let nowReplacement: Set<String> = ["hz-gb-2312", "iso-2022-kr", "csiso2022kr"]
        for (label, encoding) in labels {
            let verdict = WHATWGEncoding.verdict(forLabel: label)
            if nowReplacement.contains(label) {
                #expect(verdict == .replacement, "\(label)")
            } else {
                #expect(verdict == .encoding(Self.standardName(encoding)), "\(label): \(verdict), webencodings \(encoding)")
            }
        }
    }

    @Test("get an encoding: ASCII whitespace trimmed at both ends only, ASCII case ignored, nothing else", arguments: [
        (" \t\n\r\u{0C}UTF-8\u{0C}\r\n\t ", WHATWGEncoding.Verdict.encoding("UTF-8")),
        ("\tShift_JIS ", .encoding("Shift_JIS")), ("  ", .notAnEncoding), ("", .notAnEncoding),
        ("utf -8", .notAnEncoding),                      // whitespace inside is part of the label
        ("\u{A0}utf-8", .notAnEncoding),                  // NO-BREAK SPACE is not ASCII whitespace
        ("utf-8\u{3000}", .notAnEncoding),                // nor is IDEOGRAPHIC SPACE (E3 80 80)
        ("\u{0B}utf-8", .notAnEncoding),                  // nor VT (the standard's list has no 0x0B)
        ("\u{212A}OI8-R", .notAnEncoding),                 // KELVIN SIGN lowercases to "k" in Unicode, not in ASCII
        ("ISO-2022-KR ", .replacement),
    ])
    func labelTrimming(_ label: String, _ expected: WHATWGEncoding.Verdict) {
        #expect(WHATWGEncoding.verdict(forLabel: label) == expected, "\(label.debugDescription)")
    }

    /// webencodings writes the standard's names in lowercase.
    static func standardName(_ lowercase: String) -> String {
        WHATWGEncoding.labels.values.first { $0.lowercased() == lowercase } ?? lowercase
    }
}
