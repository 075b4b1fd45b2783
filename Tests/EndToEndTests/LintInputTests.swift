import Foundation
import Testing

/// What lint reads (mbox files and Maildir folders, split), which rules it runs
/// (`--profile`, `--disable`, also from the configuration file) and `help codes`.
@Suite("lint inputs and suppression")
struct LintInputTests {
    static let samples = TestBinary.repositoryRoot.appendingPathComponent("Maildir-samples")

    static func temporary(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("es-lintin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func lint(_ arguments: [String]) throws -> TestBinary.Result {
        try TestBinary.runProcess(TestBinary.eventsuggest, ["lint"] + arguments,
                                  environment: ["EVENTSUGGEST_SYSTEM_CONFIG": "none", "XDG_CONFIG_HOME": "/nonexistent"])
    }

    /// The codes of a text run's findings, one per line, sorted.
    static func codes(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }.sorted()
    }

    @Test("an mbox file is split and every message linted: the same findings as the Maildir of the same 20 messages")
    func mboxAndMaildirAreSplit() throws {
        let mbox = try Self.lint([Self.samples.appendingPathComponent("samples.mbox").path])
        let maildir = try Self.lint([Self.samples.path])
        #expect(mbox.stdoutText.hasSuffix("in 20 files\n"), "\(mbox.stdoutText.suffix(200))")   // not just the first message
        #expect(maildir.stdoutText.hasSuffix("in 20 files\n"))
        #expect(Self.codes(mbox.stdoutText) == Self.codes(maildir.stdoutText))
        #expect(Self.codes(mbox.stdoutText).count > 20)
        // Each message is named: by the mbox and its line, or by its own file in the Maildir.
        for line in mbox.stdoutText.split(separator: "\n").dropLast() {
            #expect(line.hasPrefix(Self.samples.appendingPathComponent("samples.mbox").path + ":")
                || line.hasPrefix(Self.samples.appendingPathComponent("samples.mbox").path + "("), "\(line)")
        }
        for line in maildir.stdoutText.split(separator: "\n").dropLast() {
            #expect(line.hasPrefix(Self.samples.appendingPathComponent("cur").path + "/")
                || line.hasPrefix(Self.samples.appendingPathComponent("new").path + "/"), "\(line)")
        }
    }

    static let complete = """
        <html><body><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "TaxiReservation", "reservationId": "T1", "reservationNumber": "T1",
         "reservationStatus": "https://schema.org/ReservationConfirmed", "underName": {"@type": "Person", "name": "Eva"},
         "reservationFor": {"@type": "Organization", "name": "Taxi Zurich"},
         "pickupLocation": {"@type": "Place", "name": "Airport"}, "pickupTime": "2027-05-01T10:00:00+02:00"}
        </script></body></html>
        """

    @Test("an .html template with no markup at all is a no-markup error; a complete one passes")
    func htmlWithoutMarkup() throws {
        let bare = try Self.temporary("bare.html", "<html><body><p>Your table is booked.</p></body></html>\n")
        let result = try Self.lint([bare])
        #expect(result.status == 1)
        #expect(Self.codes(result.stdoutText) == ["no-markup"])
        let good = try Self.lint([try Self.temporary("good.html", Self.complete)])
        #expect(good.status == 0, "\(good.stdoutText)")
        #expect(Self.codes(good.stdoutText) == [])
    }

    @Test("--disable turns one rule off (repeatable, comma lists, configuration file); an unknown code is a usage error")
    func disable() throws {
        let bare = try Self.temporary("bare.html", "<html><body><p>Booked.</p></body></html>\n")
        let off = try Self.lint(["--disable", "no-markup", bare])
        #expect(off.status == 0)
        #expect(Self.codes(off.stdoutText) == [])
        let gmail = try Self.temporary("gmail.html", Self.complete.replacingOccurrences(of: #""reservationId": "T1", "#, with: ""))
        #expect(Self.codes(try Self.lint([gmail]).stdoutText) == ["identifier-alias"])
        #expect(Self.codes(try Self.lint(["--disable", "identifier-alias", "--disable", "no-markup", gmail, bare]).stdoutText) == [])
        #expect(Self.codes(try Self.lint(["--disable", "identifier-alias, no-markup", gmail, bare]).stdoutText) == [])
        let config = try Self.temporary("config", "# the team's choices\ndisable = no-markup, identifier-alias\n")
        let configured = try Self.lint(["--config", config, gmail, bare])
        #expect(configured.status == 0, "\(configured.stderrText)")
        #expect(Self.codes(configured.stdoutText) == [])

        let typo = try Self.lint(["--disable", "no-marku", bare])
        #expect(typo.status == 2)
        #expect(typo.stderrText.contains("'no-marku' is no finding code"))
        #expect(typo.stdout.isEmpty)
    }

    @Test("--profile: empty or unknown is a usage error; repeated adds; one profile reads only its own id")
    func profile() throws {
        let gmail = try Self.temporary("gmail.html", Self.complete.replacingOccurrences(of: #""reservationId": "T1", "#, with: ""))
        for bad in ["", ",", "yahoo", "apple,yahoo"] {
            let result = try Self.lint(["--profile", bad, gmail])
            #expect(result.status == 2, "'\(bad)'")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Self.lint(["--profile", "yahoo", gmail]).stderrText.contains("not 'yahoo'"))
        let repeated = try Self.lint(["--profile", "apple", "--profile", "google", gmail])
        #expect(repeated.stdoutText == (try Self.lint([gmail]).stdoutText))
        #expect(Self.codes(try Self.lint(["--profile", "google", gmail]).stdoutText) == [])
        #expect(Self.codes(try Self.lint(["--profile", "apple", gmail]).stdoutText) == ["missing-property"])
    }

    @Test("help codes lists every code with its severity and help, sorted by id")
    func helpCodes() throws {
        let result = try TestBinary.run(["help", "codes"])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("  ") }
        let ids = lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(ids == ids.sorted())
        #expect(lines.count > 60)
        for id in ["no-markup", "date-not-signed", "unknown-property", "identifier-alias", "end-time-passed", "trusted"] {
            #expect(ids.contains(id), "\(id)")
        }
        #expect(lines.contains { $0.contains("no-markup") && $0.contains("error") && $0.contains("no schema.org markup") })
    }

    /// What Maildir-samples/README.md explains finding by finding: if a sample or a rule
    /// changes, the README has to say why again.
    @Test("our own samples give exactly the findings their README explains")
    func samplesAsExplained() throws {
        let result = try Self.lint([Self.samples.path])
        var counts: [String: Int] = [:]
        for code in Self.codes(result.stdoutText) { counts[code, default: 0] += 1 }
        #expect(counts == [
            "identifier-alias": 18, "missing-property": 18, "no-markup": 2, "json-syntax-error": 1,
            "duplicate-item-reference": 1, "unknown-property": 1, "forwarded-message-ignored": 1,
        ])
        #expect(result.stdoutText.hasSuffix("22 errors, 19 warnings in 20 files\n"))
    }
}
