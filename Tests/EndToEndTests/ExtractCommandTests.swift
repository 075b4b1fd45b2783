import Foundation
import Testing

/// `eventsuggest extract` run the way users run it: e-mails with quoted-printable HTML parts,
/// bare HTML files, forwarded messages, standard input, text and `--json` output, exit codes.
@Suite("extract command")
struct ExtractCommandTests {
    static let fixtures = TestBinary.repositoryRoot.appendingPathComponent("Tests/SchemaMarkupTests/Fixtures")

    // MARK: Helpers (namespaced here: other end-to-end files share the module)

    struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    /// Removes every U+2038 marker and gives each one's 1-based line and column (in Unicode scalars).
    static func strip(_ text: String) -> (text: String, positions: [Position]) {
        var output = String.UnicodeScalarView()
        var positions: [Position] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if scalar == "\u{2038}" {
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
        return (String(output), positions)
    }

    static func fixture(_ name: String) throws -> (text: String, positions: [Position]) {
        strip(try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8))
    }

    /// RFC 2045 §6.7 quoted-printable of UTF-8 text: `=` and bytes outside printable ASCII as
    /// `=XX`, trailing blanks encoded, lines of at most 76 characters with `=` soft breaks,
    /// CRLF line ends.
    static func quotedPrintable(_ text: String) -> String {
        var lines: [String] = []
        for sourceLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(sourceLine.utf8)
            var tokens: [String] = []
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                if (33...126).contains(byte) && byte != UInt8(ascii: "=") || (byte == 0x20 || byte == 0x09) && !isLast {
                    tokens.append(String(UnicodeScalar(byte)))
                } else {
                    tokens.append(String(format: "=%02X", byte))
                }
            }
            var current = ""
            for token in tokens {
                if current.count + token.count > 75 {
                    lines.append(current + "=")
                    current = ""
                }
                current += token
            }
            lines.append(current)
        }
        return lines.joined(separator: "\r\n")
    }

    /// A confirmation e-mail: part 1 text/plain, part 2 the HTML, quoted-printable.
    static func confirmationMessage(html: String) -> String {
        [
            "From: EPIC Steak <reservations@epicsteak.example>",
            "To: John Appleseed <john@example.com>",
            "Subject: Your table at EPIC Steak",
            "Message-ID: <iwdsca@epicsteak.example>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"b1\"",
            "",
            "--b1",
            "Content-Type: text/plain; charset=utf-8",
            "",
            "Your table for two at EPIC Steak is confirmed.",
            "--b1",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            quotedPrintable(html),
            "--b1--",
            "",
        ].joined(separator: "\r\n")
    }

    /// A long line of non-ASCII text and `=` signs before the markup: quoted-printable
    /// breaks it into several lines, so positions in the message and in the decoded part differ.
    static let preamble = "<p>Merci — votre réservation est confirmée. Bon appétit ! Total = 2 × 49 € = 98 €. "
        + String(repeating: "Détails ci-dessous — ", count: 8) + "</p>\n"

    static func folder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("es-extract-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func objects(_ result: TestBinary.Result) throws -> [[String: Any]] {
        try result.stdoutText.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func diagnostics(_ object: [String: Any]) -> [[String: Any]] {
        object["diagnostics"] as? [[String: Any]] ?? []
    }

    /// The position in the text the markup was read from: the decoded part's (`partLine`,
    /// `partColumn`) when there is one, else the file's.
    static func position(_ diagnostic: [String: Any]) -> Position? {
        if let line = diagnostic["partLine"] as? Int, let column = diagnostic["partColumn"] as? Int {
            return Position(line: line, column: column)
        }
        guard let line = diagnostic["line"] as? Int, let column = diagnostic["column"] as? Int else { return nil }
        return Position(line: line, column: column)
    }

    // MARK: Tests

    @Test("extract --help: usage, the options, the exit statuses")
    func help() throws {
        for arguments in [["extract", "--help"], ["help", "extract"]] {
            let result = try TestBinary.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdoutText.hasPrefix("usage: eventsuggest extract FILE..."))
            #expect(result.stdoutText.contains("--json"))
            #expect(result.stdoutText.contains("--strict-json"))
            #expect(result.stdoutText.contains("Exit status"))
        }
        #expect(try TestBinary.run(["--help"]).stdoutText.contains("extract"))
    }

    @Test("an e-mail with a quoted-printable HTML part: text output, positions in the decoded part")
    func emailText() throws {
        let marked = Self.strip(Self.preamble + (try String(
            contentsOf: Self.fixtures.appendingPathComponent("wwdc2020/confirmation.jsonld.html"), encoding: .utf8)))
        #expect(marked.positions.count == 2)
        let message = Self.confirmationMessage(html: marked.text)
        // The message's own lines are not the part's: the preamble alone takes several.
        #expect(message.components(separatedBy: "\r\n").count > marked.text.components(separatedBy: "\n").count + 16)
        let folder = try Self.folder("text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(message, "mail.eml", in: folder)

        let result = try TestBinary.run(["extract", path])
        #expect(result.status == 0)
        #expect(result.stderrText.isEmpty)
        // The file position is where part 2 begins (its Content-Type line, line 13); the
        // place in the decoded text is said in the message.
        let warning = "warning: JSON-LD script: assumed a missing ',' between two object members on different lines"
        #expect(result.stdoutText == """
            \(path)
              FoodEstablishmentReservation ReservationConfirmed #IWDSCA "EPIC Steak" from 2020-06-26T19:30:00-07:00 for 2 [item FoodEstablishmentReservation EPIC Steak]
              \(path):13:1: \(warning) (part 2, line \(marked.positions[0]) of its decoded text) [json-recovered]
              \(path):13:1: \(warning) (part 2, line \(marked.positions[1]) of its decoded text) [json-recovered]


            """)
    }

    @Test("--json: the reservation fields, the raw item, diagnostics with line, column and part of the decoded part")
    func emailJSON() throws {
        let marked = Self.strip(Self.preamble + (try String(
            contentsOf: Self.fixtures.appendingPathComponent("wwdc2020/confirmation.jsonld.html"), encoding: .utf8)))
        let folder = try Self.folder("json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Self.confirmationMessage(html: marked.text), "mail.eml", in: folder)

        let result = try TestBinary.run(["extract", "--json", path])
        #expect(result.status == 0)
        let objects = try Self.objects(result)
        #expect(objects.count == 1)
        let object = try #require(objects.first)
        #expect(object["file"] as? String == path)
        let reservations = try #require(object["reservations"] as? [[String: Any]])
        #expect(reservations.count == 1)
        let reservation = try #require(reservations.first)
        #expect(reservation["type"] as? String == "FoodEstablishmentReservation")
        #expect(reservation["reservationId"] as? String == "IWDSCA")
        #expect(reservation["status"] as? String == "ReservationConfirmed")
        #expect(reservation["name"] as? String == "EPIC Steak")
        #expect(reservation["start"] as? String == "2020-06-26T19:30:00-07:00")
        #expect(reservation["end"] is NSNull)
        #expect(reservation["partySize"] as? Int == 2)
        #expect(reservation["url"] is NSNull)
        #expect(reservation["underName"] is NSNull)
        #expect(reservation["address"] as? String == "369 The Embarcadero, San Francisco, CA 95105, USA")
        #expect(reservation["telephone"] as? String == "(415)369-9955")
        #expect(reservation["item"] as? String == "FoodEstablishmentReservation EPIC Steak")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items.first?["reservationId"] as? String == "IWDSCA")
        #expect((items.first?["reservationFor"] as? [String: Any])?["startDate"] as? String == "2020-06-26T19:30:00-07:00")
        let diagnostics = Self.diagnostics(object)
        #expect(diagnostics.map { $0["code"] as? String } == ["json-recovered", "json-recovered"])
        #expect(diagnostics.map { $0["severity"] as? String } == ["warning", "warning"])
        #expect(diagnostics.map { $0["part"] as? String } == ["2", "2"])
        #expect(diagnostics.map(Self.position) == marked.positions)
    }

    @Test("--strict-json: the missing comma is a json-syntax-error at the same decoded position; nothing read; still exit 0")
    func strictJSON() throws {
        let marked = Self.strip(Self.preamble + (try String(
            contentsOf: Self.fixtures.appendingPathComponent("wwdc2020/confirmation.jsonld.html"), encoding: .utf8)))
        let folder = try Self.folder("strict")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Self.confirmationMessage(html: marked.text), "mail.eml", in: folder)

        let json = try TestBinary.run(["extract", "--json", "--strict-json", path])
        #expect(json.status == 0)
        let object = try #require(try Self.objects(json).first)
        #expect((object["reservations"] as? [Any])?.isEmpty == true)
        #expect((object["items"] as? [Any])?.isEmpty == true)
        let diagnostics = Self.diagnostics(object)
        #expect(diagnostics.map { $0["code"] as? String } == ["json-syntax-error"])
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect(diagnostics.first.flatMap(Self.position) == marked.positions.first)

        let text = try TestBinary.run(["extract", "--strict-json", path])
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("  no reservations\n"))
        #expect(text.stdoutText.contains("\(path):13:1: error: JSON-LD script: "))
        #expect(text.stdoutText.contains(" (part 2, line \(marked.positions[0]) of its decoded text) [json-syntax-error]"))
        #expect(text.stdoutText.contains("[json-syntax-error]"))
    }

    @Test("a long quoted-printable line: the column counts in the decoded line, not the encoded ones")
    func longLineColumn() throws {
        let marked = Self.strip(Self.preamble + """
            <script type="application/ld+json">{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "RXJ34P", "underName": "Zoë"‸ "reservationStatus": "Confirmed"}</script>
            </body></html>
            """)
        #expect(marked.positions.first?.column ?? 0 > 76)
        let folder = try Self.folder("long")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(Self.confirmationMessage(html: marked.text), "mail.eml", in: folder)
        let result = try TestBinary.run(["extract", "--json", path])
        let object = try #require(try Self.objects(result).first)
        let diagnostics = Self.diagnostics(object)
        #expect(diagnostics.map { $0["code"] as? String } == ["json-syntax-error"])
        #expect(diagnostics.first.flatMap(Self.position) == marked.positions.first)
        #expect(diagnostics.first?["part"] as? String == "2")
    }

    @Test("a bare .html file is one part: positions in the file, no part number")
    func bareHTML() throws {
        let marked = try Self.fixture("wwdc2020/confirmation.jsonld.html")
        let folder = try Self.folder("html")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(marked.text, "template.html", in: folder)
        let microdata = try Self.write(try Self.fixture("reservations/flight.microdata.html").text, "flight.HTM", in: folder)

        let json = try TestBinary.run(["extract", "--json", path, microdata])
        #expect(json.status == 0)
        let objects = try Self.objects(json)
        #expect(objects.map { $0["file"] as? String } == [path, microdata])
        let diagnostics = Self.diagnostics(objects[0])
        #expect(diagnostics.map(Self.position) == marked.positions)
        #expect(diagnostics.allSatisfy { $0["part"] is NSNull })
        let flight = (objects[1]["reservations"] as? [[String: Any]])?.first
        #expect(flight?["type"] as? String == "FlightReservation")
        #expect(flight?["reservationId"] as? String == "RXJ34P")
        #expect(flight?["item"] as? String == "UA 110@2027-03-04")
        #expect(flight?["start"] as? String == "2027-03-04T20:15:00-08:00")
        #expect(flight?["end"] as? String == "2027-03-05T06:30:00-05:00")
        #expect(flight?["underName"] as? String == "Eva Green")

        let text = try TestBinary.run(["extract", path])
        #expect(text.stdoutText.contains("\n  \(path):\(marked.positions[0]): warning: "))
        #expect(!text.stdoutText.contains("(part"))
    }

    @Test("markup inside a forwarded message (message/rfc822) is not extracted: its signer is not its author")
    func forwardedMessage() throws {
        let inner = Self.confirmationMessage(html: try Self.fixture("reservations/flight.jsonld.html").text)
        let outer = [
            "From: John Appleseed <john@example.com>",
            "To: jane@example.com",
            "Subject: Fwd: Your flight",
            "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"outer\"",
            "",
            "--outer",
            "Content-Type: text/html; charset=utf-8",
            "",
            "<html><body><p>See my flight below.</p></body></html>",
            "--outer",
            "Content-Type: message/rfc822",
            "Content-Disposition: attachment; filename=\"flight.eml\"",
            "",
            inner,
            "--outer--",
            "",
        ].joined(separator: "\r\n")
        let folder = try Self.folder("forward")
        defer { try? FileManager.default.removeItem(at: folder) }
        let forwarded = try Self.write(outer, "forwarded.eml", in: folder)
        let original = try Self.write(inner, "original.eml", in: folder)

        let result = try TestBinary.run(["extract", "--json", forwarded, original])
        #expect(result.status == 0)
        let objects = try Self.objects(result)
        #expect(objects.count == 2)
        #expect((objects[0]["reservations"] as? [Any])?.isEmpty == true)
        #expect((objects[0]["items"] as? [Any])?.isEmpty == true)
        // Issue 13: the user is told why the forwarded markup was not read, in one note.
        #expect(Self.diagnostics(objects[0]).map { $0["code"] as? String } == ["forwarded-message-ignored"])
        // The same message on its own does carry a reservation.
        #expect((objects[1]["reservations"] as? [[String: Any]])?.first?["reservationId"] as? String == "RXJ34P")

        let text = try TestBinary.run(["extract", forwarded])
        #expect(text.stdoutText.hasPrefix("\(forwarded)\n  no reservations\n"))
        #expect(text.stdoutText.contains("[forwarded-message-ignored]"))
    }

    @Test("standard input as -, and an mbox: one object per message, each with its line")
    func stdinAndMbox() throws {
        let message = Self.confirmationMessage(html: try Self.fixture("reservations/flight.jsonld.html").text)
        let stdin = try TestBinary.run(["extract", "--json", "-"], input: Data(message.utf8))
        #expect(stdin.status == 0)
        let object = try #require(try Self.objects(stdin).first)
        #expect(object["file"] as? String == "-")
        #expect((object["reservations"] as? [Any])?.count == 1)

        let unix = message.replacingOccurrences(of: "\r\n", with: "\n")
        let mbox = "From sender@example.com Thu Jan  1 00:00:00 2026\n" + unix + "\n"
            + "From sender@example.com Thu Jan  1 00:00:01 2026\n" + unix + "\n"
        let folder = try Self.folder("mbox")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.write(mbox, "inbox.mbox", in: folder)
        let result = try TestBinary.run(["extract", "--json", path])
        #expect(result.status == 0)
        let objects = try Self.objects(result)
        let messageLines = unix.components(separatedBy: "\n").count
        #expect(objects.map { $0["line"] as? Int } == [2, 2 + messageLines + 1])
        #expect(objects.allSatisfy { ($0["reservations"] as? [Any])?.count == 1 })
    }

    @Test("exit status: 2 on usage errors, 1 when an input cannot be read (after the others are shown), 0 otherwise")
    func exitStatus() throws {
        let noFile = try TestBinary.run(["extract"])
        #expect(noFile.status == 2)
        #expect(noFile.stderrText.contains("extract needs at least one FILE"))
        let badOption = try TestBinary.run(["extract", "--frob", "x.eml"])
        #expect(badOption.status == 2)
        #expect(badOption.stderrText.contains("unknown option '--frob'"))

        let folder = try Self.folder("status")
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try Self.write(try Self.fixture("reservations/train.jsonld.html").text, "train.html", in: folder)
        let absent = folder.appendingPathComponent("absent.eml").path
        let mixed = try TestBinary.run(["extract", "--json", good, absent])
        #expect(mixed.status == 1)
        #expect(mixed.stderrText.contains("absent.eml"))
        let objects = try Self.objects(mixed)
        #expect(objects.map { $0["file"] as? String } == [good])
        // Findings in the markup (here an end before the start) do not change the status.
        #expect(Self.diagnostics(objects[0]).map { $0["code"] as? String } == ["end-before-start"])

        let garbage = try Self.write("\u{0}\u{1}not a message at all\u{FF}", "garbage.eml", in: folder)
        let odd = try TestBinary.run(["extract", "--json", garbage])
        #expect(odd.status == 0)
        #expect((try Self.objects(odd).first?["reservations"] as? [Any])?.isEmpty == true)
    }
}
