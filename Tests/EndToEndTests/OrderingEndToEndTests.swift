import Foundation
import TestSupport
import Testing

/// Booking histories as real, DKIM-signed mail, and the calendar they leave in any order.
///
/// Every message is signed by the binary (`sign`, RSA key of Tests/DKIMTests/Fixtures, its
/// record in a keys file the test writes) with Date among the signed fields, so the signed
/// Date the trust rules pass on is the Date the store orders by.
enum OrderingMail {
    static let now = "2027-03-01T10:00:00Z"
    static let registered = ["zurpost.example", "united.example", "lufthansa.example", "ba.example"]
    static let signers = registered + ["mail.zurpost.example", "news.united.example", "mail.lufthansa.example"]

    struct Mail: CustomStringConvertible {
        var label: String
        /// The Date: the order the mails were sent in.
        var sent: String
        var bytes: [UInt8]
        var description: String { label }
    }

    // MARK: Markup

    static func restaurant(_ id: String, _ name: String, _ start: String, modified: String? = nil,
                           status: String = "ReservationConfirmed") -> [String: Any] {
        var item: [String: Any] = [
            "@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
            "reservationNumber": id, "reservationStatus": "http://schema.org/\(status)", "partySize": 2,
            "underName": ["@type": "Person", "name": "Ann Example"], "startTime": start,
            "reservationFor": ["@type": "FoodEstablishment", "name": name,
                               "address": ReservationMail.postalAddress("Hauptstraße 1", "Berlin", postalCode: "10115",
                                                                        country: "DE")],
        ]
        if let modified { item["modifiedTime"] = modified }
        return item
    }

    typealias Leg = (airline: String, number: String, from: String, to: String, departs: String, arrives: String)

    static func flight(_ id: String, _ legs: [Leg], modified: String? = nil, status: String = "ReservationConfirmed") -> [String: Any] {
        var item: [String: Any] = [
            "@context": "http://schema.org", "@type": "FlightReservation",
            "reservationNumber": id, "reservationStatus": "http://schema.org/\(status)",
            "underName": ["@type": "Person", "name": "Ann Example"],
            "reservationFor": legs.map { leg -> [String: Any] in
                ["@type": "Flight", "flightNumber": leg.number,
                 "airline": ["@type": "Airline", "name": leg.airline, "iataCode": leg.airline],
                 "departureAirport": ["@type": "Airport", "iataCode": leg.from], "departureTime": leg.departs,
                 "arrivalAirport": ["@type": "Airport", "iataCode": leg.to], "arrivalTime": leg.arrives]
            },
        ]
        if let modified { item["modifiedTime"] = modified }
        return item
    }

    static func cancellationByID(_ type: String, _ id: String) -> [String: Any] {
        ["@context": "http://schema.org", "@type": type, "reservationNumber": id,
         "reservationStatus": "http://schema.org/ReservationCancelled"]
    }

    // MARK: Histories

    struct Spec {
        var label: String
        var from: String
        var signer: String
        var sent: String
        var item: [String: Any]
    }

    static let zurPost = "Zur Post <reservations@zurpost.example>"
    static let united = "United <noreply@united.example>"
    static let lufthansa = "Lufthansa <info@lufthansa.example>"
    static let ba = "British Airways <ba@ba.example>"

    static let twoLegs: [Leg] = [("UA", "10", "SFO", "JFK", "2027-03-10T08:00:00-08:00", "2027-03-10T16:35:00-05:00"),
                                 ("UA", "20", "JFK", "BOS", "2027-03-10T18:30:00-05:00", "2027-03-10T19:45:00-05:00")]
    /// The second leg delayed past local midnight.
    static let twoLegsDelayed: [Leg] = [twoLegs[0], ("UA", "20", "JFK", "BOS", "2027-03-11T00:40:00-05:00", "2027-03-11T01:55:00-05:00")]
    static let threeLegs: [Leg] = [("BA", "1", "LHR", "JFK", "2027-03-14T09:00:00Z", "2027-03-14T17:00:00Z"),
                                   ("BA", "2", "JFK", "LHR", "2027-03-15T09:00:00Z", "2027-03-15T17:00:00Z"),
                                   ("BA", "3", "LHR", "JFK", "2027-03-16T09:00:00Z", "2027-03-16T17:00:00Z")]
    /// The third leg on another flight and day.
    static let threeLegsMoved: [Leg] = [threeLegs[0], threeLegs[1], ("BA", "7", "LHR", "JFK", "2027-03-17T09:00:00Z", "2027-03-17T17:00:00Z")]

    static var histories: [[Spec]] { [
        // A table: every mail stamped with the booking's creation time as modifiedTime (the Date
        // decides), moved, cancelled by id only from a subdomain, booked again.
        [
            Spec(label: "table-confirm", from: zurPost, signer: "zurpost.example", sent: "2027-02-20T09:00:00Z",
                 item: restaurant("ZP-1", "Zur Post", "2027-03-10T19:00:00+01:00", modified: "2027-02-01T08:00:00Z")),
            Spec(label: "table-move", from: zurPost, signer: "mail.zurpost.example", sent: "2027-02-21T09:00:00Z",
                 item: restaurant("ZP-1", "Zur Post", "2027-03-10T20:30:00+01:00", modified: "2027-02-01T08:00:00Z")),
            Spec(label: "table-cancel", from: zurPost, signer: "mail.zurpost.example", sent: "2027-02-23T09:00:00Z",
                 item: cancellationByID("FoodEstablishmentReservation", "ZP-1")),
            Spec(label: "table-rebook", from: zurPost, signer: "zurpost.example", sent: "2027-02-24T09:00:00Z",
                 item: restaurant("ZP-1", "Zur Post", "2027-03-11T19:00:00+01:00", modified: "2027-02-24T08:00:00Z")),
        ],
        // Another table whose venue is renamed (the markup's item reference changes with the name).
        [
            Spec(label: "venue-confirm", from: zurPost, signer: "zurpost.example", sent: "2027-02-20T09:30:00Z",
                 item: restaurant("ZP-2", "Zur Post", "2027-03-18T19:00:00+01:00")),
            Spec(label: "venue-rename", from: zurPost, signer: "mail.zurpost.example", sent: "2027-02-21T09:30:00Z",
                 item: restaurant("ZP-2", "Alte Post", "2027-03-18T19:00:00+01:00")),
        ],
        // Two legs: booked, the second delayed past midnight (signed by a subdomain), cancelled in full.
        [
            Spec(label: "legs-confirm", from: united, signer: "united.example", sent: "2027-02-20T10:00:00Z",
                 item: flight("RXJ34P", twoLegs)),
            Spec(label: "legs-delay", from: united, signer: "news.united.example", sent: "2027-02-21T10:00:00Z",
                 item: flight("RXJ34P", twoLegsDelayed)),
            Spec(label: "legs-cancel", from: united, signer: "united.example", sent: "2027-02-22T10:00:00Z",
                 item: flight("RXJ34P", twoLegsDelayed, status: "ReservationCancelled")),
        ],
        // One leg: cancelled by id, then re-booked on another flight under the same id.
        [
            Spec(label: "leg-confirm", from: lufthansa, signer: "lufthansa.example", sent: "2027-02-20T11:00:00Z",
                 item: flight("Q1", [("LH", "400", "FRA", "JFK", "2027-03-12T10:00:00+01:00", "2027-03-12T12:45:00-05:00")])),
            Spec(label: "leg-cancel", from: lufthansa, signer: "mail.lufthansa.example", sent: "2027-02-21T11:00:00Z",
                 item: cancellationByID("FlightReservation", "Q1")),
            Spec(label: "leg-rebook", from: lufthansa, signer: "lufthansa.example", sent: "2027-02-22T11:00:00Z",
                 item: flight("Q1", [("LH", "402", "FRA", "JFK", "2027-03-13T10:00:00+01:00", "2027-03-13T12:45:00-05:00")])),
        ],
        // Three legs, two on one route: the third moved (by modifiedTime, same Date), then all cancelled by id.
        [
            Spec(label: "three-confirm", from: ba, signer: "ba.example", sent: "2027-02-20T12:00:00Z",
                 item: flight("BA-777", threeLegs, modified: "2027-02-10T00:00:00Z")),
            Spec(label: "three-move", from: ba, signer: "ba.example", sent: "2027-02-20T12:00:00Z",
                 item: flight("BA-777", threeLegsMoved, modified: "2027-02-11T00:00:00Z")),
            Spec(label: "three-cancel", from: ba, signer: "ba.example", sent: "2027-02-25T12:00:00Z",
                 item: cancellationByID("FlightReservation", "BA-777")),
        ],
    ] }

    /// The signed mail of every history (signed once per test run).
    static func signedHistories() throws -> [[Mail]] {
        try histories.map { history in
            try history.map { spec in
                let seconds = Int(ISO8601DateFormatter().date(from: spec.sent)!.timeIntervalSince1970)
                let bytes = ReservationMail.message(from: spec.from, subject: "Your booking (\(spec.label))",
                                                    date: ScanMailbox.rfc5322(seconds),
                                                    messageID: "\(spec.label)@\(spec.signer)",
                                                    html: ReservationMail.html([spec.item]))
                return Mail(label: spec.label, sent: spec.sent,
                            bytes: try ReservationMail.sign(bytes, domain: spec.signer, at: spec.sent))
            }
        }
    }

    // MARK: Running

    struct Setup {
        let folder: URL
        let keys: String
        let registered: String

        init(_ label: String) throws {
            folder = try ReservationMail.folder(label)
            keys = try ReservationMail.writeKeys(for: OrderingMail.signers, in: folder)
            registered = try ReservationMail.writeRegistered(OrderingMail.registered, in: folder)
        }

        var common: [String] { ["--registered", registered, "--keys", keys, "--now", OrderingMail.now, "--config", "none"] }

        func newCalendar() throws -> String {
            let path = folder.appendingPathComponent("calendar-\(UUID().uuidString)").path
            return path
        }

        /// `filter` once per mail, in order; every mail comes back whole with a verdict.
        func filter(_ mails: [Mail], into calendar: String) throws {
            for mail in mails {
                let result = try TestBinary.run(["filter", "--calendar", calendar] + common, input: Data(mail.bytes))
                try #require(result.status == 0, "filter \(mail): \(result.stderrText)")
                try #require(result.stdout.count > mail.bytes.count && result.stdout.suffix(mail.bytes.count) == Data(mail.bytes),
                             "filter \(mail) did not pass the message through whole")
            }
        }

        /// One `scan` of a fresh Maildir holding `mails` (file names in the order given).
        func scan(_ mails: [Mail], into calendar: String) throws -> TestBinary.Result {
            let maildir = folder.appendingPathComponent("Maildir-\(UUID().uuidString)")
            for sub in ["cur", "new", "tmp"] {
                try FileManager.default.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            for (index, mail) in mails.enumerated() {
                try MailboxE2E.write(mail.bytes, to: "cur/\(1_800_000_000 + index).M\(index)P1.mx:2,S", in: maildir)
            }
            let result = try TestBinary.run(["scan", maildir.path, "--calendar", calendar] + common)
            try #require(result.status == 0, "scan: \(result.stderrText)")
            return result
        }

        /// `filter` for every mail, `width` processes at a time, started in the order given.
        func filterConcurrently(_ mails: [Mail], into calendar: String, width: Int) throws {
            var inputs: [URL] = []
            for mail in mails {
                inputs.append(URL(fileURLWithPath: try MailboxE2E.write(mail.bytes, to: "in-\(UUID().uuidString).eml", in: folder)))
            }
            for start in stride(from: 0, to: inputs.count, by: width) {
                var running: [Process] = []
                for input in inputs[start..<min(start + width, inputs.count)] {
                    let process = Process()
                    process.executableURL = TestBinary.eventsuggest
                    process.arguments = ["filter", "--calendar", calendar] + common
                    process.standardInput = try FileHandle(forReadingFrom: input)
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    running.append(process)
                }
                for process in running {
                    process.waitUntilExit()
                    try #require(process.terminationStatus == 0, "a concurrent filter exited \(process.terminationStatus)")
                }
            }
        }
    }

    /// The calendar as its readers see it: each .ics file's VEVENT lines, without those
    /// that count writes (SEQUENCE, DTSTAMP, LAST-MODIFIED, CREATED), by file name.
    static func finalCalendar(_ directory: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (name, bytes) in ReservationMail.calendar(directory) {
            let counting: Set<String> = ["SEQUENCE", "DTSTAMP", "LAST-MODIFIED", "CREATED"]
            result[name] = ReservationMail.unfoldedLines(String(decoding: bytes, as: UTF8.self))
                .filter { !counting.contains(ReservationMail.propertyName($0)) }
        }
        return result
    }

    /// Per file whose event differs: the lines only one side has.
    static func difference(_ actual: [String: [String]], _ expected: [String: [String]]) -> [String] {
        Set(actual.keys).union(expected.keys).sorted().compactMap { name in
            let mine = actual[name] ?? [], theirs = expected[name] ?? []
            guard mine != theirs else { return nil }
            let lines = theirs.filter { !mine.contains($0) }.map { "-" + $0 } + mine.filter { !theirs.contains($0) }.map { "+" + $0 }
            return "\(name): " + lines.joined(separator: " ")
        }
    }

    /// Mail in the order it was sent (the Date; ties keep the history's order, which is modifiedTime order here).
    static func inDateOrder(_ mails: [Mail]) -> [Mail] {
        mails.enumerated().sorted { ($0.element.sent, $0.offset) < ($1.element.sent, $1.offset) }.map(\.element)
    }

    static func permutations<Element>(_ items: [Element]) -> [[Element]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }
}

@Suite("the calendar ends the same whatever order the mails arrive in: filter, scan, concurrent filters", .serialized)
struct OrderingEndToEndTests {
    @Test("every arrival order of each booking history, through filter one by one, gives the calendar of date order")
    func filterEveryOrder() throws {
        let setup = try OrderingMail.Setup("order-filter")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let histories = try OrderingMail.signedHistories()
        var runs = 0
        for history in histories {
            let reference = try setup.newCalendar()
            try setup.filter(OrderingMail.inDateOrder(history), into: reference)
            let expected = OrderingMail.finalCalendar(reference)
            #expect(!expected.isEmpty, "date order wrote nothing: the mail was not trusted")
            for order in OrderingMail.permutations(history) {
                let calendar = try setup.newCalendar()
                try setup.filter(order, into: calendar)
                runs += order.count
                let difference = OrderingMail.difference(OrderingMail.finalCalendar(calendar), expected)
                #expect(difference.isEmpty, "arrival \(order) differs from date order: \(difference)")
                if !difference.isEmpty { return }
            }
        }
        print("OrderingEndToEndTests.filterEveryOrder: \(runs) filter runs over \(histories.count) histories")
    }

    @Test("what date order leaves: re-booked parts confirmed, cancelled ones cancelled without alarms, one event per part")
    func dateOrderResult() throws {
        let setup = try OrderingMail.Setup("order-result")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let all = OrderingMail.inDateOrder(try OrderingMail.signedHistories().flatMap { $0 })
        let calendar = try setup.newCalendar()
        // Every message is signed with Date covered, and passes.
        for mail in all {
            let text = String(decoding: mail.bytes, as: UTF8.self)
            let signature = try #require(text.range(of: "DKIM-Signature:").map { String(text[$0.lowerBound...].prefix(600)) })
            #expect(signature.replacingOccurrences(of: "\r\n\t", with: "").replacingOccurrences(of: "\r\n ", with: "")
                .range(of: "h=[^;]*date", options: [.regularExpression, .caseInsensitive]) != nil, "\(mail): Date not signed")
        }
        let first = try TestBinary.run(["filter", "--calendar", calendar, "--alarm"] + setup.common, input: Data(all[0].bytes))
        #expect(first.stdoutText.contains("dkim=pass"), "\(first.stdoutText.prefix(400))")
        for mail in all.dropFirst() {
            let result = try TestBinary.run(["filter", "--calendar", calendar, "--alarm"] + setup.common, input: Data(mail.bytes))
            try #require(result.status == 0)
        }
        let events = ReservationMail.calendar(calendar).mapValues { String(decoding: $0, as: UTF8.self) }
        let byStatus = Dictionary(grouping: events.values) { ReservationMail.property("STATUS", in: $0) ?? "" }
        let summaries = { (status: String) in
            (byStatus[status] ?? []).compactMap { ReservationMail.property("SUMMARY", in: $0) }.sorted()
        }
        #expect(summaries("CONFIRMED") == ["Alte Post — table for 2", "LH 402 FRA → JFK", "Zur Post — table for 2"])
        #expect(summaries("CANCELLED") == ["BA 1 LHR → JFK", "BA 2 JFK → LHR", "BA 7 LHR → JFK", "UA 10 SFO → JFK", "UA 20 JFK → BOS"])
        for text in byStatus["CANCELLED"] ?? [] { #expect(!text.contains("BEGIN:VALARM"), "a cancelled event keeps its alarm") }
        for text in byStatus["CONFIRMED"] ?? [] { #expect(text.contains("BEGIN:VALARM")) }
        // The delayed leg starts on the next day, in the same event as before the delay.
        let delayed = try #require(events.values.first { ReservationMail.property("SUMMARY", in: $0) == "UA 20 JFK → BOS" })
        #expect(ReservationMail.property("DTSTART", in: delayed) == "20270311T054000Z")
        // Calendar readers see only the events; the remembered cancellations are dot-files beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: calendar)
        let hidden = names.filter { !$0.hasSuffix(".ics") && $0 != ".eventsuggest.lock" }
        #expect(!hidden.isEmpty && hidden.allSatisfy { $0.hasPrefix(".") && $0.hasSuffix(".eventsuggest-cancelled") }, "\(hidden)")
    }

    @Test("scan in one run, and in two runs split at random (seeded), gives the calendar of date order")
    func scanOneAndTwoRuns() throws {
        let setup = try OrderingMail.Setup("order-scan")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let all = try OrderingMail.signedHistories().flatMap { $0 }
        let reference = try setup.newCalendar()
        try setup.filter(OrderingMail.inDateOrder(all), into: reference)
        let expected = OrderingMail.finalCalendar(reference)
        #expect(expected.count == 8)

        let seed: UInt64 = 0x0D_E15
        var random = SplitMix64(seed: seed)
        print("OrderingEndToEndTests.scanOneAndTwoRuns: seed \(seed)")
        let one = try setup.newCalendar()
        _ = try setup.scan(all.shuffled(using: &random), into: one)
        #expect(OrderingMail.difference(OrderingMail.finalCalendar(one), expected).isEmpty,
                "one scan: \(OrderingMail.difference(OrderingMail.finalCalendar(one), expected))")
        for round in 0..<12 {
            let shuffled = all.shuffled(using: &random)
            let cut = 1 + Int(random.next() % UInt64(all.count - 1))
            let calendar = try setup.newCalendar()
            _ = try setup.scan(Array(shuffled[..<cut]), into: calendar)
            _ = try setup.scan(Array(shuffled[cut...]), into: calendar)
            let difference = OrderingMail.difference(OrderingMail.finalCalendar(calendar), expected)
            #expect(difference.isEmpty, "seed \(seed) round \(round): scan of \(shuffled[..<cut]) then \(shuffled[cut...]): \(difference)")
            if !difference.isEmpty { return }
        }
    }

    @Test("8 concurrent filters, in random orders (seeded), give the calendar of date order")
    func concurrentFilters() throws {
        let setup = try OrderingMail.Setup("order-concurrent")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let all = try OrderingMail.signedHistories().flatMap { $0 }
        let reference = try setup.newCalendar()
        try setup.filter(OrderingMail.inDateOrder(all), into: reference)
        let expected = OrderingMail.finalCalendar(reference)
        let seed: UInt64 = 0x8_F117
        var random = SplitMix64(seed: seed)
        print("OrderingEndToEndTests.concurrentFilters: seed \(seed)")
        for round in 0..<6 {
            let order = all.shuffled(using: &random)
            let calendar = try setup.newCalendar()
            try setup.filterConcurrently(order, into: calendar, width: 8)
            let difference = OrderingMail.difference(OrderingMail.finalCalendar(calendar), expected)
            #expect(difference.isEmpty, "seed \(seed) round \(round), started in order \(order): \(difference)")
            if !difference.isEmpty { return }
        }
    }

    @Test("a second scan of the same mailbox changes no byte and no mtime, and reports unchanged, not skipped")
    func secondScanChangesNothing() throws {
        let setup = try OrderingMail.Setup("order-rescan")
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let all = try OrderingMail.signedHistories().flatMap { $0 }
        let maildirMails = all
        let calendar = try setup.newCalendar()
        _ = try setup.scan(maildirMails, into: calendar)
        func snapshot() throws -> [String: (Data, Date)] {
            var files: [String: (Data, Date)] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: calendar) where name != ".eventsuggest.lock" {
                let path = calendar + "/" + name
                let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
                files[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), date)
            }
            return files
        }
        let before = try snapshot()
        Thread.sleep(forTimeInterval: 0.05) // so that a rewrite would show in the mtime
        let again = try setup.scan(maildirMails, into: calendar)
        let after = try snapshot()
        #expect(before.keys.sorted() == after.keys.sorted())
        for (name, (bytes, date)) in before {
            #expect(after[name]?.0 == bytes, "\(name) rewritten")
            #expect(after[name]?.1 == date, "\(name) touched")
        }
        // The summary: every part already in the calendar is unchanged; nothing skipped, no older-message.
        let summary = again.stdoutText + again.stderrText
        let events = summary.components(separatedBy: "Events").last ?? ""
        #expect(events.range(of: "skipped +0", options: .regularExpression) != nil, "\(summary)")
        #expect(!summary.contains("older-message") && !summary.contains("cancelled-earlier"), "\(summary)")
        #expect(events.range(of: "created +0", options: .regularExpression) != nil, "\(summary)")
    }
}
