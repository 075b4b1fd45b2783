import Foundation
import TestSupport
import Testing

/// Realistic reservation mail, signed by the binary itself, and the files around it, for the
/// filter, scan and security end-to-end tests (namespaced: other files share the module).
enum ReservationMail {
    static let signingKey = TestBinary.repositoryRoot.appendingPathComponent("Tests/DKIMTests/Fixtures/rsa2048.pem").path
    static let selector = "mail2020"
    /// The clock of every run: reservations from late June 2020 on are in the future.
    static let now = "2020-06-20T00:00:00Z"

    // MARK: - Files

    static func folder(_ label: String) throws -> URL { try MailboxE2E.makeFolder(label) }

    /// A keys file publishing the test key for each domain, made with `sign --print-record`.
    static func writeKeys(for domains: [String], in folder: URL) throws -> String {
        var text = "# written by the end-to-end tests\n"
        for domain in domains {
            let result = try TestBinary.run(["sign", "--key", signingKey, "--domain", domain, "--selector", selector,
                                             "--print-record"])
            try #require(result.status == 0, "sign --print-record failed: \(result.stderrText)")
            text += result.stdoutText.hasSuffix("\n") ? result.stdoutText : result.stdoutText + "\n"
        }
        return try MailboxE2E.write(text, to: "keys", in: folder)
    }

    static func writeRegistered(_ domains: [String], in folder: URL) throws -> String {
        try MailboxE2E.write("# senders whose markup we trust\n" + domains.joined(separator: "\n") + "\n",
                             to: "registered", in: folder)
    }

    /// The message with a DKIM-Signature by `domain` (relaxed/relaxed, signed "just after" its date).
    static func sign(_ message: [UInt8], domain: String, selector: String = selector,
                     at time: String = "2020-06-15T00:00:00Z") throws -> [UInt8] {
        let result = try TestBinary.run(["sign", "--key", signingKey, "--domain", domain, "--selector", selector,
                                         "--now", time], input: Data(message))
        try #require(result.status == 0, "sign failed: \(result.stderrText)")
        return Array(result.stdout)
    }

    /// The .ics files of a calendar folder by name (the lock file and others left out).
    static func calendar(_ directory: String) -> [String: [UInt8]] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [String: [UInt8]] = [:]
        for name in names where name.hasSuffix(".ics") {
            files[name] = (try? Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))).map(Array.init)
        }
        return files
    }

    /// Every regular file under `root`, relative path → bytes.
    static func tree(_ root: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init) ?? []
            }
        }
        return files
    }

    /// A vdir file name: a hash, never message text.
    static func isHashName(_ name: String) -> Bool {
        name.count == 36 && name.hasSuffix(".ics") && name.dropLast(4).allSatisfy { "0123456789abcdef".contains($0) }
    }

    // MARK: - iCalendar text

    /// Content lines with folding undone (RFC 5545 §3.1).
    static func unfoldedLines(_ ics: String) -> [String] {
        var lines: [String] = []
        for physical in ics.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = physical.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += physical.dropFirst()
            } else if !physical.isEmpty {
                lines.append(String(physical))
            }
        }
        return lines
    }

    /// The property name of a content line: up to the first ';' or ':' outside quotes.
    static func propertyName(_ line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" })
    }

    /// The raw value of the first property `name` (after the first unquoted ':').
    static func property(_ name: String, in ics: String) -> String? {
        for line in unfoldedLines(ics) where propertyName(line) == name {
            var quoted = false
            for index in line.indices {
                if line[index] == "\"" { quoted.toggle() }
                if line[index] == ":" && !quoted { return String(line[line.index(after: index)...]) }
            }
        }
        return nil
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Markup

    static func postalAddress(_ street: String, _ locality: String, region: String? = nil, postalCode: String? = nil,
                              country: String? = nil) -> [String: Any] {
        var address: [String: Any] = ["@type": "PostalAddress", "streetAddress": street, "addressLocality": locality]
        if let region { address["addressRegion"] = region }
        if let postalCode { address["postalCode"] = postalCode }
        if let country { address["addressCountry"] = country }
        return address
    }

    /// A restaurant table, as in WWDC 2020 session 10197.
    static func restaurant(id: String, name: String = "EPIC Steak", start: String, partySize: Int = 2,
                           status: String = "ReservationConfirmed", guest: String = "Ann Example",
                           telephone: String = "(415) 369-9955",
                           address: [String: Any] = postalAddress("369 The Embarcadero", "San Francisco", region: "CA",
                                                                  postalCode: "94105", country: "US"),
                           url: String? = nil) -> [String: Any] {
        var item: [String: Any] = [
            "@context": "http://schema.org",
            "@type": "FoodEstablishmentReservation",
            "reservationNumber": id,
            "reservationStatus": "http://schema.org/\(status)",
            "partySize": partySize,
            "underName": ["@type": "Person", "name": guest],
            "startTime": start,
            "reservationFor": ["@type": "FoodEstablishment", "name": name, "telephone": telephone, "address": address],
        ]
        if let url { item["url"] = url }
        return item
    }

    static func hotel(id: String, name: String, checkin: String, checkout: String, guest: String = "Ann Example",
                      status: String = "ReservationConfirmed") -> [String: Any] {
        [
            "@context": "http://schema.org",
            "@type": "LodgingReservation",
            "reservationNumber": id,
            "reservationStatus": "http://schema.org/\(status)",
            "underName": ["@type": "Person", "name": guest],
            "checkinDate": checkin,
            "checkoutDate": checkout,
            "reservationFor": [
                "@type": "LodgingBusiness", "name": name, "telephone": "+41 44 000 00 00",
                "address": postalAddress("Bahnhofstrasse 1", "Zürich", postalCode: "8001", country: "CH"),
            ] as [String: Any],
        ]
    }

    static func concert(id: String, name: String, start: String, status: String = "ReservationConfirmed") -> [String: Any] {
        [
            "@context": "http://schema.org",
            "@type": "EventReservation",
            "reservationNumber": id,
            "reservationStatus": "http://schema.org/\(status)",
            "underName": ["@type": "Person", "name": "Ann Example"],
            "reservationFor": [
                "@type": "Event", "name": name, "startDate": start,
                "location": ["@type": "Place", "name": "Royal Albert Hall",
                             "address": postalAddress("Kensington Gore", "London", postalCode: "SW7 2AP", country: "GB")],
            ] as [String: Any],
        ]
    }

    /// JSON-LD text; keys sorted so every run writes the same bytes.
    static func json(_ item: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: item, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }

    /// An HTML confirmation the way senders write them: a table layout with JSON-LD in the head.
    static func html(_ items: [[String: Any]], heading: String = "Your reservation is confirmed") -> String {
        var html = "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>\(heading)</title>\n"
        for item in items {
            html += "<script type=\"application/ld+json\">\n\(json(item))\n</script>\n"
        }
        html += "</head>\n<body style=\"font-family: Helvetica, sans-serif\">\n<table width=\"600\"><tr><td>\n"
        html += "<h1>\(heading)</h1>\n<p>Thank you for booking with us. We look forward to welcoming you.</p>\n"
        html += "<p style=\"color:#888\">To change or cancel, reply to this message or call us.</p>\n"
        html += "</td></tr></table>\n</body>\n</html>\n"
        return html
    }

    /// Quoted-printable (RFC 2045 §6.7) with CRLF line ends and soft breaks before 76 characters.
    static func quotedPrintable(_ text: String) -> String {
        var output = ""
        let hex = Array("0123456789ABCDEF")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let last = index == bytes.count - 1
                var piece: String
                if byte == 0x3D || byte > 0x7E || (byte < 0x20 && byte != 0x09) || (last && (byte == 0x20 || byte == 0x09)) {
                    piece = "=" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
                } else {
                    piece = String(UnicodeScalar(byte))
                }
                if current.count + piece.count > 75 {
                    output += current + "=\r\n"
                    current = ""
                }
                current += piece
            }
            output += current + "\r\n"
        }
        return String(output.dropLast(2))
    }

    /// A multipart/alternative message with CRLF line ends: a plain-text part and the HTML
    /// part (quoted-printable) carrying the markup.
    static func message(from: String, to: String = "Ann Example <ann@example.org>", subject: String, date: String,
                        messageID: String, html: String, text: String = "Your reservation is confirmed.",
                        extraHeaders: [String] = []) -> [UInt8] {
        let boundary = "=_alt_" + String(messageID.utf8.reduce(UInt32(2166136261)) { ($0 ^ UInt32($1)) &* 16777619 }, radix: 16)
        var lines = extraHeaders + [
            "From: \(from)",
            "To: \(to)",
            "Subject: \(subject)",
            "Date: \(date)",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "This is a multi-part message in MIME format.",
            "",
            "--\(boundary)",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 8bit",
            "",
            text,
            "",
            "--\(boundary)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "",
            quotedPrintable(html),
            "--\(boundary)--",
            "",
        ]
        lines = lines.map { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n") }
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    // MARK: - Filter output

    /// Splits a filtered message into our leading fields (one Authentication-Results, then the
    /// X-Event-Suggestion fields), unfolded, and the bytes after them.
    static func splitOurFields(_ bytes: [UInt8]) -> (fields: [(name: String, value: String)], rest: [UInt8]) {
        var fields: [(name: String, value: String)] = []
        var offset = 0
        while offset < bytes.count {
            // One field: its first line and the continuation lines after it.
            var end = offset
            repeat {
                guard let newline = bytes[end...].firstIndex(of: 0x0A) else { return (fields, Array(bytes[offset...])) }
                end = newline + 1
            } while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09)
            let raw = text(Array(bytes[offset..<end]))
            let name = String(raw.prefix { $0 != ":" })
            let expected = fields.isEmpty ? "Authentication-Results" : "X-Event-Suggestion"
            guard name.lowercased() == expected.lowercased() || (!fields.isEmpty && name == "X-Event-Suggestion") else { break }
            let value = raw.dropFirst(name.count + 1)
                .replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: "\n", with: "")
                .trimmingCharacters(in: .whitespaces)
            fields.append((name, value))
            offset = end
        }
        return (fields, Array(bytes[offset...]))
    }

    /// RFC 2047 encoded words (UTF-8, B or Q) decoded; the space between two adjacent words dropped.
    static func decodeWords(_ value: String) -> String {
        let pattern = try! NSRegularExpression(pattern: "=\\?([^?]+)\\?([BbQq])\\?([^?]*)\\?=(\\s+(?==\\?))?")
        var result = ""
        var cursor = value.startIndex
        for match in pattern.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
            let range = Range(match.range, in: value)!
            result += value[cursor..<range.lowerBound]
            let encoding = value[Range(match.range(at: 2), in: value)!].uppercased()
            let payload = String(value[Range(match.range(at: 3), in: value)!])
            if encoding == "B", let data = Data(base64Encoded: payload) {
                result += String(decoding: data, as: UTF8.self)
            } else {
                // RFC 2047 §4.2: "_" is a space, "=XX" a byte in hex.
                result += payload.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "%", with: "%25")
                    .replacingOccurrences(of: "=", with: "%").removingPercentEncoding ?? payload
            }
            cursor = range.upperBound
        }
        return result + value[cursor...]
    }

    /// nil when equal, else where two byte strings first differ (readable in a failed expectation).
    static func difference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
        guard actual != expected else { return nil }
        let common = zip(actual, expected).prefix { $0 == $1 }.count
        func excerpt(_ bytes: [UInt8]) -> String {
            String(reflecting: text(Array(bytes[max(0, common - 40)..<min(bytes.count, common + 80)])))
        }
        return "\(actual.count) bytes, expected \(expected.count); first difference at byte \(common):\n"
            + "  actual:   \(excerpt(actual))\n  expected: \(excerpt(expected))"
    }

    /// The decoded X-Event-Suggestion values of a filtered message.
    static func suggestions(_ bytes: [UInt8]) -> [String] {
        splitOurFields(bytes).fields.filter { $0.name == "X-Event-Suggestion" }.map { decodeWords($0.value) }
    }

    // MARK: - Processes

    /// Runs `executable` with exactly `environment` (no inherited variables).
    static func run(_ executable: String, _ arguments: [String], input: [UInt8],
                    environment: [String: String]) throws -> TestBinary.Result {
        try TestBinary.runProcess(URL(fileURLWithPath: executable), arguments, input: Data(input),
                                  environment: environment, inheritsEnvironment: false)
    }
}

/// The mail delivery agents under test, configured the way the filter's --help says.
enum DeliveryAgent: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case procmail
    case maildrop

    var testDescription: String { rawValue }

    var executable: String { "/usr/bin/" + rawValue }

    /// A home with an rcfile that pipes each message through `filter` (arguments after the
    /// binary) and delivers the result into home/Maildir/.
    func prepare(home: URL, filterArguments: [String]) throws -> (rcfile: String, maildir: String) {
        let maildir = home.appendingPathComponent("Maildir").path + "/"
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + sub, withIntermediateDirectories: true)
        }
        let command = ([TestBinary.eventsuggest.path, "filter"] + filterArguments).joined(separator: " ")
        let rcfile: String
        switch self {
        case .procmail:
            rcfile = try MailboxE2E.write("""
                SHELL=/bin/sh
                PATH=/usr/bin:/bin
                MAILDIR=\(maildir)
                DEFAULT=\(maildir)
                LOGFILE=\(home.path)/procmail.log
                VERBOSE=on

                :0 fw
                | \(command)

                :0
                \(maildir)

                """, to: "procmailrc", in: home)
        case .maildrop:
            rcfile = try MailboxE2E.write("""
                xfilter "\(command)"
                to "\(maildir)"

                """, to: "mailfilter", in: home)
        }
        // maildrop refuses an rcfile that others can write or read.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: rcfile)
        return (rcfile, maildir)
    }

    func deliver(_ message: [UInt8], rcfile: String, home: URL) throws -> TestBinary.Result {
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh",
                           "LOGNAME": NSUserName(), "USER": NSUserName()]
        switch self {
        case .procmail: return try ReservationMail.run(executable, ["-m", rcfile], input: message, environment: environment)
        case .maildrop: return try ReservationMail.run(executable, [rcfile], input: message, environment: environment)
        }
    }

    /// What the agent does to a message a filter wrote, besides the filter's own change:
    /// procmail ends a filtered message with an empty line, so it appends "\n" when the
    /// filter's output does not already end in "\n\n" (a CRLF message never does); maildrop
    /// stores it as it is.
    func afterFilter(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .procmail: return bytes.suffix(2) == [0x0A, 0x0A] ? bytes : bytes + [0x0A]
        case .maildrop: return bytes
        }
    }

    static func delivered(_ maildir: String) -> [[UInt8]] {
        ["new/", "cur/"].flatMap { sub in
            ((try? FileManager.default.contentsOfDirectory(atPath: maildir + sub)) ?? []).sorted()
                .compactMap { try? Data(contentsOf: URL(fileURLWithPath: maildir + sub + $0)) }.map { Array($0) }
        }
    }
}

@Suite("filter under real procmail and maildrop", .serialized)
struct FilterDeliveryTests {
    static let registered = ["epicsteak.example", "tickets.example"]

    /// Three mails of one day: a signed restaurant confirmation, an unsigned newsletter
    /// without markup, a signed concert ticket. (message-id, bytes)
    static func messages() throws -> [(id: String, bytes: [UInt8])] {
        let steak = try ReservationMail.sign(ReservationMail.message(
            from: "EPIC Steak <reservations@epicsteak.example>",
            subject: "Your table at EPIC Steak on Friday, June 26",
            date: "Fri, 19 Jun 2020 10:00:00 -0700",
            messageID: "confirm.IWDSCA.1592586000@epicsteak.example",
            html: ReservationMail.html([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")])),
            domain: "epicsteak.example")
        let newsletter = ReservationMail.message(
            from: "The Food Letter <letter@news.example>",
            subject: "Ten places to eat this summer",
            date: "Fri, 19 Jun 2020 11:00:00 +0000",
            messageID: "letter-25@news.example",
            html: "<html><body><h1>Ten places</h1><p>Number one: EPIC Steak.</p></body></html>\n",
            text: "Ten places to eat this summer.")
        let concert = try ReservationMail.sign(ReservationMail.message(
            from: "Tickets <no-reply@tickets.example>",
            subject: "Your tickets: Symphony Night",
            date: "Fri, 19 Jun 2020 12:00:00 +0100",
            messageID: "order-TK-77@tickets.example",
            html: ReservationMail.html([ReservationMail.concert(id: "TK-77", name: "Symphony Night",
                                                                start: "2020-07-10T20:00:00+01:00")],
                                       heading: "Your tickets")),
            domain: "tickets.example")
        return [("confirm.IWDSCA.1592586000@epicsteak.example", steak), ("letter-25@news.example", newsletter),
                ("order-TK-77@tickets.example", concert)]
    }

    /// The delivered message carrying `messageID`.
    static func find(_ messageID: String, in delivered: [[UInt8]]) -> [UInt8]? {
        delivered.first { ReservationMail.text($0).contains("Message-ID: <\(messageID)>") }
    }

    @Test("every message is delivered as the input plus our fields; the calendar holds the two events",
          arguments: DeliveryAgent.allCases)
    func delivers(agent: DeliveryAgent) throws {
        let folder = try ReservationMail.folder("deliver-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: Self.registered, in: folder)
        let registered = try ReservationMail.writeRegistered(Self.registered, in: folder)
        let calendar = folder.appendingPathComponent("calendars/reservations").path
        let home = folder.appendingPathComponent("home")
        let (rcfile, maildir) = try agent.prepare(home: home, filterArguments: [
            "--calendar", calendar, "--keys", keys, "--registered", registered, "--now", ReservationMail.now])

        let messages = try Self.messages()
        for message in messages {
            let result = try agent.deliver(message.bytes, rcfile: rcfile, home: home)
            #expect(result.status == 0, "\(agent) exit \(result.status): \(result.stderrText)")
        }
        let delivered = DeliveryAgent.delivered(maildir)
        #expect(delivered.count == messages.count)

        for message in messages {
            let output = try #require(Self.find(message.id, in: delivered), "\(message.id) not delivered")
            let (fields, rest) = ReservationMail.splitOurFields(output)
            #expect(ReservationMail.difference(rest, agent.afterFilter(message.bytes)) == nil, "\(message.id): the message after our fields changed")
            #expect(fields.first?.name == "Authentication-Results")
            #expect(fields.first?.value.hasPrefix("eventsuggest;") == true)
            #expect(fields.count >= 2, "\(message.id): no X-Event-Suggestion")
            // Our fields use the message's own line ends.
            let header = ReservationMail.text(Array(output.prefix(output.count - rest.count)))
            #expect(!header.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        }

        let steak = try #require(Self.find(messages[0].id, in: delivered))
        #expect(ReservationMail.splitOurFields(steak).fields.first?.value.contains("dkim=pass header.d=epicsteak.example") == true)
        let steakSuggestion = ReservationMail.suggestions(steak)
        #expect(steakSuggestion.count == 1)
        #expect(steakSuggestion.first?.hasPrefix("created \"EPIC Steak — table for 2\"") == true, "\(steakSuggestion)")
        #expect(steakSuggestion.first?.hasSuffix("id=IWDSCA") == true, "\(steakSuggestion)")

        let letter = try #require(Self.find(messages[1].id, in: delivered))
        #expect(ReservationMail.splitOurFields(letter).fields.first?.value.contains("dkim=none") == true)
        #expect(ReservationMail.suggestions(letter).first?.hasPrefix("none") == true)

        let concert = try #require(Self.find(messages[2].id, in: delivered))
        #expect(ReservationMail.suggestions(concert).first?.hasPrefix("created \"Symphony Night\"") == true)

        let events = ReservationMail.calendar(calendar)
        #expect(events.count == 2)
        #expect(events.keys.allSatisfy(ReservationMail.isHashName))
        let byStart = Dictionary(events.values.map { (ReservationMail.property("DTSTART", in: ReservationMail.text($0)) ?? "?",
                                                      ReservationMail.text($0)) }, uniquingKeysWith: { $1 })
        let dinner = try #require(byStart["20200627T023000Z"], "no event starting 2020-06-26 19:30 PDT: \(byStart.keys)")
        #expect(ReservationMail.property("SUMMARY", in: dinner) == "EPIC Steak — table for 2")
        #expect(ReservationMail.property("STATUS", in: dinner) == "CONFIRMED")
        #expect(ReservationMail.property("X-EVENTSUGGEST-MESSAGE-ID", in: dinner) == "confirm.IWDSCA.1592586000@epicsteak.example")
        let show = try #require(byStart["20200710T190000Z"], "no event starting 2020-07-10 20:00 BST: \(byStart.keys)")
        #expect(ReservationMail.property("SUMMARY", in: show) == "Symphony Night")
    }

    @Test("a calendar folder that cannot be created: every message is still delivered, saying so",
          arguments: DeliveryAgent.allCases)
    func unwritableCalendar(agent: DeliveryAgent) throws {
        let folder = try ReservationMail.folder("unwritable-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try ReservationMail.writeKeys(for: Self.registered, in: folder)
        let registered = try ReservationMail.writeRegistered(Self.registered, in: folder)
        // Tests run as root, where a 0500 folder is writable anyway: a path under a regular
        // file fails for everyone (mkdir: ENOTDIR).
        let blocker = try MailboxE2E.write("not a folder\n", to: "afile", in: folder)
        let calendar = blocker + "/cal"
        let home = folder.appendingPathComponent("home")
        let (rcfile, maildir) = try agent.prepare(home: home, filterArguments: [
            "--calendar", calendar, "--keys", keys, "--registered", registered, "--now", ReservationMail.now])

        let messages = try Self.messages()
        for message in messages {
            let result = try agent.deliver(message.bytes, rcfile: rcfile, home: home)
            #expect(result.status == 0, "\(agent) exit \(result.status): \(result.stderrText)")
        }
        let delivered = DeliveryAgent.delivered(maildir)
        #expect(delivered.count == messages.count)
        for message in messages {
            let output = try #require(Self.find(message.id, in: delivered), "\(message.id) not delivered")
            let (fields, rest) = ReservationMail.splitOurFields(output)
            #expect(ReservationMail.difference(rest, agent.afterFilter(message.bytes)) == nil)
            #expect(fields.first?.value.hasPrefix("eventsuggest;") == true)
        }
        for id in [messages[0].id, messages[2].id] {
            let suggestions = ReservationMail.suggestions(try #require(Self.find(id, in: delivered)))
            #expect(suggestions.count == 1)
            #expect(suggestions.first?.hasPrefix("error (calendar not written:") == true, "\(id): \(suggestions)")
        }
        #expect(ReservationMail.suggestions(try #require(Self.find(messages[1].id, in: delivered))).first?.hasPrefix("none") == true)
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a folder\n")
    }

    @Test("a DNS server that never answers, with --defer-on-tempfail: the filter exits 75 and the mail is not lost",
          arguments: DeliveryAgent.allCases)
    func deferOnTempfail(agent: DeliveryAgent) throws {
        let folder = try ReservationMail.folder("tempfail-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let silent = try LoopbackUDPSocket()
        let registered = try ReservationMail.writeRegistered(Self.registered, in: folder)
        let calendar = folder.appendingPathComponent("cal").path
        let home = folder.appendingPathComponent("home")
        let filterArguments = ["--calendar", calendar, "--dns", "127.0.0.1:\(silent.port)", "--dns-timeout", "1",
                               "--registered", registered, "--now", ReservationMail.now]
        let message = try Self.messages()[0].bytes

        // The filter alone: 75, nothing on stdout.
        let direct = try TestBinary.run(["filter", "--defer-on-tempfail"] + filterArguments, input: Data(message))
        #expect(direct.status == 75)
        #expect(direct.stdout.isEmpty)
        #expect(direct.stderrText.contains("deferring"))

        let (rcfile, maildir) = try agent.prepare(home: home, filterArguments: filterArguments + ["--defer-on-tempfail"])
        let result = try agent.deliver(message, rcfile: rcfile, home: home)
        let delivered = DeliveryAgent.delivered(maildir)
        switch agent {
        case .procmail:
            // procmail: "Program failure (75)", "Rescue of unfiltered data succeeded"; the
            // next recipe delivers the original message, byte for byte, and procmail exits 0.
            #expect(result.status == 0, "procmail exit \(result.status): \(result.stderrText)")
            #expect(delivered == [message])
            let log = (try? String(contentsOfFile: home.path + "/procmail.log", encoding: .utf8)) ?? ""
            #expect(log.contains("Program failure (75)"), "\(log)")
            #expect(log.contains("Rescue of unfiltered data succeeded"), "\(log)")
        case .maildrop:
            // maildrop: "Unable to filter message.", nothing delivered, exit 75 (EX_TEMPFAIL):
            // the MTA keeps the message in its queue and retries.
            #expect(result.status == 75, "maildrop exit \(result.status): \(result.stderrText)")
            #expect(delivered.isEmpty)
        }
        #expect(ReservationMail.calendar(calendar).isEmpty)
        _ = silent
    }

    @Test("the same DNS failure without --defer-on-tempfail: delivered with dkim=temperror, no event",
          arguments: DeliveryAgent.allCases)
    func temperrorDelivered(agent: DeliveryAgent) throws {
        let folder = try ReservationMail.folder("temperror-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let silent = try LoopbackUDPSocket()
        let registered = try ReservationMail.writeRegistered(Self.registered, in: folder)
        let calendar = folder.appendingPathComponent("cal").path
        let home = folder.appendingPathComponent("home")
        let (rcfile, maildir) = try agent.prepare(home: home, filterArguments: [
            "--calendar", calendar, "--dns", "127.0.0.1:\(silent.port)", "--dns-timeout", "1",
            "--registered", registered, "--now", ReservationMail.now])
        let message = try Self.messages()[0].bytes
        let result = try agent.deliver(message, rcfile: rcfile, home: home)
        #expect(result.status == 0, "\(agent) exit \(result.status): \(result.stderrText)")
        let delivered = DeliveryAgent.delivered(maildir)
        #expect(delivered.count == 1)
        let output = try #require(delivered.first)
        let (fields, rest) = ReservationMail.splitOurFields(output)
        #expect(ReservationMail.difference(rest, agent.afterFilter(message)) == nil)
        #expect(fields.first?.value.contains("dkim=temperror") == true, "\(fields.first?.value ?? "")")
        #expect(ReservationMail.suggestions(output).first?.hasPrefix("ignored") == true, "\(ReservationMail.suggestions(output))")
        #expect(ReservationMail.calendar(calendar).isEmpty)
        _ = silent
    }
}
