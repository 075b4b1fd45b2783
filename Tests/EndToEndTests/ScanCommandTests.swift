import Foundation
import Testing

/// A mailbox of reservation mail whose files sort in another order than the mails were sent.
struct ScanMailbox {
    struct Mail {
        /// The Maildir file (relative to the Maildir).
        var file: String
        var messageID: String
        var from: String
        /// Seconds since 1970 of the Date field: the order the mails were sent in.
        var sent: Int
        var bytes: [UInt8]
        var trusted: Bool
        var reservationID: String
        /// The action of the first scan and of a second one.
        var first: String
        var again: String
    }

    static let now = "2020-06-25T00:00:00Z"
    static let registered = ["epicsteak.example", "grandhotel.example", "tickets.example"]

    let folder: URL
    let maildir: String
    let keys: String
    let registered: String
    var mails: [Mail] = []

    static func rfc5322(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    init(_ label: String) throws {
        folder = try ReservationMail.folder(label)
        maildir = folder.appendingPathComponent("Mail").path
        keys = try ReservationMail.writeKeys(for: Self.registered, in: folder)
        registered = try ReservationMail.writeRegistered(Self.registered, in: folder)
        for sub in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + sub, withIntermediateDirectories: true)
        }

        func add(_ file: String, id: String, from: String, domain: String?, sent: String, subject: String,
                 items: [[String: Any]], reservationID: String, first: String, again: String) throws {
            let date = ISO8601DateFormatter().date(from: sent)!
            let seconds = Int(date.timeIntervalSince1970)
            var bytes = ReservationMail.message(from: from, subject: subject, date: Self.rfc5322(seconds), messageID: id,
                                                html: ReservationMail.html(items))
            if let domain { bytes = try ReservationMail.sign(bytes, domain: domain, at: sent) }
            try MailboxE2E.write(bytes, to: file, in: URL(fileURLWithPath: maildir))
            mails.append(Mail(file: file, messageID: id, from: from.split(separator: "<").last!.dropLast().description,
                              sent: seconds, bytes: bytes, trusted: domain != nil, reservationID: reservationID,
                              first: first, again: again))
        }

        let steak = "EPIC Steak <reservations@epicsteak.example>"
        // The change of plans (later Date) in a file that sorts before the confirmation.
        try add("cur/1592586000.M100P2001.mx1:2,S", id: "modify.IWDSCA@epicsteak.example", from: steak,
                domain: "epicsteak.example", sent: "2020-06-21T16:00:00Z", subject: "Your reservation has changed",
                items: [ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T20:00:00-07:00", partySize: 4)],
                reservationID: "IWDSCA", first: "updated", again: "unchanged")
        try add("cur/1592586001.M200P2002.mx1:2,S", id: "confirm.IWDSCA@epicsteak.example", from: steak,
                domain: "epicsteak.example", sent: "2020-06-19T17:00:00Z", subject: "Your table at EPIC Steak",
                items: [ReservationMail.restaurant(id: "IWDSCA", start: "2020-06-26T19:30:00-07:00")],
                reservationID: "IWDSCA", first: "created", again: "skipped")
        // A cancellation that sorts before its confirmation.
        let tickets = "Tickets <no-reply@tickets.example>"
        try add("cur/1592000000.M300P2003.mx1:2,RS", id: "cancel.TK-77@tickets.example", from: tickets,
                domain: "tickets.example", sent: "2020-06-22T08:00:00Z", subject: "Your order was cancelled",
                items: [ReservationMail.concert(id: "TK-77", name: "Symphony Night", start: "2020-07-10T20:00:00+01:00",
                                                status: "ReservationCancelled")],
                reservationID: "TK-77", first: "cancelled", again: "unchanged")
        try add("cur/1592219000.M400P2004.mx1:2,S", id: "order.TK-77@tickets.example", from: tickets,
                domain: "tickets.example", sent: "2020-06-15T11:00:00Z", subject: "Your tickets: Symphony Night",
                items: [ReservationMail.concert(id: "TK-77", name: "Symphony Night", start: "2020-07-10T20:00:00+01:00")],
                reservationID: "TK-77", first: "created", again: "skipped")
        try add("new/1592460000.M500P2005.mx1", id: "booking.GH-5521@grandhotel.example",
                from: "Grand Hotel <booking@grandhotel.example>", domain: "grandhotel.example",
                sent: "2020-06-18T06:00:00Z", subject: "Booking confirmation GH-5521",
                items: [ReservationMail.hotel(id: "GH-5521", name: "Grand Hotel Zürich",
                                              checkin: "2020-07-01T15:00:00+02:00", checkout: "2020-07-03T11:00:00+02:00")],
                reservationID: "GH-5521", first: "created", again: "unchanged")
        // Unsigned, claiming to be the restaurant: its markup is not used.
        try add("new/1592650000.M600P2006.mx1", id: "spoof.FAKE-1@epicsteak.example", from: steak, domain: nil,
                sent: "2020-06-20T10:00:00Z", subject: "Your table",
                items: [ReservationMail.restaurant(id: "FAKE-1", start: "2020-06-30T19:00:00-07:00")],
                reservationID: "FAKE-1", first: "-", again: "-")
        // More tables, every second one changed later by a mail in a file that sorts first.
        for number in 1...10 {
            let id = String(format: "R%02d", number)
            let start = String(format: "2020-07-%02dT19:00:00-07:00", number + 1)
            let sent = String(format: "2020-06-%02dT%02d:00:00Z", 10, number)
            try add("cur/15930\(number + 10)0000.M7\(number)P30.mx2:2,S", id: "confirm.\(id)@epicsteak.example", from: steak,
                    domain: "epicsteak.example", sent: sent, subject: "Your table \(id)",
                    items: [ReservationMail.restaurant(id: id, start: start, partySize: 2)],
                    reservationID: id, first: "created", again: number % 2 == 0 ? "skipped" : "unchanged")
            if number % 2 == 0 {
                let changed = String(format: "2020-06-%02dT%02d:00:00Z", 12, number)
                try add("cur/15920\(number + 10)0000.M8\(number)P30.mx2:2,S", id: "modify.\(id)@epicsteak.example",
                        from: steak, domain: "epicsteak.example", sent: changed, subject: "Changed: table \(id)",
                        items: [ReservationMail.restaurant(id: id, start: start, partySize: 2 + number)],
                        reservationID: id, first: "updated", again: "unchanged")
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The same mails as one mboxrd file (LF line ends, as mbox files on Unix have them), in
    /// the order of the Maildir's file names.
    func writeMbox() throws -> String {
        var text = ""
        for mail in mails.sorted(by: { $0.file < $1.file }) {
            let body = ReservationMail.text(mail.bytes).replacingOccurrences(of: "\r\n", with: "\n")
            let separator = "From MAILER-DAEMON " + ScanMailbox.asctime(mail.sent)
            let quoted = body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.drop { $0 == ">" }.hasPrefix("From ") ? ">" + line : line
            }.joined(separator: "\n")
            text += separator + "\n" + quoted + (quoted.hasSuffix("\n") ? "" : "\n") + "\n"
        }
        return try MailboxE2E.write(text, to: "reservations.mbox", in: folder)
    }

    static func asctime(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func scan(_ paths: [String], calendar: String, report: String, extra: [String] = []) throws -> TestBinary.Result {
        try TestBinary.run(["scan"] + paths + ["--calendar", calendar, "--keys", keys, "--registered", registered,
                                               "--now", Self.now, "--report", report] + extra)
    }

    static func reportObjects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
    }

    static func actions(_ object: [String: Any]) -> [String] {
        (object["events"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
    }
}

@Suite("scan over a Maildir and an mbox", .serialized)
struct ScanCommandTests {
    static let reportKeys: Set<String> = ["file", "messageId", "from", "dkim", "policy", "reservations", "events", "diagnostics"]

    static func modificationTimes(_ directory: String) -> [String: Date] {
        var times: [String: Date] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".ics") {
            times[name] = (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name))?[.modificationDate] as? Date
        }
        return times
    }

    /// The report agrees with the mails: one object per message with the fields of DESIGN.md.
    func checkReport(_ objects: [[String: Any]], _ box: ScanMailbox, pass: KeyPath<ScanMailbox.Mail, String>,
                     file: (ScanMailbox.Mail) -> String, mbox: Bool) {
        #expect(objects.count == box.mails.count)
        // Input order (the mbox's lines; the Maildir's cur/ then new/, by name), whether a
        // message wrote events (held until the date-ordered writes) or not (done at once).
        let positions = objects.map { (($0["file"] as? String) ?? "", ($0["line"] as? Int) ?? 0) }
        #expect(positions.map(\.0) == positions.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.0)
                && positions.map(\.1) == positions.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1),
                "report lines out of input order: \(positions)")
        let byID = Dictionary(objects.map { (($0["messageId"] as? String) ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID.count == box.mails.count, "messageId missing or repeated: \(byID.keys.sorted())")
        for mail in box.mails {
            guard let object = byID[mail.messageID] else {
                Issue.record("no report line for \(mail.messageID)")
                continue
            }
            #expect(Set(object.keys) == Self.reportKeys.union(mbox ? ["line"] : []), "\(mail.messageID): \(object.keys.sorted())")
            #expect(object["file"] as? String == file(mail))
            #expect(object["from"] as? String == mail.from)
            let dkim = object["dkim"] as? [[String: Any]] ?? []
            let policy = object["policy"] as? [String: Any] ?? [:]
            let reservations = object["reservations"] as? [[String: Any]] ?? []
            #expect(reservations.map { $0["reservationId"] as? String } == [mail.reservationID], "\(mail.messageID)")
            #expect(policy["trusted"] as? Bool == mail.trusted, "\(mail.messageID): \(policy)")
            if mail.trusted {
                #expect(dkim.map { $0["result"] as? String } == ["pass"], "\(mail.messageID): \(dkim)")
                #expect(ScanMailbox.actions(object) == [mail[keyPath: pass]], "\(mail.messageID): \(object["events"] ?? [])")
            } else {
                #expect(dkim.isEmpty)
                #expect(ScanMailbox.actions(object).isEmpty)
                let codes = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                #expect(codes.contains("sender-not-trusted"), "\(codes)")
            }
        }
    }

    /// The calendar the mails must make: one event per reservation, as of the newest mail.
    func checkCalendar(_ calendar: String) throws {
        let events = ReservationMail.calendar(calendar)
        #expect(events.count == 13)
        #expect(events.keys.allSatisfy(ReservationMail.isHashName))
        let byID = Dictionary(events.values.map {
            (ReservationMail.property("X-EVENTSUGGEST-RESERVATION-ID", in: ReservationMail.text($0)) ?? "?", ReservationMail.text($0))
        }, uniquingKeysWith: { $1 })
        #expect(byID["FAKE-1"] == nil)

        let steak = try #require(byID["IWDSCA"])
        #expect(ReservationMail.property("DTSTART", in: steak) == "20200627T030000Z")
        #expect(ReservationMail.property("SEQUENCE", in: steak) == "1")
        #expect(ReservationMail.property("SUMMARY", in: steak) == "EPIC Steak — table for 4")
        #expect(ReservationMail.property("X-EVENTSUGGEST-MESSAGE-ID", in: steak) == "modify.IWDSCA@epicsteak.example")

        let concert = try #require(byID["TK-77"])
        #expect(ReservationMail.property("STATUS", in: concert) == "CANCELLED")
        #expect(ReservationMail.property("SEQUENCE", in: concert) == "1")

        let hotel = try #require(byID["GH-5521"])
        #expect(ReservationMail.property("DTSTART", in: hotel) == "20200701T130000Z")
        #expect(ReservationMail.property("DTEND", in: hotel) == "20200703T090000Z")
        #expect(ReservationMail.property("SEQUENCE", in: hotel) == "0")

        for number in 1...10 {
            let event = try #require(byID[String(format: "R%02d", number)])
            #expect(ReservationMail.property("SUMMARY", in: event) == "EPIC Steak — table for \(number % 2 == 0 ? 2 + number : 2)")
            #expect(ReservationMail.property("SEQUENCE", in: event) == (number % 2 == 0 ? "1" : "0"))
        }
    }

    @Test("Maildir: report and calendar agree with the mails; a second scan changes nothing")
    func maildir() throws {
        let box = try ScanMailbox("scan-maildir")
        defer { box.remove() }
        let calendar = box.folder.appendingPathComponent("cal").path
        let reportPath = box.folder.appendingPathComponent("report.jsonl").path

        let first = try box.scan([box.maildir], calendar: calendar, report: reportPath)
        #expect(first.status == 0, "\(first.stderrText)")
        #expect(first.stdoutText.contains("Summary"))
        let report = try String(contentsOfFile: reportPath, encoding: .utf8)
        checkReport(try ScanMailbox.reportObjects(report), box, pass: \.first,
                    file: { box.maildir + "/" + $0.file }, mbox: false)
        try checkCalendar(calendar)
        let before = ReservationMail.tree(calendar)
        let mailBefore = ReservationMail.tree(box.maildir)
        let times = Self.modificationTimes(calendar)
        Thread.sleep(forTimeInterval: 0.05)

        let second = try box.scan([box.maildir], calendar: calendar, report: reportPath)
        #expect(second.status == 0, "\(second.stderrText)")
        let objects = try ScanMailbox.reportObjects(try String(contentsOfFile: reportPath, encoding: .utf8))
        checkReport(objects, box, pass: \.again, file: { box.maildir + "/" + $0.file }, mbox: false)
        #expect(objects.flatMap(ScanMailbox.actions).allSatisfy { $0 == "unchanged" || $0 == "skipped" })
        #expect(ReservationMail.tree(calendar) == before, "the second scan changed the calendar folder")
        #expect(Self.modificationTimes(calendar) == times, "the second scan rewrote events")
        #expect(ReservationMail.tree(box.maildir) == mailBefore, "scan changed the Maildir")
    }

    @Test("the same mails as an mbox (LF line ends): the same report and the very same calendar")
    func mbox() throws {
        let box = try ScanMailbox("scan-mbox")
        defer { box.remove() }
        let mbox = try box.writeMbox()
        let fromMaildir = box.folder.appendingPathComponent("cal-maildir").path
        let fromMbox = box.folder.appendingPathComponent("cal-mbox").path
        let reportPath = box.folder.appendingPathComponent("report.jsonl").path

        _ = try box.scan([box.maildir], calendar: fromMaildir, report: "/dev/null")
        let result = try box.scan([mbox], calendar: fromMbox, report: reportPath)
        #expect(result.status == 0, "\(result.stderrText)")
        let objects = try ScanMailbox.reportObjects(try String(contentsOfFile: reportPath, encoding: .utf8))
        checkReport(objects, box, pass: \.first, file: { _ in mbox }, mbox: true)
        let lines = objects.compactMap { $0["line"] as? Int }
        // Each object names the line of its message's first header field (after the "From " line).
        var expectedLines: [Int] = []
        var lineNumber = 1
        for line in try String(contentsOfFile: mbox, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("From ") { expectedLines.append(lineNumber + 1) }
            lineNumber += 1
        }
        #expect(lines == expectedLines)
        try checkCalendar(fromMbox)
        #expect(ReservationMail.calendar(fromMbox) == ReservationMail.calendar(fromMaildir))

        let again = try box.scan([mbox], calendar: fromMbox, report: reportPath)
        #expect(again.status == 0)
        checkReport(try ScanMailbox.reportObjects(try String(contentsOfFile: reportPath, encoding: .utf8)), box,
                    pass: \.again, file: { _ in mbox }, mbox: true)
        #expect(ReservationMail.calendar(fromMbox) == ReservationMail.calendar(fromMaildir))
    }

    @Test("events as if the mails arrived in date order: the calendar equals filter's, fed the mails by Date")
    func dateOrder() throws {
        let box = try ScanMailbox("scan-order")
        defer { box.remove() }
        let scanned = box.folder.appendingPathComponent("cal-scan").path
        let filtered = box.folder.appendingPathComponent("cal-filter").path
        let result = try box.scan([box.maildir], calendar: scanned, report: "/dev/null", extra: ["--jobs", "3"])
        #expect(result.status == 0, "\(result.stderrText)")
        for mail in box.mails.sorted(by: { $0.sent < $1.sent }) {
            let run = try TestBinary.run(["filter", "--calendar", filtered, "--keys", box.keys, "--registered", box.registered,
                                          "--now", ScanMailbox.now], input: Data(mail.bytes))
            #expect(run.status == 0)
        }
        try checkCalendar(filtered)
        #expect(ReservationMail.calendar(scanned) == ReservationMail.calendar(filtered))
    }

    @Test("--jobs 1 and --jobs 4 give identical calendars and reports")
    func jobs() throws {
        let box = try ScanMailbox("scan-jobs")
        defer { box.remove() }
        var calendars: [[String: [UInt8]]] = []
        var reports: [String] = []
        for jobs in ["1", "4"] {
            let calendar = box.folder.appendingPathComponent("cal-\(jobs)").path
            let reportPath = box.folder.appendingPathComponent("report-\(jobs).jsonl").path
            let result = try box.scan([box.maildir], calendar: calendar, report: reportPath, extra: ["--jobs", jobs])
            #expect(result.status == 0, "\(result.stderrText)")
            try checkCalendar(calendar)
            calendars.append(ReservationMail.calendar(calendar))
            reports.append(try String(contentsOfFile: reportPath, encoding: .utf8))
        }
        #expect(calendars[0] == calendars[1])
        #expect(reports[0] == reports[1])
    }

    @Test("--report -: JSON lines on standard output, the summary on standard error")
    func reportToStdout() throws {
        let box = try ScanMailbox("scan-stdout")
        defer { box.remove() }
        let calendar = box.folder.appendingPathComponent("cal").path
        let result = try box.scan([box.maildir], calendar: calendar, report: "-")
        #expect(result.status == 0, "\(result.stderrText)")
        let objects = try ScanMailbox.reportObjects(result.stdoutText)
        checkReport(objects, box, pass: \.first, file: { box.maildir + "/" + $0.file }, mbox: false)
        #expect(!result.stdoutText.contains("Summary"))
        #expect(result.stderrText.hasPrefix("Summary\n"), "\(result.stderrText)")
        #expect(result.stderrText.contains("messages") && result.stderrText.contains(String(box.mails.count)))
        try checkCalendar(calendar)
    }
}
