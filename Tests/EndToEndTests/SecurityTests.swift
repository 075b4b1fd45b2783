import Foundation
import Testing

/// Hostile mail against the filter and the calendar: paths, iCalendar and header injection,
/// look-alike senders, forged verdicts, forwarded markup.
@Suite("security: what a sender can and cannot make us do", .serialized)
struct SecurityTests {
    static let python = "/usr/bin/python3"

    struct Setup {
        let folder: URL
        let keys: String
        let registered: String

        init(_ label: String, signers: [String] = ["epicsteak.example", "tickets.example"],
             registered: [String] = ["epicsteak.example", "tickets.example"]) throws {
            folder = try ReservationMail.folder(label)
            keys = try ReservationMail.writeKeys(for: signers, in: folder)
            self.registered = try ReservationMail.writeRegistered(registered, in: folder)
        }

        func filter(_ message: [UInt8], calendar: String? = nil, extra: [String] = []) throws -> TestBinary.Result {
            try TestBinary.run(["filter", "--keys", keys, "--registered", registered, "--now", ReservationMail.now]
                + (calendar.map { ["--calendar", $0] } ?? []) + extra, input: Data(message))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    static func steakMail(_ items: [[String: Any]], id: String = "confirm@epicsteak.example",
                          from: String = "EPIC Steak <reservations@epicsteak.example>") -> [UInt8] {
        ReservationMail.message(from: from, subject: "Your table at EPIC Steak", date: "Fri, 19 Jun 2020 10:00:00 -0700",
                                messageID: id, html: ReservationMail.html(items))
    }

    /// Parses .ics files with Python's icalendar: per file, the components (name, property
    /// names, properties that occur more than once, decoded text values).
    static func pythonParse(_ paths: [String]) throws -> [[[String: Any]]] {
        let script = """
            import json, sys
            from icalendar import Calendar
            out = []
            for path in sys.argv[1:]:
                with open(path, 'rb') as f:
                    cal = Calendar.from_ical(f.read())
                comps = []
                for c in cal.walk():
                    values, repeated = {}, []
                    for k, v in c.items():
                        if isinstance(v, list):
                            repeated.append(k)
                        else:
                            values[k] = str(v) if isinstance(v, str) else v.to_ical().decode()
                    comps.append({'name': c.name, 'props': list(c.keys()), 'repeated': repeated, 'values': values,
                                  'errors': [str(e) for e in getattr(c, 'errors', [])]})
                out.append(comps)
            print(json.dumps(out))
            """
        let result = try ReservationMail.run(python, ["-c", script] + paths, input: [],
                                             environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        try #require(result.status == 0, "python icalendar could not parse: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[[String: Any]]])
    }

    static let allowedProperties: Set<String> = [
        "VERSION", "PRODID", "UID", "DTSTAMP", "DTSTART", "DTEND", "SEQUENCE", "STATUS", "SUMMARY", "LOCATION",
        "DESCRIPTION", "URL", "CREATED", "LAST-MODIFIED", "X-EVENTSUGGEST-RESERVATION-ID", "X-EVENTSUGGEST-RESERVATION",
        "X-EVENTSUGGEST-ITEM", "X-EVENTSUGGEST-DOMAIN", "X-EVENTSUGGEST-MESSAGE-ID", "X-EVENTSUGGEST-MESSAGE-DATE",
        "X-EVENTSUGGEST-VERSION", "X-EVENTSUGGEST-STATUS-VERSION", "X-EVENTSUGGEST-PART",
    ]

    /// The raw text is one VCALENDAR with one VEVENT, only our properties, each once, CRLF
    /// lines of at most 75 octets.
    static func checkStructure(_ bytes: [UInt8], _ name: String) {
        let text = ReservationMail.text(bytes)
        #expect(text.hasSuffix("\r\n"), "\(name)")
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { !$0.contains("\r") && !$0.contains("\n") }, "\(name): a bare CR or LF")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "\(name): a line longer than 75 octets")
        let controls = physical.filter { $0.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F } }
        #expect(controls.isEmpty, "\(name): control characters in \(controls)")
        let lines = ReservationMail.unfoldedLines(text)
        #expect(lines.filter { $0.hasPrefix("BEGIN:") } == ["BEGIN:VCALENDAR", "BEGIN:VEVENT"], "\(name)")
        #expect(lines.filter { $0.hasPrefix("END:") } == ["END:VEVENT", "END:VCALENDAR"], "\(name)")
        let names = lines.map(ReservationMail.propertyName).filter { $0 != "BEGIN" && $0 != "END" }
        let unexpected = names.filter { !allowedProperties.contains($0) }
        #expect(unexpected.isEmpty, "\(name): injected properties \(unexpected)")
        #expect(Set(names).count == names.count, "\(name): a property twice: \(names)")
    }

    // MARK: - File paths

    @Test("reservation ids that look like paths name nothing: hashed file names inside the calendar folder only")
    func pathTraversal() throws {
        let setup = try Setup("sec-path")
        defer { setup.remove() }
        let absolute = setup.folder.appendingPathComponent("absolute.ics").path
        let ids = ["../../etc/passwd", "../../../../../../etc/passwd", absolute, "..", "cal/../../escape.ics",
                   "a/b\\c:d", "x\u{0}y.ics", "~root/.bashrc"]
        let items = ids.enumerated().map { index, id in
            ReservationMail.restaurant(id: id, start: String(format: "2020-07-%02dT19:00:00-07:00", index + 1))
        }
        let message = try ReservationMail.sign(Self.steakMail(items), domain: "epicsteak.example")
        let calendar = setup.folder.appendingPathComponent("a/b/cal").path
        let passwd = try Data(contentsOf: URL(fileURLWithPath: "/etc/passwd"))
        let before = ReservationMail.tree(setup.folder.path)

        let result = try setup.filter(message, calendar: calendar)
        #expect(result.status == 0, "\(result.stderrText)")
        let (_, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, message) == nil)
        let suggestions = ReservationMail.suggestions(Array(result.stdout))
        #expect(suggestions.count == ids.count)
        #expect(suggestions.allSatisfy { $0.hasPrefix("created ") }, "\(suggestions)")

        let events = ReservationMail.calendar(calendar)
        #expect(events.count == ids.count)
        #expect(events.keys.allSatisfy(ReservationMail.isHashName), "\(events.keys.sorted())")
        // Nothing anywhere else: the folder holds what it held plus the calendar's files.
        let after = ReservationMail.tree(setup.folder.path).filter { !$0.key.hasPrefix("a/b/cal/") }
        #expect(after == before, "files written outside the calendar: \(Set(after.keys).subtracting(before.keys))")
        #expect(!FileManager.default.fileExists(atPath: absolute))
        #expect(!FileManager.default.fileExists(atPath: setup.folder.appendingPathComponent("etc").path))
        #expect(!FileManager.default.fileExists(atPath: setup.folder.appendingPathComponent("a/escape.ics").path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "/etc/passwd")) == passwd)

        // The ids are text inside the events, intact.
        let paths = events.keys.sorted().map { calendar + "/" + $0 }
        for (name, bytes) in events { Self.checkStructure(bytes, name) }
        let parsed = try Self.pythonParse(paths)
        let stored = Set(parsed.compactMap { $0.first { $0["name"] as? String == "VEVENT" } }
            .compactMap { ($0["values"] as? [String: Any])?["X-EVENTSUGGEST-RESERVATION-ID"] as? String })
        #expect(stored == Set(ids.map { $0.replacingOccurrences(of: "\u{0}", with: "") })
                || stored == Set(ids), "\(stored.sorted())")
    }

    // MARK: - iCalendar and header injection

    static var hostile: [String: Any] {
        ReservationMail.restaurant(
            id: "IWD\r\nRRULE:FREQ=DAILY;COUNT=999,SCA",
            name: "EPIC Steak\r\nATTENDEE;CN=Mallory:mailto:mallory@evil.example\r\nX-INJ-NAME:1; a, b",
            start: "2020-06-26T19:30:00-07:00",
            guest: "Ann\r\n Folded;continued,here\rBEGIN:VALARM\nACTION:AUDIO",
            telephone: "(415) 369-9955\nX-INJ-PHONE:1;x=y",
            address: ReservationMail.postalAddress(
                "369 The Embarcadero\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil", "San Francisco;X-INJ-LOCALITY=1,ATTACH:http://evil.example/",
                region: "CA\\;X-INJ-REGION:1", postalCode: "94105\r\n\tX-INJ-FOLD:1", country: "US,\"quoted\";x"),
            url: "https://epicsteak.example/r/IWDSCA\r\nX-INJ-URL:1")
    }

    @Test("CR/LF, ';' and ',' in every text that reaches the .ics: it parses, nothing is injected, the text survives")
    func icsInjection() throws {
        let setup = try Setup("sec-ics")
        defer { setup.remove() }
        let long = String(repeating: "Crème brûlée 🍮 & Château; ", count: 6)
        let second = ReservationMail.restaurant(id: "LONG-1", name: long, start: "2020-06-27T19:30:00-07:00",
                                                guest: long, address: ReservationMail.postalAddress(long, long))
        let message = try ReservationMail.sign(Self.steakMail([Self.hostile, second]), domain: "epicsteak.example")
        let calendar = setup.folder.appendingPathComponent("cal").path

        let result = try setup.filter(message, calendar: calendar)
        #expect(result.status == 0, "\(result.stderrText)")
        // Our header fields stay our header fields: the message after them is the input.
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, message) == nil, "a field was injected into the header")
        #expect(fields.count == 3)

        let events = ReservationMail.calendar(calendar)
        #expect(events.count == 2)
        for (name, bytes) in events { Self.checkStructure(bytes, name) }
        let parsed = try Self.pythonParse(events.keys.sorted().map { calendar + "/" + $0 })
        for file in parsed {
            #expect(file.compactMap { $0["name"] as? String } == ["VCALENDAR", "VEVENT"])
            for component in file {
                let props = Set(component["props"] as? [String] ?? [])
                #expect(props.subtracting(Self.allowedProperties).isEmpty, "\(props.subtracting(Self.allowedProperties))")
                #expect((component["repeated"] as? [String] ?? []).isEmpty)
            }
        }
        let vevents = parsed.compactMap { $0.first { $0["name"] as? String == "VEVENT" }?["values"] as? [String: String] }
        let hostile = try #require(vevents.first { $0["X-EVENTSUGGEST-RESERVATION-ID"]?.hasPrefix("IWD") == true })
        // The hostile text is still there, as text (line breaks may be normalised).
        func flat(_ text: String?) -> String {
            (text ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        #expect(flat(hostile["SUMMARY"]).contains("ATTENDEE;CN=Mallory:mailto:mallory@evil.example"), "\(hostile)")
        #expect(flat(hostile["SUMMARY"]).contains("X-INJ-NAME:1; a, b"))
        #expect(flat(hostile["LOCATION"]).contains("San Francisco;X-INJ-LOCALITY=1,ATTACH:http://evil.example/"), "\(hostile)")
        #expect(flat(hostile["LOCATION"]).contains("END:VEVENT"))
        #expect(flat(hostile["DESCRIPTION"]).contains("RRULE:FREQ=DAILY;COUNT=999,SCA"), "\(hostile)")
        #expect(flat(hostile["DESCRIPTION"]).contains("X-INJ-PHONE:1;x=y"))
        #expect(flat(hostile["DESCRIPTION"]).contains("Folded;continued,here"))
        #expect(flat(hostile["X-EVENTSUGGEST-RESERVATION-ID"]) == "IWD\nRRULE:FREQ=DAILY;COUNT=999,SCA")
        if let url = hostile["URL"] { #expect(!url.contains("\n") && !url.contains("\r")) }
        let longEvent = try #require(vevents.first { $0["X-EVENTSUGGEST-RESERVATION-ID"] == "LONG-1" })
        #expect(longEvent["SUMMARY"]?.hasPrefix(long.trimmingCharacters(in: .whitespaces)) == true, "\(longEvent)")
    }

    @Test("CR/LF in an ASCII event name does not add a header field to the filtered message")
    func headerInjection() throws {
        let setup = try Setup("sec-header")
        defer { setup.remove() }
        let item = ReservationMail.concert(id: "TK-1", name: "Gala Night\r\nBcc: mallory@evil.example\r\n\tX-Folded: 1\nX-Injected: 1",
                                           start: "2020-07-10T20:00:00+01:00")
        let message = try ReservationMail.sign(ReservationMail.message(
            from: "Tickets <no-reply@tickets.example>", subject: "Your tickets", date: "Fri, 19 Jun 2020 12:00:00 +0100",
            messageID: "gala@tickets.example", html: ReservationMail.html([item])), domain: "tickets.example")
        let result = try setup.filter(message, calendar: setup.folder.appendingPathComponent("cal").path)
        #expect(result.status == 0)
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, message) == nil, "a field was injected into the header")
        #expect(fields.map(\.name) == ["Authentication-Results", "X-Event-Suggestion"])
        let header = result.stdoutText.components(separatedBy: "\r\n\r\n").first ?? ""
        let starts = header.components(separatedBy: "\r\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("\t") }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(!starts.contains("Bcc") && !starts.contains("X-Injected") && !starts.contains("X-Folded"), "\(starts)")
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.contains("mallory@evil.example") == true)
    }

    // MARK: - Senders

    @Test("look-alike senders are not trusted, though their own signatures pass")
    func lookAlike() throws {
        let evil = "epicsteak.example.evil.example"
        let setup = try Setup("sec-lookalike", signers: ["epicsteak.example", evil, "evilepicsteak.example"],
                              registered: ["epicsteak.example"])
        defer { setup.remove() }
        let item = ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")
        let cases: [(label: String, from: String, signer: String)] = [
            ("subdomain of the evil domain", "EPIC Steak <reservations@\(evil)>", evil),
            ("registered name as a suffix without a dot", "EPIC Steak <reservations@evilepicsteak.example>", "evilepicsteak.example"),
            ("registered From, signature of the look-alike", "EPIC Steak <reservations@epicsteak.example>", evil),
            ("registered address as display name", "\"reservations@epicsteak.example\" <reservations@\(evil)>", evil),
        ]
        for (index, test) in cases.enumerated() {
            let message = try ReservationMail.sign(Self.steakMail([item], id: "lookalike-\(index)@\(test.signer)", from: test.from),
                                                   domain: test.signer)
            let calendar = setup.folder.appendingPathComponent("cal-\(index)").path
            let result = try setup.filter(message, calendar: calendar)
            #expect(result.status == 0)
            let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
            #expect(ReservationMail.difference(rest, message) == nil)
            #expect(fields.first?.value.contains("dkim=pass header.d=\(test.signer)") == true, "\(test.label): \(fields.first?.value ?? "")")
            let suggestions = ReservationMail.suggestions(Array(result.stdout))
            #expect(suggestions.count == 1 && suggestions[0].hasPrefix("ignored ("), "\(test.label): \(suggestions)")
            #expect(ReservationMail.calendar(calendar).isEmpty, "\(test.label): an event was written")
        }
        // The genuine sender, same markup: trusted (so the cases above fail for the right reason).
        let genuine = try ReservationMail.sign(Self.steakMail([item]), domain: "epicsteak.example")
        let calendar = setup.folder.appendingPathComponent("cal-genuine").path
        let result = try setup.filter(genuine, calendar: calendar)
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("created") == true)
        #expect(ReservationMail.calendar(calendar).count == 1)
    }

    // MARK: - Authentication-Results

    static func forged(_ fields: [String], above message: [UInt8]) -> [UInt8] {
        Array(fields.joined().utf8) + message
    }

    @Test("forged Authentication-Results of ours are removed, other servers' are kept, byte for byte")
    func forgedAuthenticationResults() throws {
        let setup = try Setup("sec-ar")
        defer { setup.remove() }
        let signed = try ReservationMail.sign(Self.steakMail([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")]),
                                              domain: "epicsteak.example")
        let ours = [
            "Authentication-Results: eventsuggest; dkim=pass header.d=epicsteak.example\r\n",
            "authentication-results:\r\n\tEventSuggest;\r\n\tdkim=pass header.d=epicsteak.example\r\n",
            "Authentication-Results: eventsuggest 1; dkim=pass\r\n",
            "Authentication-Results:eventsuggest;dkim=pass\r\n",
        ]
        let theirs = [
            "Authentication-Results: mx.example.org;\r\n\tdkim=pass header.d=epicsteak.example;\r\n\tspf=pass smtp.mailfrom=epicsteak.example\r\n",
            "Authentication-Results: eventsuggest.example; dkim=fail\r\n",
            "Authentication-Results: eventsuggestx; dkim=pass\r\n",
        ]
        // Interleaved above the message, and one of ours further down, among the signed fields.
        let top = [ours[0], theirs[0], ours[1], theirs[1], ours[2], theirs[2]]
        var input = Self.forged(top, above: signed)
        let marker = Array("MIME-Version: 1.0\r\n".utf8)
        let position = try #require(Self.range(of: marker, in: input)).lowerBound
        input.insert(contentsOf: Array(ours[3].utf8), at: position)
        let expected = Self.forged([theirs[0], theirs[1], theirs[2]], above: signed)

        let result = try setup.filter(input)
        #expect(result.status == 0)
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, expected) == nil)
        #expect(fields.first?.value.hasPrefix("eventsuggest;") == true)
        #expect(fields.first?.value.contains("dkim=pass header.d=epicsteak.example header.s=\(ReservationMail.selector)") == true)
        #expect(result.stdoutText.components(separatedBy: "eventsuggest;").count == 2, "more than one A-R of ours")

        // --authserv-id: then that name is ours, and "eventsuggest" is someone else's.
        let renamed = try setup.filter(Self.forged(["Authentication-Results: mx.local; dkim=pass\r\n",
                                                    "Authentication-Results: eventsuggest; dkim=pass\r\n"], above: signed),
                                       extra: ["--authserv-id", "mx.local"])
        let (renamedFields, renamedRest) = ReservationMail.splitOurFields(Array(renamed.stdout))
        #expect(renamedFields.first?.value.hasPrefix("mx.local;") == true)
        #expect(ReservationMail.difference(renamedRest, Self.forged(["Authentication-Results: eventsuggest; dkim=pass\r\n"], above: signed)) == nil)
    }

    @Test("an authserv-id after a comment or in quotes is ours too (RFC 8601: [CFWS] authserv-id, value = token / quoted-string)")
    func forgedAuthenticationResultsWithComment() throws {
        let setup = try Setup("sec-ar-cfws")
        defer { setup.remove() }
        let signed = try ReservationMail.sign(Self.steakMail([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")]),
                                              domain: "epicsteak.example")
        for forgery in ["Authentication-Results: (trust me) eventsuggest; dkim=pass header.d=epicsteak.example\r\n",
                        "Authentication-Results: \"eventsuggest\"; dkim=pass header.d=epicsteak.example\r\n"] {
            let result = try setup.filter(Self.forged([forgery], above: signed))
            let (_, rest) = ReservationMail.splitOurFields(Array(result.stdout))
            #expect(ReservationMail.difference(rest, signed) == nil, "kept: \(forgery)")
        }
    }

    @Test("a forged dkim=pass does not make an unsigned message trusted")
    func forgedVerdictIsNotBelieved() throws {
        let setup = try Setup("sec-ar-trust")
        defer { setup.remove() }
        let unsigned = Self.steakMail([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")])
        let input = Self.forged(["Authentication-Results: eventsuggest; dkim=pass header.d=epicsteak.example header.s=\(ReservationMail.selector)\r\n"],
                                above: unsigned)
        let calendar = setup.folder.appendingPathComponent("cal").path
        let result = try setup.filter(input, calendar: calendar)
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, unsigned) == nil)
        #expect(fields.first?.value.contains("dkim=none") == true, "\(fields.first?.value ?? "")")
        #expect(ReservationMail.suggestions(Array(result.stdout)).first?.hasPrefix("ignored") == true)
        #expect(ReservationMail.calendar(calendar).isEmpty)
    }

    // MARK: - Forwarded mail

    /// A mail from the registered domain that forwards `inner` as message/rfc822, in several shapes.
    static func forwarding(_ inner: [UInt8], shape: Int) -> [UInt8] {
        let innerText = ReservationMail.text(inner)
        var lines = [
            "From: EPIC Steak Concierge <concierge@epicsteak.example>",
            "To: Ann Example <ann@example.org>",
            "Subject: Fwd: Your table at EPIC Steak",
            "Date: Sat, 20 Jun 2020 09:00:00 -0700",
            "Message-ID: <fwd-\(shape)@epicsteak.example>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/mixed; boundary=\"mixed\"",
            "",
            "--mixed",
        ]
        switch shape {
        case 0: // text, then the message attached
            lines += ["Content-Type: text/plain; charset=utf-8", "", "Forwarding the booking below.", "", "--mixed",
                      "Content-Type: message/rfc822", "Content-Disposition: attachment; filename=\"booking.eml\"", "",
                      innerText, "--mixed--", ""]
        case 1: // inline, after an alternative with an HTML part of our own (no markup)
            lines += ["Content-Type: multipart/alternative; boundary=\"alt\"", "", "--alt",
                      "Content-Type: text/plain; charset=utf-8", "", "See below.", "--alt",
                      "Content-Type: text/html; charset=utf-8", "", "<html><body><p>See below.</p></body></html>",
                      "--alt--", "", "--mixed", "Content-Type: message/rfc822", "Content-Disposition: inline", "",
                      innerText, "--mixed--", ""]
        default: // base64 (not allowed for message/rfc822 by RFC 2046, but sent anyway)
            let encoded = Data(inner).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
            lines += ["Content-Type: text/plain; charset=utf-8", "", "FYI", "", "--mixed",
                      "Content-Type: message/rfc822; name=\"booking.eml\"", "Content-Transfer-Encoding: base64", "",
                      encoded, "--mixed--", ""]
        }
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    @Test("markup inside a forwarded message/rfc822 never becomes an event, even from a signed, registered sender",
          arguments: [0, 1, 2])
    func forwardedMessage(shape: Int) throws {
        let setup = try Setup("sec-fwd")
        defer { setup.remove() }
        // The inner mail is itself a genuine, signed confirmation: alone, it makes an event.
        let inner = try ReservationMail.sign(Self.steakMail([ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")]),
                                             domain: "epicsteak.example")
        let alone = setup.folder.appendingPathComponent("cal-alone").path
        #expect(ReservationMail.suggestions(Array(try setup.filter(inner, calendar: alone).stdout)).first?.hasPrefix("created") == true)
        #expect(ReservationMail.calendar(alone).count == 1)

        let outer = try ReservationMail.sign(Self.forwarding(inner, shape: shape), domain: "epicsteak.example")
        let calendar = setup.folder.appendingPathComponent("cal").path
        let result = try setup.filter(outer, calendar: calendar)
        #expect(result.status == 0)
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(ReservationMail.difference(rest, outer) == nil)
        #expect(fields.first?.value.contains("dkim=pass header.d=epicsteak.example") == true)
        #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no reservation markup)"])
        #expect(ReservationMail.calendar(calendar).isEmpty)

        // scan agrees: no reservations in the report.
        let file = try MailboxE2E.write(outer, to: "fwd.eml", in: setup.folder)
        let scan = try TestBinary.run(["scan", file, "--keys", setup.keys, "--registered", setup.registered,
                                       "--now", ReservationMail.now, "--calendar", calendar, "--report", "-"])
        let object = try JSONSerialization.jsonObject(with: Data(scan.stdoutText.split(separator: "\n").first.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any]
        #expect((object?["reservations"] as? [Any])?.isEmpty == true, "\(scan.stdoutText)")
        #expect(ReservationMail.calendar(calendar).isEmpty)
    }

    static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}
