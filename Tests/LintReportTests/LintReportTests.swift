import Findings
import Foundation
import LintReport
import MailMessage
import SchemaMarkup
import TestSupport
import Testing

/// Inputs for the report tests: real extraction of a template, a decoded-part finding,
/// and an unreadable input.
enum ReportFixtures {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let template = """
        <html><body><p>Your flight</p><img src="https://tracker.example/open.png?u=1">
        <a href="https://airline.example/manage">Manage</a>
        <script type="application/ld+json">
        {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "RXJ34P",
         "reservationStatus": "http://schema.org/Confirmed",
         "underName": {"@type": "Person", "name": "Eva <img src=https://evil.example/x.png>"},
         "reservationFor": [
          {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
           "departureAirport": {"@type": "Airport", "name": "San Francisco", "iataCode": "SFO"},
           "arrivalAirport": {"@type": "Airport", "name": "New York JFK", "iataCode": "JFK"},
           "departureTime": "2027-03-04T20:15:00-08:00", "arrivalTime": "2027-03-05T06:30:00-05:00"},
          {"@type": "Flight", "flightNumber": "111", "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
           "departureAirport": {"@type": "Airport", "name": "New York JFK", "iataCode": "JFK"},
           "arrivalAirport": {"@type": "Airport", "name": "Boston", "iataCode": "BOS"},
           "departureTime": "2027-03-06T09:00:00-05:00", "arrivalTime": "2027-03-06T10:30:00"}
         ]}
        </script></body></html>
        """

    /// The template linted with both profiles, as `lint` reads a bare .html file.
    static func templateFile(path: String = "templates/flight <1>.html") -> LintedFile {
        let extraction = MarkupExtractor(recoversJSON: false, profiles: [.apple, .google]).extract(html: template)
        return LintedFile(path: path, reservations: extraction.reservations, findings: extraction.findings,
                          texts: [.document: template])
    }

    /// A message whose finding lies in a quoted-printable part's decoded text.
    static let partFile = LintedFile(
        path: "mail/bellavista.eml",
        findings: [
            Finding(code: .jsonSyntaxError, severity: .error, message: "JSON-LD script: expected ',' or '}'",
                    location: SourceLocation(.decodedPart("2"), line: 14, column: 36, partStartLine: 40)),
            Finding(code: .htmlAttachmentIgnored, severity: .note, message: "part 3 is an HTML attachment",
                    location: SourceLocation(line: 61, part: "3")),
        ],
        texts: [.decodedPart("2"): (1...20).map { "decoded line \($0)" }.joined(separator: "\n")])

    static let unreadable = LintedFile(path: "missing.eml", unreadable: "missing.eml: No such file or directory")

    static func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lintreport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

@Suite("lint text line: one format, file:line:col: severity: message [code]")
struct FindingLineTests {
    @Test("a position in the file itself: its line and column")
    func inFile() {
        let finding = Finding(code: .invalidDateTime, severity: .error, message: "startTime \"x\" is not ISO 8601",
                              location: SourceLocation(.document, line: 14, column: 36))
        #expect(FindingLine.text(finding, path: "t.html") == "t.html:14:36: error: startTime \"x\" is not ISO 8601 [invalid-date-time]")
    }

    @Test("a position in a decoded part: the part's first line in the file, the place inside at the end of the message")
    func inDecodedPart() {
        let finding = ReportFixtures.partFile.findings[0]
        #expect(FindingLine.text(finding, path: "m.eml")
            == "m.eml:40:1: error: JSON-LD script: expected ',' or '}' (part 2, line 14:36 of its decoded text) [json-syntax-error]")
        // Inside an mbox whose message starts at line 101, the part's line is counted from there.
        #expect(FindingLine.text(finding, path: "box.mbox", messageStartLine: 101).hasPrefix("box.mbox:140:1: error: "))
        // Attack: the old form put the part beside the file name, which no file:line:col matcher reads.
        #expect(!FindingLine.text(finding, path: "m.eml").contains("m.eml(part"))
    }

    @Test("every line matches the compiler pattern a CI problem matcher uses")
    func matcherPattern() throws {
        let pattern = try Regex(#"^[^:]+:\d+:\d+: (error|warning|note): .+ \[[a-z0-9-]+\]$"#)
        let lines = (ReportFixtures.templateFile().findings + ReportFixtures.partFile.findings.prefix(1)).map {
            FindingLine.text($0, path: "mail.eml")
        }
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
    }
}

@Suite("SARIF 2.1.0 report")
struct SARIFReportTests {
    static let help = CodeHelp(["no-time-zone": "A time without a UTC offset is taken as the reader's local time."])

    static func validate(_ document: String) throws -> (valid: Bool, output: String) {
        let file = try ReportFixtures.temporaryFile("report.sarif", document)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        do {
            let output = try runTool("/usr/bin/python3", [
                ReportFixtures.fixtures.appendingPathComponent("validate_sarif.py").path,
                ReportFixtures.fixtures.appendingPathComponent("sarif-schema-2.1.0.json").path, file.path])
            return (true, String(decoding: output, as: UTF8.self))
        } catch let failed as ToolFailed where failed.status == 1 {
            return (false, failed.stderr)
        }
    }

    @Test("the report is valid against the OASIS SARIF 2.1.0 schema; a broken one is not")
    func schemaValid() throws {
        let files = [ReportFixtures.templateFile(), ReportFixtures.partFile, ReportFixtures.unreadable]
        let document = SARIFReport.document(files, help: Self.help)
        let result = try Self.validate(document)
        #expect(result.valid, "\(result.output)")
        // Attack: the validator really checks: a level SARIF does not know is refused.
        let broken = document.replacingOccurrences(of: "\"level\":\"warning\"", with: "\"level\":\"fatal\"")
        #expect(broken != document)
        #expect(try Self.validate(broken).valid == false)
    }

    @Test("one run; rules with help; results with ruleId, level, message and the rendered region")
    func content() throws {
        let files = [ReportFixtures.templateFile(), ReportFixtures.partFile, ReportFixtures.unreadable]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReport.document(files, help: Self.help).utf8))
            as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        let results = try #require(run["results"] as? [[String: Any]])
        let allFindings = files.flatMap(\.findings)
        #expect(results.count == allFindings.count)
        #expect(Set(ruleIDs) == Set(allFindings.map(\.code)))
        let noTimeZone = try #require(rules.first { $0["id"] as? String == "no-time-zone" })
        #expect((noTimeZone["help"] as? [String: Any])?["text"] as? String == "A time without a UTC offset is taken as the reader's local time.")
        // Each result: ruleId/level from the finding, region from the one rendering.
        for (result, finding) in zip(results, allFindings) {
            #expect(result["ruleId"] as? String == finding.code)
            #expect(result["level"] as? String == ["error": "error", "warning": "warning", "note": "note"][finding.severity.rawValue])
        }
        let partResult = try #require(results.first { $0["ruleId"] as? String == "json-syntax-error" })
        let location = try #require((partResult["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "mail/bellavista.eml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 40)
        #expect((location["region"] as? [String: Any])?["startColumn"] as? Int == 1)
        #expect(((partResult["message"] as? [String: Any])?["text"] as? String)?.hasSuffix("(part 2, line 14:36 of its decoded text)") == true)
        // A path with a space and brackets is a valid URI reference.
        let templateURI = ((results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
        #expect(templateURI == "templates/flight%20%3C1%3E.html")
        // The unreadable input makes the invocation unsuccessful, with a notification.
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect((invocation["toolExecutionNotifications"] as? [Any])?.count == 1)
    }
}

@Suite("JUnit report read by junitparser")
struct JUnitReportTests {
    struct Read: Decodable {
        struct Case: Decodable { var name: String; var classname: String?; var file: String?; var line: String?; var result: String }
        var tests: Int, failures: Int, errors: Int
        var cases: [Case]
    }

    static func read(_ document: String) throws -> Read {
        let file = try ReportFixtures.temporaryFile("report.xml", document)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let output = try runTool("/usr/bin/python3", [ReportFixtures.fixtures.appendingPathComponent("read_junit.py").path, file.path])
        return try JSONDecoder().decode(Read.self, from: output)
    }

    @Test("one testcase per finding, a file attribute on each, an <error> for an unreadable input; counts add up")
    func counts() throws {
        let template = ReportFixtures.templateFile()
        let clean = LintedFile(path: "clean.html")
        let files = [template, clean, ReportFixtures.partFile, ReportFixtures.unreadable]
        let failing: (Finding) -> Bool = { $0.severity == .error }
        let read = try Self.read(JUnitReport.document(files, failing: failing))
        let findings = template.findings + ReportFixtures.partFile.findings
        #expect(!template.findings.isEmpty)
        #expect(read.tests == findings.count + 1 + 1)           // + the clean file + the unreadable one
        #expect(read.failures == findings.filter(failing).count)
        #expect(read.errors == 1)
        #expect(read.cases.filter { $0.result == "failure" }.count == read.failures)
        #expect(read.cases.filter { $0.result == "error" }.map(\.file) == ["missing.eml"])
        #expect(read.cases.allSatisfy { $0.file != nil && $0.file == $0.classname })
        #expect(read.cases.contains { $0.file == "clean.html" && $0.result == "passed" })
        let partCase = try #require(read.cases.first { $0.name.hasPrefix("json-syntax-error") })
        #expect(partCase.line == "40")
        #expect(partCase.name == "json-syntax-error at mail/bellavista.eml:40:1")
        // Attack: with warnings failing too, the count follows the rule, not a fixed answer.
        let strict = try Self.read(JUnitReport.document(files, failing: { $0.severity >= .warning }))
        #expect(strict.failures == findings.filter { $0.severity >= .warning }.count)
        #expect(strict.failures > read.failures)
    }
}

@Suite("HTML report in headless Chromium")
struct HTMLReportTests {
    @Test("a card per reservation, a finding element per diagnostic, the mail's images never load, a screenshot")
    func chromium() throws {
        let files = [ReportFixtures.templateFile(path: "flight.html"), ReportFixtures.partFile, ReportFixtures.unreadable]
        let page = HTMLReport.page(files, help: CodeHelp(["no-time-zone": "Add Z or ±hh:mm."]))
        // No resource reference at all: no tag with src/href/srcset, no url() in the style, no
        // element that loads (img, script, link, iframe); the mail's URLs appear only as escaped text.
        let loadingTag = try Regex(#"<[a-zA-Z][^>]*\s(src|href|srcset|poster|data)\s*="#)
        #expect(page.firstMatch(of: loadingTag) == nil)
        for needle in ["url(", "<img", "<script", "<link", "<iframe", "<a ", "<object"] {
            #expect(!page.contains(needle), "\(needle)")
        }
        let outsideText = try Regex(#"<[^>]*https?://"#)
        #expect(page.firstMatch(of: outsideText) == nil)
        #expect(page.contains("default-src 'none'"))
        #expect(page.contains("&lt;img src=https://evil.example/x.png&gt;"))

        let build = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/test-artefacts")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        let file = try ReportFixtures.temporaryFile("report.html", page)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let screenshot = build.appendingPathComponent("lint-report-\(UUID().uuidString.prefix(8)).png")
        let netlog = file.deletingLastPathComponent().appendingPathComponent("net.json")
        let dom = String(decoding: try runTool("/usr/bin/python3", [
            ReportFixtures.fixtures.appendingPathComponent("chromium_dom.py").path, file.path, screenshot.path, netlog.path]),
            as: UTF8.self)

        let reservations = files.flatMap(\.reservations)
        #expect(reservations.count == 2)
        #expect(dom.components(separatedBy: "<article class=\"card\"").count - 1 == reservations.count)
        let findings = files.flatMap(\.findings)
        #expect(dom.components(separatedBy: "<li class=\"finding ").count - 1 == findings.count)
        // The card shows the time as written, in its own offset, and the confirmation number.
        #expect(dom.contains("2027-03-04 20:15:00-08:00"))
        #expect(dom.contains("RXJ34P"))
        // The mail's markup stays text in the DOM too: no element was made from it.
        #expect(!dom.contains("<img"))
        // Nothing was requested from the network: the net log names none of the mail's hosts.
        let log = (try? String(contentsOf: netlog, encoding: .utf8)) ?? ""
        #expect(!log.isEmpty)
        for host in ["tracker.example", "evil.example", "airline.example"] { #expect(!log.contains(host), "\(host)") }
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
    }

    @Test("each finding is shown beside the excerpt of the text it points at, with a caret under the column")
    func excerpts() throws {
        let page = HTMLReport.page([ReportFixtures.partFile], help: CodeHelp([:]))
        #expect(page.contains("<span class=\"at\"><span class=\"number\">14</span>decoded line 14</span>"))
        #expect(page.contains(String(repeating: " ", count: 35) + "^"))
        #expect(!page.contains("decoded line 17"))     // two lines either side, no more
    }
}
