import Foundation
import Testing

/// Every input limit, lowered with `--limit NAME=N` on the command line: the message that
/// stays inside the default passes cleanly, the same message over the lowered limit gives
/// the limit's finding code, and nothing crashes or is lost.
@Suite("limits: each one named, changeable on the command line, reported by its code", .serialized)
struct LimitOptionTests {
    /// One limit: the value to lower it to, the message that goes over it, the code expected.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let value: String
        let message: @Sendable () throws -> [UInt8]
        let code: String
        var testDescription: String { "\(name)=\(value) → \(code)" }
    }

    static var steak: [String: Any] { ReservationMail.restaurant(id: "LIMIT1", start: "2020-06-26T19:30:00-07:00") }
    static var concert: [String: Any] { ReservationMail.concert(id: "LIMIT2", name: "Spring Gala", start: "2020-06-27T20:00:00-07:00") }

    /// A signed confirmation from epicsteak.example carrying `html`.
    static func signed(html: String, extraHeaders: [String] = [], signatures: Int = 1) throws -> [UInt8] {
        var message = ReservationMail.message(
            from: "EPIC Steak <reservations@epicsteak.example>", subject: "Your table", date: "Fri, 19 Jun 2020 10:00:00 -0700",
            messageID: "limits@epicsteak.example", html: html, extraHeaders: extraHeaders)
        for _ in 0..<signatures { message = try ReservationMail.sign(message, domain: "epicsteak.example") }
        return message
    }

    static func markup(_ items: [[String: Any]]) throws -> [UInt8] { try signed(html: ReservationMail.html(items)) }

    /// Two Microdata items, one inside the other.
    static let microdataHTML = """
        <html><body><div itemscope itemtype="http://schema.org/FoodEstablishmentReservation">
        <span itemprop="reservationNumber">MD1</span>
        <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
        <div itemprop="reservationFor" itemscope itemtype="http://schema.org/FoodEstablishment"><span itemprop="name">EPIC Steak</span></div>
        <time itemprop="startTime" datetime="2020-06-26T19:30:00-07:00">19:30</time>
        </div></body></html>
        """

    /// The message's HTML alternative wrapped in one more multipart (depth 2).
    static func nested() throws -> [UInt8] {
        let inner = ReservationMail.message(
            from: "EPIC Steak <reservations@epicsteak.example>", subject: "Your table", date: "Fri, 19 Jun 2020 10:00:00 -0700",
            messageID: "limits@epicsteak.example", html: ReservationMail.html([steak]))
        let text = String(decoding: inner, as: UTF8.self)
        let split = text.range(of: "\r\n\r\n")!
        let header = text[..<split.lowerBound].split(separator: "\r\n").filter { !$0.hasPrefix("Content-Type") && !$0.hasPrefix("MIME") }
        let innerType = text[..<split.lowerBound].split(separator: "\r\n").first { $0.hasPrefix("Content-Type") }!
        let body = text[split.upperBound...]
        let wrapped = header.joined(separator: "\r\n") + "\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=outer\r\n\r\n"
            + "--outer\r\n\(innerType)\r\n\r\n\(body)\r\n--outer--\r\n"
        return try ReservationMail.sign(Array(wrapped.utf8), domain: "epicsteak.example")
    }

    static let cases: [Case] = [
        Case(name: "message-bytes", value: "2K", message: { try markup([steak]) }, code: "message-too-large"),
        Case(name: "header-bytes", value: "300", message: { try markup([steak]) }, code: "header-too-large"),
        Case(name: "header-fields", value: "4", message: { try markup([steak]) }, code: "too-many-header-fields"),
        Case(name: "mime-depth", value: "1", message: { try nested() }, code: "mime-depth-exceeded"),
        Case(name: "mime-parts", value: "2", message: { try markup([steak]) }, code: "too-many-parts"),
        Case(name: "decoded-bytes", value: "100", message: { try markup([steak]) }, code: "decoded-size-exceeded"),
        Case(name: "dkim-signatures", value: "1", message: { try signed(html: ReservationMail.html([steak]), signatures: 2) },
             code: "too-many-signatures"),
        Case(name: "dns-queries", value: "1", message: { try signed(html: ReservationMail.html([steak]), signatures: 2) },
             code: "dns-query-limit"),
        Case(name: "rsa-bits", value: "1024", message: { try markup([steak]) }, code: "rsa-key-too-large"),
        Case(name: "html-bytes", value: "200", message: { try markup([steak]) }, code: "html-too-large"),
        Case(name: "html-depth", value: "2", message: { try markup([steak]) }, code: "html-depth-exceeded"),
        Case(name: "json-bytes", value: "100", message: { try markup([steak]) }, code: "json-too-large"),
        Case(name: "json-depth", value: "2", message: { try markup([steak]) }, code: "json-too-deep"),
        Case(name: "microdata-items", value: "1", message: { try signed(html: microdataHTML) }, code: "too-many-items"),
        Case(name: "item-depth", value: "1", message: { try signed(html: microdataHTML) }, code: "item-too-deep"),
        Case(name: "events", value: "1", message: { try markup([steak, concert]) }, code: "too-many-reservations"),
    ]

    /// `scan --report -` of one message: the diagnostics' codes, the DKIM verdicts, the events written.
    static func scan(_ message: [UInt8], _ extra: [String], in setup: SecurityTests.Setup) throws
        -> (status: Int32, codes: [String], dkim: [String], events: Int, stderr: String) {
        let maildir = setup.folder.appendingPathComponent("mail-\(UUID().uuidString)")
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try Data(message).write(to: maildir.appendingPathComponent("new/1.limits"))
        let calendar = setup.folder.appendingPathComponent("cal-\(UUID().uuidString)").path
        let result = try TestBinary.run(["scan", "--keys", setup.keys, "--registered", setup.registered,
                                         "--now", ReservationMail.now, "--calendar", calendar, "--report", "-",
                                         maildir.path] + extra)
        let line = try #require(result.stdoutText.split(separator: "\n").first, "no report line: \(result.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        let dkim = (object["dkim"] as? [[String: Any]] ?? []).compactMap { $0["result"] as? String }
        return (result.status, codes, dkim, ReservationMail.calendar(calendar).count, result.stderrText)
    }

    @Test("the case table covers every limit 'help limits' lists")
    func tableCoversEveryLimit() throws {
        let help = try TestBinary.run(["help", "limits"])
        #expect(help.status == 0)
        let listed = help.stdoutText.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let equals = line.firstIndex(of: "=") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 2)..<equals])
        }
        #expect(listed.count == 16)
        #expect(Set(listed) == Set(Self.cases.map(\.name)))
        for limit in Self.cases { #expect(help.stdoutText.contains("[\(limit.code)]"), "\(limit.name)") }
    }

    @Test("within the default the message is clean; lowered, the limit's code is reported", arguments: cases)
    func lowered(_ limit: Case) throws {
        let setup = try SecurityTests.Setup("limit-\(limit.name)")
        defer { setup.remove() }
        let message = try limit.message()
        let normal = try Self.scan(message, [], in: setup)
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(!normal.codes.contains(limit.code), "the default already hits it: \(normal.codes)")
        #expect(normal.events >= 1 && normal.dkim.allSatisfy { $0 == "pass" }, "\(normal.codes) \(normal.dkim)")

        let limited = try Self.scan(message, ["--limit", "\(limit.name)=\(limit.value)"], in: setup)
        #expect(limited.codes.contains(limit.code), "\(limited.codes) \(limited.stderr)")
        #expect(limited.status == 0 || limited.status == 1, "\(limited.stderr)")
        #expect(!limited.stderr.contains("Fatal error"))
    }

    @Test("what a lowered limit then does: fewer events, no trust, a neutral verdict")
    func consequences() throws {
        let setup = try SecurityTests.Setup("limit-effects")
        defer { setup.remove() }
        let two = try Self.markup([Self.steak, Self.concert])
        #expect(try Self.scan(two, [], in: setup).events == 2)
        #expect(try Self.scan(two, ["--limit", "events=1"], in: setup).events == 1)

        let twice = try Self.signed(html: ReservationMail.html([Self.steak]), signatures: 2)
        #expect(try Self.scan(twice, ["--limit", "dkim-signatures=1"], in: setup).dkim == ["pass", "neutral"])
        let big = try Self.scan(twice, ["--limit", "rsa-bits=1024"], in: setup)
        #expect(big.dkim == ["permerror", "permerror"] && big.events == 0)
        // The later --limit for the same name wins (the configuration file's come first).
        #expect(try Self.scan(twice, ["--limit", "rsa-bits=1024", "--limit", "rsa-bits=4K"], in: setup).events == 1)
    }

    @Test("filter over message-bytes delivers the message whole, verdict neutral, no event")
    func filterPassesOversizedMail() throws {
        let setup = try SecurityTests.Setup("limit-filter")
        defer { setup.remove() }
        let message = try Self.markup([Self.steak])
        let calendar = setup.folder.appendingPathComponent("cal").path
        let result = try setup.filter(message, calendar: calendar, extra: ["--limit", "message-bytes=1K"])
        #expect(result.status == 0, "\(result.stderrText)")
        let split = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(split.rest == message)
        let verdict = try #require(split.fields.first { $0.name == "Authentication-Results" }?.value)
        #expect(verdict.contains("dkim=neutral") && verdict.contains("limit message-bytes"), "\(verdict)")
        #expect(ReservationMail.calendar(calendar).isEmpty)
    }

    @Test("verify --json names the limit that decided a verdict")
    func verifyNamesTheLimit() throws {
        let setup = try SecurityTests.Setup("limit-verify")
        defer { setup.remove() }
        let twice = try Self.signed(html: ReservationMail.html([Self.steak]), signatures: 2)
        let result = try TestBinary.run(["verify", "--json", "--keys", setup.keys, "--now", ReservationMail.now,
                                         "--limit", "dns-queries=1", "-"], input: Data(twice))
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let signatures = try #require(object["signatures"] as? [[String: Any]])
        #expect(signatures.map { $0["result"] as? String } == ["pass", "neutral"])
        #expect(signatures.map { $0["limit"] as? String } == [nil, "dns-query-limit"])
    }

    @Test("a limit in the configuration file applies; the command line wins")
    func configurationFile() throws {
        let setup = try SecurityTests.Setup("limit-config")
        defer { setup.remove() }
        let config = setup.folder.appendingPathComponent("config")
        try "limit events=1\n".write(to: config, atomically: false, encoding: .utf8)
        let two = try Self.markup([Self.steak, Self.concert])
        #expect(try Self.scan(two, ["--config", config.path], in: setup).events == 1)
        #expect(try Self.scan(two, ["--config", config.path, "--limit", "events=5"], in: setup).events == 2)
    }

    @Test("bad --limit values are usage errors that say what is wanted", arguments: [
        ("nosuch=5", "NAME one of"), ("events", "NAME one of"), ("events=", "at least 1"), ("events=0", "at least 1"),
        ("events=-3", "at least 1"), ("events=1.5", "at least 1"), ("rsa-bits=512", "at least 1024"),
        ("message-bytes=99999999999G", "at least 1"), ("events=5X", "at least 1"),
    ])
    func badValues(_ setting: String, _ expected: String) throws {
        for command in ["scan", "verify", "lint", "extract", "inspect"] {
            let result = try TestBinary.run([command, "--limit", setting, "/nonexistent"], input: Data())
            #expect(result.status == 2, "\(command) \(setting): \(result.stderrText)")
            #expect(result.stderrText.contains(expected), "\(command) \(setting): \(result.stderrText)")
        }
        // filter (issue 14): a setup error still delivers the message, with our error field, exit 0.
        let message = Data("From: a@b.example\r\nSubject: s\r\n\r\nbody\r\n".utf8)
        let filter = try TestBinary.run(["filter", "--limit", setting], input: message)
        #expect(filter.status == 0, "filter \(setting): \(filter.stderrText)")
        #expect(filter.stderrText.contains(expected), "filter \(setting): \(filter.stderrText)")
        #expect(ReservationMail.suggestions(Array(filter.stdout)).first?.hasPrefix("error (not examined: ") == true)
        #expect(filter.stdout.suffix(message.count) == message)
    }

    @Test("K, M and G multiply by 1024; help shows the defaults in that form")
    func amounts() throws {
        let help = try TestBinary.run(["help", "limits"]).stdoutText
        #expect(help.contains("  message-bytes=64M\n") && help.contains("  header-fields=1000\n"))
        let setup = try SecurityTests.Setup("limit-amounts")
        defer { setup.remove() }
        let message = try Self.markup([Self.steak])
        #expect(try Self.scan(message, ["--limit", "message-bytes=2K"], in: setup).codes.contains("message-too-large"))
        #expect(!(try Self.scan(message, ["--limit", "message-bytes=1m"], in: setup).codes.contains("message-too-large")))
    }
}
