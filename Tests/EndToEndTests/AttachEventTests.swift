import Foundation
import Testing

/// `filter --attach-event` (issue 22): the events the calendar store wrote travel inside the
/// delivered message as a `text/calendar; method=PUBLISH` part. Python's `email` is the
/// oracle for the MIME structure, Python icalendar and libical for the part, the calendar
/// folder for what the part must equal; procmail, maildrop and khal run as users run them.
enum AttachEventMail {
    static let domain = "bookings.example"
    static let from = "Example Bookings <confirm@bookings.example>"

    /// The shapes of message a sender writes, each with the HTML part carrying the markup.
    enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case htmlEightBit, htmlQuotedPrintable, htmlBase64, alternative, mixedWithPDF
        var testDescription: String { rawValue }
    }

    /// What the message books: a restaurant table, a two-leg flight, or the table cancelled.
    enum Booking: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case restaurant, flight, cancellation
        var testDescription: String { rawValue }
    }

    static func restaurantItem(status: String) -> [String: Any] {
        ReservationMail.restaurant(id: "T-4711", start: "2020-07-03T19:30:00+02:00", status: status)
    }

    static func flightItem() -> [String: Any] {
        func leg(_ number: String, _ from: String, _ to: String, _ departs: String, _ arrives: String) -> [String: Any] {
            ["@type": "Flight", "flightNumber": number, "airline": ["@type": "Airline", "name": "Swiss", "iataCode": "LX"],
             "departureAirport": ["@type": "Airport", "iataCode": from], "departureTime": departs,
             "arrivalAirport": ["@type": "Airport", "iataCode": to], "arrivalTime": arrives]
        }
        return ["@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "FL-2222",
                "reservationStatus": "http://schema.org/ReservationConfirmed",
                "underName": ["@type": "Person", "name": "Ann Example"],
                "reservationFor": [leg("LX 318", "ZRH", "LHR", "2020-07-10T07:00:00+02:00", "2020-07-10T07:45:00+01:00"),
                                   leg("LX 319", "LHR", "ZRH", "2020-07-14T19:00:00+01:00", "2020-07-14T21:45:00+02:00")]]
    }

    static func base64Lines(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
    }

    /// A message of `shape` with `html`, in CRLF (or LF), unsigned.
    static func message(_ shape: Shape, html: String, id: String, lineFeedOnly: Bool = false) -> [UInt8] {
        var header = [
            "From: \(from)", "To: Ann Example <ann@example.org>", "Subject: Your booking \(id) — confirmed",
            "Date: Mon, 15 Jun 2020 09:00:00 +0000", "Message-ID: <\(id)@bookings.example>",
        ]
        var body: [String]
        switch shape {
        case .htmlEightBit:
            header += ["MIME-Version: 1.0", "Content-Type: text/html;\r\n\tcharset=\"utf-8\"", "Content-Transfer-Encoding: 8bit"]
            body = [html]
        case .htmlQuotedPrintable:
            // No MIME-Version: the filter adds it when it makes the message multipart.
            header += ["Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
            body = [ReservationMail.quotedPrintable(html)]
        case .htmlBase64:
            header += ["MIME-Version: 1.0", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64"]
            body = [base64Lines(Array(html.utf8))]
        case .alternative:
            let message = ReservationMail.message(from: from, subject: "Your booking \(id) — confirmed",
                                                  date: "Mon, 15 Jun 2020 09:00:00 +0000", messageID: "\(id)@bookings.example",
                                                  html: html, text: "Your booking is confirmed: grüße.")
            return lineFeedOnly ? Array(ReservationMail.text(message).replacingOccurrences(of: "\r\n", with: "\n").utf8) : message
        case .mixedWithPDF:
            header += ["MIME-Version: 1.0", "Content-Type: multipart/mixed; boundary=\"outer-1\""]
            let pdf = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
                + (0..<300).map { UInt8($0 % 256) }
            body = [
                "This is a multi-part message in MIME format.", "",
                "--outer-1", "Content-Type: multipart/alternative; boundary=\"inner-1\"", "",
                "--inner-1", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "",
                "Your booking is confirmed: grüße.", "",
                "--inner-1", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "",
                ReservationMail.quotedPrintable(html),
                "--inner-1--", "",
                "--outer-1", "Content-Type: application/pdf; name=\"ticket.pdf\"",
                "Content-Disposition: attachment; filename=\"ticket.pdf\"", "Content-Transfer-Encoding: base64", "",
                base64Lines(pdf),
                "--outer-1--", "",
                "This epilogue is kept too.", "",
            ]
        }
        let text = (header + [""] + body).joined(separator: "\r\n")
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: lineFeedOnly ? "\n" : "\r\n")
        return Array(text.utf8)
    }

    static func html(for booking: Booking) -> String {
        switch booking {
        case .restaurant: ReservationMail.html([restaurantItem(status: "ReservationConfirmed")])
        case .flight: ReservationMail.html([flightItem()], heading: "Your flights — bon voyage")
        case .cancellation: ReservationMail.html([restaurantItem(status: "ReservationCancelled")], heading: "Cancelled")
        }
    }

    /// A signed message of that shape and booking.
    static func signed(_ shape: Shape, _ booking: Booking, lineFeedOnly: Bool = false) throws -> [UInt8] {
        try ReservationMail.sign(message(shape, html: html(for: booking), id: "\(booking.rawValue)-\(shape.rawValue)",
                                         lineFeedOnly: lineFeedOnly), domain: domain)
    }

    struct Setup {
        let folder: URL
        let keys: String
        let registered: String
        var calendar: String { folder.appendingPathComponent("calendar").path }
        var arguments: [String] {
            ["--calendar", calendar, "--keys", keys, "--registered", registered, "--now", ReservationMail.now]
        }

        init(_ label: String) throws {
            folder = try ReservationMail.folder(label)
            keys = try ReservationMail.writeKeys(for: [AttachEventMail.domain], in: folder)
            registered = try ReservationMail.writeRegistered([AttachEventMail.domain], in: folder)
        }

        func filter(_ message: [UInt8], _ extra: [String] = ["--attach-event"]) throws -> [UInt8] {
            let result = try TestBinary.run(["filter"] + arguments + extra, input: Data(message))
            try #require(result.status == 0, "filter: \(result.stderrText)")
            return Array(result.stdout)
        }
    }

    /// Python's email (policy.default) over the original and the delivered message, and
    /// Python icalendar and libical over the calendar part. Prints one JSON object.
    static let checker = #"""
        import email, email.policy, json, sys
        import icalendar
        import gi
        gi.require_version("ICalGLib", "3.0")
        from gi.repository import ICalGLib

        original = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=email.policy.default)
        delivered = email.message_from_bytes(open(sys.argv[2], "rb").read(), policy=email.policy.default)
        out = {"defects": [], "calendarParts": 0}
        for part in delivered.walk():
            for defect in part.defects:
                out["defects"].append("%s: %r" % (part.get_content_type(), defect))
        def leaves(message):
            return [p for p in message.walk() if not p.is_multipart()]
        def raw(part):
            payload = part.get_payload(decode=False)
            return payload if isinstance(payload, str) else repr(payload)
        def fields(part, drop):
            return [(k.lower(), str(v)) for k, v in part.items() if k.lower() not in drop]
        ours = {"authentication-results", "x-event-suggestion"}
        moved = {"content-type", "content-transfer-encoding", "mime-version"}
        out_leaves = leaves(delivered)
        in_leaves = leaves(original)
        out["originalLeavesKept"] = [raw(a) == raw(b) and a.get_content_type() == b.get_content_type()
                                     and a.get("Content-Transfer-Encoding") == b.get("Content-Transfer-Encoding")
                                     for a, b in zip(in_leaves, out_leaves)]
        out["leafCount"] = [len(in_leaves), len(out_leaves)]
        out["headerKept"] = fields(original, moved) == fields(delivered, ours | moved)
        out["topType"] = delivered.get_content_type()
        out["mimeVersion"] = delivered.get("MIME-Version")
        out["topEncoding"] = delivered.get("Content-Transfer-Encoding")
        calendars = [p for p in out_leaves if p.get_content_type() == "text/calendar"]
        out["calendarParts"] = len(calendars)
        if calendars:
            part = calendars[-1]
            out["method"] = part.get_param("method")
            out["contentID"] = part.get("Content-ID")
            out["disposition"] = part.get_content_disposition()
            out["filename"] = part.get_filename()
            data = part.get_payload(decode=True)
            out["maxLine"] = max(len(l) for l in part.get_payload(decode=False).splitlines())
            cal = icalendar.Calendar.from_ical(data)
            out["icalMethod"] = str(cal.get("METHOD"))
            def when(v):
                import datetime
                d = v.dt
                if isinstance(d, datetime.datetime) and d.tzinfo is not None:
                    return d.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
                return d.strftime("%Y%m%dT%H%M%S") if isinstance(d, datetime.datetime) else d.strftime("%Y%m%d")
            out["icalendar"] = [{"uid": str(e["UID"]), "sequence": int(e.get("SEQUENCE", 0)), "status": str(e.get("STATUS")),
                                 "dtstart": when(e["DTSTART"]), "dtend": when(e["DTEND"]) if "DTEND" in e else None,
                                 "organizer": str(e.get("ORGANIZER")), "errors": [str(x) for x in e.errors]}
                                for e in cal.walk("VEVENT")]
            component = ICalGLib.Component.new_from_string(data.decode("utf-8"))
            events = []
            event = component.get_first_component(ICalGLib.ComponentKind.VEVENT_COMPONENT) if component else None
            while event is not None:
                events.append({"uid": event.get_uid(), "sequence": event.get_sequence(),
                               "dtstart": event.get_dtstart().as_ical_string(),
                               "status": ICalGLib.Property.status_to_string(event.get_status())})
                event = component.get_next_component(ICalGLib.ComponentKind.VEVENT_COMPONENT)
            out["libical"] = events
            out["libicalMethod"] = ICalGLib.Property.method_to_string(component.get_method()) if component else None
        print(json.dumps(out))
        """#

    static func check(original: [UInt8], delivered: [UInt8], in folder: URL) throws -> [String: Any] {
        let originalPath = folder.appendingPathComponent("original.eml"), deliveredPath = folder.appendingPathComponent("delivered.eml")
        try Data(original).write(to: originalPath)
        try Data(delivered).write(to: deliveredPath)
        let result = try TestBinary.runProcess(URL(fileURLWithPath: "/usr/bin/python3"),
                                               ["-c", checker, originalPath.path, deliveredPath.path])
        try #require(result.status == 0, "python checker: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    /// The stored events by UID: SEQUENCE, STATUS, DTSTART, DTEND as written in the vdir.
    static func stored(_ calendar: String) -> [String: [String: String]] {
        var events: [String: [String: String]] = [:]
        for (_, bytes) in ReservationMail.calendar(calendar) {
            let ics = ReservationMail.text(bytes)
            guard let uid = ReservationMail.property("UID", in: ics) else { continue }
            var event: [String: String] = [:]
            for name in ["SEQUENCE", "STATUS", "DTSTART", "DTEND"] { event[name] = ReservationMail.property(name, in: ics) }
            events[uid] = event
        }
        return events
    }

    /// `needle` occurs in `haystack` as one run of bytes.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        while let found = haystack[index...].firstIndex(of: first), found + needle.count <= haystack.count {
            if haystack[found..<(found + needle.count)].elementsEqual(needle) { return true }
            index = found + 1
        }
        return false
    }

    /// The body of a message: everything after the first empty line.
    static func body(_ bytes: [UInt8]) -> [UInt8] {
        for index in bytes.indices where bytes[index] == 0x0A {
            let next = index + 1
            if next < bytes.count, bytes[next] == 0x0A { return Array(bytes[(next + 1)...]) }
            if next + 1 < bytes.count, bytes[next] == 0x0D, bytes[next + 1] == 0x0A { return Array(bytes[(next + 2)...]) }
        }
        return []
    }
}

@Suite("filter --attach-event: the events travel in the message as a text/calendar PUBLISH part")
struct AttachEventTests {
    @Test("restaurant, two-leg flight, cancellation × single-part 8bit/QP/base64, alternative, mixed with a PDF",
          arguments: AttachEventMail.Booking.allCases, AttachEventMail.Shape.allCases)
    func attaches(booking: AttachEventMail.Booking, shape: AttachEventMail.Shape) throws {
        let setup = try AttachEventMail.Setup("attach-\(booking.rawValue)-\(shape.rawValue)")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        if booking == .cancellation {
            // The table is booked first (without the part), then cancelled: SEQUENCE 1, CANCELLED.
            _ = try setup.filter(try AttachEventMail.signed(.alternative, .restaurant), [])
        }
        let original = try AttachEventMail.signed(shape, booking)
        let delivered = try setup.filter(original)
        let view = try AttachEventMail.check(original: original, delivered: delivered, in: setup.folder)

        #expect((view["defects"] as? [String]) == [], "Python's email found defects: \(view["defects"] ?? "")")
        #expect(view["calendarParts"] as? Int == 1)
        #expect(view["headerKept"] as? Bool == true, "a header field other than Content-Type/CTE/MIME-Version changed")
        let kept = try #require(view["originalLeavesKept"] as? [Bool])
        let counts = try #require(view["leafCount"] as? [Int])
        #expect(counts[1] == counts[0] + 1 && kept.count == counts[0] && kept.allSatisfy { $0 },
                "original parts changed: \(kept), leaves \(counts)")
        #expect(view["topType"] as? String == "multipart/mixed")
        #expect(view["mimeVersion"] as? String == "1.0")
        // A composite is never base64 or quoted-printable (RFC 2045 §6.4).
        let topEncoding = (view["topEncoding"] as? String)?.lowercased()
        #expect(topEncoding == nil || topEncoding == "8bit" || topEncoding == "7bit", "top-level CTE \(topEncoding ?? "")")
        #expect((view["method"] as? String)?.uppercased() == "PUBLISH")
        #expect(view["icalMethod"] as? String == "PUBLISH" && view["libicalMethod"] as? String == "PUBLISH")
        #expect(view["filename"] as? String == "event.ics" && view["disposition"] as? String == "inline")
        #expect((view["maxLine"] as? Int ?? 999) <= 76)

        // Byte for byte: the original body is inside the delivered one, whole (wrapped), or up
        // to its closing delimiter (appended).
        let originalBody = AttachEventMail.body(original)
        if shape == .mixedWithPDF {
            let closing = try #require(ReservationMail.text(originalBody).range(of: "--outer-1--"))
            let before = Array(ReservationMail.text(originalBody)[..<closing.lowerBound].utf8)
            let after = Array(ReservationMail.text(originalBody)[closing.lowerBound...].utf8)
            let deliveredBody = AttachEventMail.body(Array(ReservationMail.splitOurFields(delivered).rest))
            #expect(deliveredBody.starts(with: before) && deliveredBody.suffix(after.count).elementsEqual(after),
                    "the preamble, the parts and the epilogue are not kept byte for byte")
        } else {
            #expect(AttachEventMail.contains(delivered, originalBody), "the original body is not kept byte for byte")
        }

        // The part equals what the store wrote: UID, SEQUENCE, STATUS, DTSTART, DTEND.
        let stored = AttachEventMail.stored(setup.calendar)
        let events = try #require(view["icalendar"] as? [[String: Any]])
        let libical = try #require(view["libical"] as? [[String: Any]])
        #expect(events.count == (booking == .flight ? 2 : 1) && libical.count == events.count)
        for (event, other) in zip(events, libical) {
            let uid = try #require(event["uid"] as? String)
            let expected = try #require(stored[uid], "UID \(uid) is not in the calendar folder")
            #expect(event["sequence"] as? Int == Int(expected["SEQUENCE"] ?? "") && other["sequence"] as? Int == event["sequence"] as? Int)
            #expect(event["status"] as? String == expected["STATUS"] && other["status"] as? String == expected["STATUS"])
            #expect(event["dtstart"] as? String == expected["DTSTART"] && other["dtstart"] as? String == expected["DTSTART"])
            #expect(event["dtend"] as? String == expected["DTEND"])
            #expect(other["uid"] as? String == uid)
            #expect((event["errors"] as? [String]) == [])
            #expect((event["organizer"] as? String) == "mailto:confirm@bookings.example")
        }
        #expect(events.map { $0["status"] as? String } == Array(repeating: booking == .cancellation ? "CANCELLED" : "CONFIRMED",
                                                                   count: events.count))
        if booking == .cancellation { #expect(events.first?["sequence"] as? Int == 1) }

        // The suggestion names the part's Content-ID and each event's UID.
        let contentID = try #require((view["contentID"] as? String)?.trimmingCharacters(in: CharacterSet(charactersIn: "<>")))
        let suggestions = ReservationMail.suggestions(delivered)
        #expect(suggestions.count == events.count)
        for (line, event) in zip(suggestions, events) {
            #expect(line.contains("; uid=\(event["uid"] as? String ?? "?"); part=cid:\(contentID)"), "\(line)")
        }
    }

    @Test("eventsuggest inspect lists the new part: text/calendar, event.ics, its decoded size")
    func inspectShowsThePart() throws {
        let setup = try AttachEventMail.Setup("attach-inspect")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let delivered = try setup.filter(try AttachEventMail.signed(.htmlEightBit, .restaurant))
        let path = setup.folder.appendingPathComponent("delivered.eml")
        try Data(delivered).write(to: path)
        let result = try TestBinary.run(["inspect", "--json", path.path])
        try #require(result.status == 0, "inspect: \(result.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let parts = try #require(object["parts"] as? [[String: Any]])
        #expect(parts.map { $0["path"] as? String } == ["1", "2"])
        #expect(parts.map { $0["type"] as? String } == ["text/html", "text/calendar"])
        #expect(parts[1]["filename"] as? String == "event.ics" && parts[1]["charset"] as? String == "utf-8")
        #expect((parts[1]["bytes"] as? Int ?? 0) > 200)
        let text = try TestBinary.run(["inspect", path.path])
        #expect(text.stdoutText.contains("2  text/calendar; charset=utf-8  \"event.ics\""), "\(text.stdoutText)")
    }

    @Test("the configuration-file switch: 'attach-event' turns it on, 'attach-event no' leaves it off")
    func configurationSwitch() throws {
        let setup = try AttachEventMail.Setup("attach-config")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = try AttachEventMail.signed(.alternative, .restaurant)
        for (line, attached) in [("attach-event", true), ("attach-event no", false)] {
            let config = try MailboxE2E.write("""
                calendar \(setup.calendar)
                keys \(setup.keys)
                registered \(setup.registered)
                now \(ReservationMail.now)
                \(line)

                """, to: "config", in: setup.folder)
            let result = try TestBinary.runProcess(TestBinary.eventsuggest, ["filter", "--config", config], input: Data(signed),
                                                   environment: ["EVENTSUGGEST_SYSTEM_CONFIG": "none"])
            #expect(result.status == 0, "\(result.stderrText)")
            #expect(ReservationMail.text(Array(result.stdout)).contains("Content-Type: text/calendar") == attached, "\(line)")
        }
    }

    @Test("what --help warns of: the delivered copy no longer verifies, while our Authentication-Results says pass")
    func deliveredCopyFailsDKIM() throws {
        let setup = try AttachEventMail.Setup("attach-dkim")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = try AttachEventMail.signed(.htmlQuotedPrintable, .restaurant)
        let delivered = try setup.filter(signed)
        #expect(ReservationMail.splitOurFields(delivered).fields.first?.value.contains("dkim=pass") == true)
        let path = setup.folder.appendingPathComponent("delivered.eml")
        try Data(delivered).write(to: path)
        let verify = try TestBinary.run(["verify", "--json", "--keys", setup.keys, "--now", ReservationMail.now, path.path])
        #expect(verify.status == 1, "verify: \(verify.stdoutText) \(verify.stderrText)")
        #expect(verify.stdoutText.contains("\"fail\""), "\(verify.stdoutText)")
        let help = try TestBinary.run(["filter", "--help"])
        #expect((help.stdoutText + help.stderrText).contains("a later DKIM check of the delivered copy fails"), "\(help.stdoutText)")
    }

    // MARK: - Attacks

    @Test("a forged message (body changed after signing) gets no part: delivered as it came, with our fields")
    func untrustedGetsNoPart() throws {
        let setup = try AttachEventMail.Setup("attach-forged")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = try AttachEventMail.signed(.htmlEightBit, .restaurant)
        let forged = Array(ReservationMail.text(signed).replacingOccurrences(of: "T-4711", with: "T-6666").utf8)
        let delivered = try setup.filter(forged)
        #expect(MTADelivery.deliveryProblem(delivered, forged) == nil, "\(MTADelivery.deliveryProblem(delivered, forged) ?? "")")
        #expect(!ReservationMail.text(delivered).contains("text/calendar"))
        #expect(ReservationMail.suggestions(delivered).allSatisfy { $0.hasPrefix("ignored") })
        // The honest message beside it gets its part.
        #expect(ReservationMail.text(try setup.filter(signed)).contains("Content-Type: text/calendar"))
    }

    @Test("a message the part would take over message-bytes is delivered unchanged, the suggestion says why")
    func sizeLimit() throws {
        let setup = try AttachEventMail.Setup("attach-limit")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = try AttachEventMail.signed(.alternative, .restaurant)
        let delivered = try setup.filter(signed, ["--attach-event", "--limit", "message-bytes=\(signed.count + 100)"])
        #expect(MTADelivery.deliveryProblem(delivered, signed) == nil, "\(MTADelivery.deliveryProblem(delivered, signed) ?? "")")
        let suggestions = ReservationMail.suggestions(delivered)
        #expect(suggestions.count == 1)
        #expect(suggestions.first?.hasPrefix("created ") == true)
        #expect(suggestions.first?.contains("not attached: with the calendar part the message would be") == true, "\(suggestions)")
        // The event is still written: only the part is left out.
        #expect(AttachEventMail.stored(setup.calendar).count == 1)
        // With room, the same message gets its part.
        let roomy = try setup.filter(signed, ["--attach-event", "--limit", "message-bytes=\(signed.count + 4000)"])
        #expect(ReservationMail.text(roomy).contains("Content-Type: text/calendar"))
    }

    @Test("without --attach-event the message is delivered as before: no part, no part= in the suggestion")
    func offByDefault() throws {
        let setup = try AttachEventMail.Setup("attach-off")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let signed = try AttachEventMail.signed(.alternative, .restaurant)
        let delivered = try setup.filter(signed, [])
        #expect(MTADelivery.deliveryProblem(delivered, signed) == nil)
        #expect(!ReservationMail.suggestions(delivered).joined().contains("part=cid:"))
    }

    @Test("a message with no reservation gets no part even with --attach-event")
    func noEventNoPart() throws {
        let setup = try AttachEventMail.Setup("attach-none")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let plain = try ReservationMail.sign(AttachEventMail.message(.htmlEightBit, html: "<p>Hello, no markup here.</p>",
                                                                     id: "plain"), domain: AttachEventMail.domain)
        let delivered = try setup.filter(plain)
        #expect(MTADelivery.deliveryProblem(delivered, plain) == nil)
    }

    // MARK: - As users run it

    @Test("under procmail and maildrop as an MTA runs them: the delivered copy has the part, Python reads it clean",
          arguments: MTADelivery.Agent.allCases)
    func underMTA(agent: MTADelivery.Agent) throws {
        let setup = try AttachEventMail.Setup("attach-mta-\(agent.rawValue)")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let home = try MTADelivery.Home(agent, .maildir, in: setup.folder, filterArguments: setup.arguments + ["--attach-event"])
        // LF line endings, as a local MTA hands mail to procmail.
        let original = try AttachEventMail.signed(.alternative, .flight, lineFeedOnly: true)
        let result = try home.deliver(original)
        #expect(result.status == 0, "\(agent): \(result.stderrText) \(home.log)")
        let delivered = try #require(home.delivered().first)
        #expect(!delivered.contains(0x0D), "a CR came into an LF message")
        let view = try AttachEventMail.check(original: original, delivered: delivered, in: setup.folder)
        #expect((view["defects"] as? [String]) == [], "\(view["defects"] ?? "")")
        #expect(view["calendarParts"] as? Int == 1)
        #expect((view["originalLeavesKept"] as? [Bool])?.allSatisfy { $0 } == true)
        #expect((view["icalendar"] as? [[String: Any]])?.count == 2)
        #expect(AttachEventMail.contains(delivered, AttachEventMail.body(original)))
    }

    @Test("khal imports the attached part into a fresh calendar and lists the event")
    func khalImportsThePart() throws {
        let setup = try AttachEventMail.Setup("attach-khal")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let delivered = try setup.filter(try AttachEventMail.signed(.mixedWithPDF, .restaurant))
        // The part as a reader saves it: Python's email decodes it.
        let ics = setup.folder.appendingPathComponent("event.ics")
        let save = try TestBinary.runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
            import email, email.policy, sys
            m = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
            part = [p for p in m.walk() if p.get_content_type() == "text/calendar"][0]
            open(sys.argv[1], "wb").write(part.get_payload(decode=True))
            """, ics.path], input: Data(delivered))
        try #require(save.status == 0, "\(save.stderrText)")
        let home = setup.folder.appendingPathComponent("khal-home")
        let target = home.appendingPathComponent("imported")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let config = home.appendingPathComponent("config")
        try """
            [calendars]
            [[imported]]
            path = \(target.path)
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Zurich
            default_timezone = Europe/Zurich
            [sqlite]
            path = \(home.path)/khal.db

            """.write(to: config, atomically: true, encoding: .utf8)
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
        let imported = try ReservationMail.run("/usr/bin/khal", ["-c", config.path, "import", "--batch", "-a", "imported", ics.path],
                                               input: [], environment: environment)
        #expect(imported.status == 0, "khal import: \(imported.stderrText)")
        let listed = try ReservationMail.run("/usr/bin/khal", [
            "-c", config.path, "list", "--once", "--day-format", "", "--format", "{start} | {end} | {title} | {status}",
            "2020-07-01", "2020-07-31",
        ], input: [], environment: environment)
        #expect(listed.status == 0, "khal list: \(listed.stderrText)")
        let lines = listed.stdoutText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["2020-07-03 19:30 | 2020-07-03 21:30 | EPIC Steak — table for 2 | CONFIRMED"], "khal printed: \(listed.stdoutText)")
    }
}
