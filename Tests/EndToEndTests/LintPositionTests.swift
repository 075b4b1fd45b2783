import Foundation
import Testing

/// `lint` positions in e-mails: quoted-printable and base64 HTML parts give one format, the
/// part's first line in the file and the place in its decoded text; SARIF and JUnit from
/// the binary, with an unreadable input.
@Suite("lint positions in .eml files and the CI formats")
struct LintPositionTests {
    /// A template whose missing comma (‸) lint reports as a syntax error.
    static let template = """
        <html><body><p>Merci — votre réservation est confirmée. Bon appétit ! Total = 2 × 49 € = 98 €. Détails ci-dessous.</p>
        <script type="application/ld+json">
        {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
         "reservationId": "R1", "reservationNumber": "R1"‸
         "reservationStatus": "http://schema.org/ReservationConfirmed"}
        </script></body></html>
        """

    static func message(html: String, encoding: String) -> String {
        let body: String
        if encoding == "base64" {
            let encoded = Data(html.utf8).base64EncodedString()
            body = stride(from: 0, to: encoded.count, by: 76).map { start in
                let from = encoded.index(encoded.startIndex, offsetBy: start)
                return String(encoded[from..<(encoded.index(from, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex)])
            }.joined(separator: "\r\n")
        } else {
            body = ExtractCommandTests.quotedPrintable(html)
        }
        return [
            "From: Bella Vista <booking@bellavista.example>",
            "To: guest@example.com",
            "Subject: Your table",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"b1\"",
            "",
            "--b1",
            "Content-Type: text/plain; charset=utf-8",
            "",
            "Your table is booked.",
            "--b1",
            "Content-Type: text/html; charset=utf-8",       // line 12: where part 2 begins
            "Content-Transfer-Encoding: \(encoding)",
            "",
            body,
            "--b1--",
            "",
        ].joined(separator: "\r\n")
    }

    @Test("quoted-printable and base64 parts: the same format, file:line:col at the part's start, the decoded place in the message",
          arguments: ["quoted-printable", "base64"])
    func encodedParts(_ encoding: String) throws {
        let marked = ExtractCommandTests.strip(Self.template)
        let expected = try #require(marked.positions.first)
        let folder = try ExtractCommandTests.folder("lintpos")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try ExtractCommandTests.write(Self.message(html: marked.text, encoding: encoding), "bellavista.eml", in: folder)
        let result = try TestBinary.run(["lint", "--profile", "apple", path])
        #expect(result.status == 1)
        let line = try #require(result.stdoutText.split(separator: "\n").first { $0.contains("[json-syntax-error]") })
        #expect(line.hasPrefix("\(path):12:1: error: JSON-LD script: expected ',' or '}'"), "\(line)")
        #expect(line.hasSuffix(" (part 2, line \(expected) of its decoded text) [json-syntax-error]"), "\(line)")
    }

    static let microdata = """
        <html><body><p>Réservation confirmée — merci ! Voici les détails de votre séjour à l'hôtel Bella Vista, à bientôt.</p>
        <div itemscope itemtype="http://schema.org/LodgingReservation">
          <meta itemprop="reservationNumber" content="H1"><meta itemprop="reservationId" content="H1">
          <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
          <div itemprop="reservationFor" itemscope itemtype="http://schema.org/LodgingBusiness">
            <span itemprop="name">Bella Vista</span>
          </div>
          <span>Arrivée :</span> ‸<time itemprop="checkinTime" datetime="2027-04-31T15:00:00+02:00">31 avril</time>
        </div></body></html>
        """

    @Test("Microdata in an encoded part: the element's line and column in the decoded text, the same format",
          arguments: ["quoted-printable", "base64"])
    func microdataInEncodedPart(_ encoding: String) throws {
        let marked = ExtractCommandTests.strip(Self.microdata)
        let expected = try #require(marked.positions.first)
        let folder = try ExtractCommandTests.folder("lintmd")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try ExtractCommandTests.write(Self.message(html: marked.text, encoding: encoding), "hotel.eml", in: folder)
        let result = try TestBinary.run(["lint", "--profile", "apple", path])
        let line = try #require(result.stdoutText.split(separator: "\n").first { $0.contains("[invalid-date-time]") }, "\(result.stdoutText)")
        #expect(line.hasPrefix("\(path):12:1: error: checkinTime "), "\(line)")
        #expect(line.hasSuffix(" (part 2, line \(expected) of its decoded text) [invalid-date-time]"), "\(line)")
    }

    @Test("an 8bit part keeps the message's own lines: the finding is at its line of the file, naming the part")
    func eightBitPart() throws {
        let marked = ExtractCommandTests.strip(Self.template)
        let expected = try #require(marked.positions.first)
        let message = Self.message(html: "", encoding: "8bit").replacingOccurrences(
            of: "Content-Transfer-Encoding: 8bit\r\n\r\n\r\n",
            with: "Content-Transfer-Encoding: 8bit\r\n\r\n" + marked.text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        let folder = try ExtractCommandTests.folder("lintpos8")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try ExtractCommandTests.write(message, "hotel-8bit.eml", in: folder)
        let result = try TestBinary.run(["lint", "--profile", "apple", path])
        // The body starts on line 15 of the file.
        let line = try #require(result.stdoutText.split(separator: "\n").first { $0.contains("[json-syntax-error]") })
        #expect(line.hasPrefix("\(path):\(expected.line + 14):\(expected.column): error: "), "\(line)")
        #expect(line.hasSuffix(" (part 2) [json-syntax-error]"), "\(line)")
    }

    @Test("sarif and junit from the binary: the region is the part's start; an unreadable input is an error case")
    func ciFormats() throws {
        let marked = ExtractCommandTests.strip(Self.template)
        let folder = try ExtractCommandTests.folder("lintci")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try ExtractCommandTests.write(Self.message(html: marked.text, encoding: "base64"), "mail.eml", in: folder)
        let missing = folder.appendingPathComponent("missing.eml").path

        let sarif = try TestBinary.run(["lint", "--format", "sarif", path, missing])
        #expect(sarif.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let syntax = try #require(results.first { $0["ruleId"] as? String == "json-syntax-error" })
        let region = ((syntax["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 12)
        #expect((run["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)

        let junit = try TestBinary.run(["lint", "--format", "junit", path, missing])
        #expect(junit.status == 1)
        let text = junit.stdoutText
        #expect(text.contains("<testsuites tests=\""))
        #expect(text.contains("errors=\"1\""))
        #expect(text.contains("<error type=\"unreadable\""))
        #expect(text.contains("file=\"\(path)\""))
        #expect(!text.contains("tests=\"0\""))

        let html = try TestBinary.run(["lint", "--format", "html", path])
        #expect(html.stdoutText.hasPrefix("<!DOCTYPE html>"))
        #expect(html.stdoutText.contains("<li class=\"finding error\" data-code=\"json-syntax-error\">"))
        // The excerpt is of the decoded part, where the position counts.
        #expect(html.stdoutText.contains("&quot;reservationNumber&quot;: &quot;R1&quot;"))
    }
}
