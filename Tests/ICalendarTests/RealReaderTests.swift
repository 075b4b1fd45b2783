import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

/// What an independent reader must see in one written file.
struct ExpectedEvent {
    var file: String
    var uid: String
    var summary: String
    var start: String
    var end: String?
    var status: String
    var sequence: Int
    var location: String?
    var description: String?
    var url: String?
}

/// Checks both readers' views of every file against what was meant.
func expectReadersAgree(_ expected: [ExpectedEvent], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reports = try readWithIndependentReaders(expected.map(\.file))
    #expect(reports.count == expected.count, sourceLocation: sourceLocation)
    for (want, report) in zip(expected, reports) {
        let name = (want.file as NSString).lastPathComponent + " (\(want.summary))"
        for (reader, view) in [("Python icalendar", report.icalendar), ("libical", report.libical)] {
            #expect(view.error == nil, "\(reader) could not read \(name): \(view.error ?? "")", sourceLocation: sourceLocation)
            #expect(view.errors == [], "\(reader) reported problems in \(name)", sourceLocation: sourceLocation)
            #expect(view.vevents == 1, "\(reader): \(name)", sourceLocation: sourceLocation)
            #expect(view.uid == want.uid, "\(reader): UID of \(name)", sourceLocation: sourceLocation)
            #expect(view.summary == want.summary, "\(reader): SUMMARY of \(name)", sourceLocation: sourceLocation)
            #expect(view.dtstart == want.start, "\(reader): DTSTART of \(name)", sourceLocation: sourceLocation)
            #expect(view.dtend == want.end, "\(reader): DTEND of \(name)", sourceLocation: sourceLocation)
            #expect(view.status == want.status, "\(reader): STATUS of \(name)", sourceLocation: sourceLocation)
            #expect(view.sequence == want.sequence, "\(reader): SEQUENCE of \(name)", sourceLocation: sourceLocation)
            #expect(view.location == want.location, "\(reader): LOCATION of \(name)", sourceLocation: sourceLocation)
            #expect(view.description == want.description, "\(reader): DESCRIPTION of \(name)", sourceLocation: sourceLocation)
            #expect(view.url == want.url, "\(reader): URL of \(name)", sourceLocation: sourceLocation)
        }
    }
}

/// Summaries that fold across multi-byte characters and need every kind of escape.
let hardSummaries = [
    "Konzert 🎻🎺🎷 im Großen Saal der Philharmonie — Reihe 5, Platz 12; Einlass 19:00 🎉🎉🎉🎉",
    "東京駅から新大阪駅まで 東海道新幹線 のぞみ 1号 グリーン車 8号車 5番A席 🚄 " + String(repeating: "日本", count: 20),
    "Dinner, drinks; and \\ a backslash\nsecond line\r\nthird line",
    String(repeating: "👩‍👩‍👧", count: 15) + " family trip 🇩🇪🇫🇷🇯🇵",
    "Café " + String(repeating: "e\u{301}", count: 50),
]

@Suite("independent readers: Python icalendar, libical, khal")
struct RealReaderTests {
    @Test("every golden case reads back the same in Python icalendar and libical")
    func goldenCases() throws {
        let directory = try TemporaryDirectory("readers")
        var expected: [ExpectedEvent] = []
        for golden in GoldenCase.all {
            let sub = try TemporaryDirectory("readers")
            let (outcome, text) = try writeOne(golden.reservation, in: sub, alarms: golden.alarms)
            let file = try directory.write(try #require(text), to: golden.name + ".ics")
            let draft = try #require(EventMapping.draft(for: golden.reservation))
            expected.append(ExpectedEvent(
                file: file, uid: try #require(outcome.uid).value, summary: golden.summary, start: golden.start,
                end: golden.end, status: "CONFIRMED", sequence: 0, location: draft.location,
                description: draft.description, url: draft.url))
        }
        try expectReadersAgree(expected)
    }

    @Test("long summaries with emoji, CJK, combining marks and escapes survive folding in both readers")
    func hardText() throws {
        let directory = try TemporaryDirectory("readers")
        var expected: [ExpectedEvent] = []
        for (index, summary) in hardSummaries.enumerated() {
            let reservation = Reservation.make(.event, id: "E-\(index)") {
                $0.name = summary
                $0.start = time("2027-03-12T20:00:00+01:00")
                $0.end = time("2027-03-12T22:30:00+01:00")
                $0.place = Place(name: "Saal; \"A\", 2. OG \\ hinten", address: PostalAddress(text: summary))
                $0.underName = summary
            }
            let (outcome, text) = try writeOne(reservation, in: directory)
            #expect(contentLineProblems(try #require(text)) == [])
            let draft = try #require(EventMapping.draft(for: reservation))
            // TEXT holds LF for every line break; CR LF in the markup is one break.
            let lf = { (text: String) in text.replacingOccurrences(of: "\r\n", with: "\n") }
            expected.append(ExpectedEvent(
                file: directory.path + "/" + (try #require(outcome.fileName)), uid: try #require(outcome.uid).value,
                summary: lf(summary), start: "20270312T190000Z", end: "20270312T213000Z", status: "CONFIRMED",
                sequence: 0, location: draft.location.map(lf), description: lf(draft.description), url: nil))
        }
        try expectReadersAgree(expected)
    }

    @Test("an update, a cancellation and a cancelled two-leg flight read back with their STATUS and SEQUENCE")
    func storeStates() throws {
        let directory = try TemporaryDirectory("readers")
        let snapshots = try TemporaryDirectory("readers")
        var expected: [ExpectedEvent] = []
        func snapshot(_ outcome: StoreOutcome, _ label: String, summary: String, start: String, end: String,
                      status: String, sequence: Int) throws {
            let name = try #require(outcome.fileName)
            let file = try snapshots.write(try directory.read(name), to: label + ".ics")
            expected.append(ExpectedEvent(
                file: file, uid: try #require(outcome.uid).value, summary: summary, start: start, end: end,
                status: status, sequence: sequence, location: nil, description: "Confirmation number: T-1", url: nil))
        }
        func table(_ start: String, _ date: String) -> (Reservation, ReservationSource) {
            (Reservation.make(.foodEstablishment, id: "T-1") {
                $0.name = "Zur Post"
                $0.start = time(start)
            }, .mail(date: date))
        }
        var store = CalendarStore(directory: directory.path, now: goldenNow)
        let (first, firstSource) = table("2027-03-10T19:00:00+01:00", "2027-02-20T09:00:00Z")
        let created = try store.apply([first], from: firstSource)
        try snapshot(created[0], "created", summary: "Zur Post — table", start: "20270310T180000Z",
                     end: "20270310T200000Z", status: "CONFIRMED", sequence: 0)
        store.now += 3600
        let (moved, movedSource) = table("2027-03-10T20:30:00+01:00", "2027-02-21T09:00:00Z")
        let updated = try store.apply([moved], from: movedSource)
        try snapshot(updated[0], "updated", summary: "Zur Post — table", start: "20270310T193000Z",
                     end: "20270310T213000Z", status: "CONFIRMED", sequence: 1)
        store.now += 3600
        let cancelled = try store.apply([.make(.foodEstablishment, id: "T-1", status: .cancelled, item: "")],
                                        from: .mail(date: "2027-02-22T09:00:00Z"))
        try snapshot(try #require(cancelled.first), "cancelled", summary: "Zur Post — table", start: "20270310T193000Z",
                     end: "20270310T213000Z", status: "CANCELLED", sequence: 2)
        try expectReadersAgree(expected)
    }

    @Test("khal lists the vdir the store filled: titles and times as a person would see them")
    func khalListsTheFolder() throws {
        let home = try TemporaryDirectory("khal")
        let folder = home.path + "/calendar"
        var store = CalendarStore(directory: folder, now: goldenNow)
        let cases = ["food-establishment", "lodging-dates", "lodging-times", "train", "boat-floating", "flight"]
        for name in cases {
            let golden = try #require(GoldenCase.all.first { $0.name == name })
            _ = try store.apply([golden.reservation], from: .mail())
        }
        let long = Reservation.make(.event, id: "E-long") {
            $0.name = hardSummaries[0]
            $0.start = time("2027-03-16T19:30:00+01:00")
        }
        _ = try store.apply([long], from: .mail())
        // The taxi is booked, then cancelled: khal shows it as CANCELLED.
        let taxi = try #require(GoldenCase.all.first { $0.name == "taxi" })
        _ = try store.apply([taxi.reservation], from: .mail())
        store.now += 60
        _ = try store.apply([.make(.taxi, id: taxi.reservation.reservationID, status: .cancelled, item: "")],
                            from: .mail(date: "2027-02-21T09:00:00Z"))
        // A cancellation whose confirmation has not come: remembered beside the events, never shown.
        _ = try store.apply([.make(.foodEstablishment, id: "NOT-YET-CONFIRMED", status: .cancelled, item: "")], from: .mail())
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eventsuggest-cancelled") }
        #expect(hidden.count == 2, "the taxi's and the unconfirmed table's cancellations: \(hidden)")
        try home.write("""
            [calendars]
            [[trips]]
            path = \(folder)
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Berlin
            default_timezone = Europe/Berlin
            [sqlite]
            path = \(home.path)/khal.db

            """, to: "config")
        let output = try External.run(External.khal, [
            "-c", home.path + "/config", "list", "--once", "--day-format", "",
            "--format", "{start} | {end} | {title} | {status}", "2027-03-01", "2027-03-31",
        ], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"])
        #expect(output.status == 0, "khal: \(output.stderr)")
        #expect(!output.stderr.localizedCaseInsensitiveContains("warning")
            && !output.stderr.localizedCaseInsensitiveContains("error"), "khal: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // Europe/Berlin is UTC+1 in March 2027 until the 28th; floating times are shown as written;
        // an all-day stay ends (inclusive) the day before check-out.
        #expect(lines == [
            "2027-03-10 | 2027-03-11 | Hotel Example, 2 nights | CONFIRMED",
            "2027-03-10 15:00 | 2027-03-13 11:00 | Hotel Adlon Kempinski, 3 nights | CONFIRMED",
            "2027-03-10 17:00 | 2027-03-10 22:35 | UA 123 SFO → JFK | CONFIRMED",
            "2027-03-11 04:30 | 2027-03-11 06:30 | EPIC Steak — table for 2 | CONFIRMED",
            "2027-03-11 08:29 | 2027-03-11 12:33 | ICE 1234 Berlin Hbf → München Hbf | CONFIRMED",
            "2027-03-12 06:00 | 2027-03-12 06:30 | Taxi pick-up at Hotel Adlon Kempinski | CANCELLED",
            "2027-03-13 18:45 | 2027-03-14 09:15 | Ferry Stena Line Kiel → Göteborg | CONFIRMED",
            "2027-03-16 19:30 | 2027-03-16 21:30 | \(hardSummaries[0]) | CONFIRMED",
        ], "khal printed:\n\(output.stdout)")
    }

    @Test("vdirsyncer syncs the events of the folder and leaves the remembered cancellations behind")
    func vdirsyncerSkipsTombstones() throws {
        let home = try TemporaryDirectory("vdirsyncer")
        let folder = home.path + "/calendar", copy = home.path + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        var store = CalendarStore(directory: folder, now: goldenNow)
        for name in ["food-establishment", "flight", "taxi"] {
            let golden = try #require(GoldenCase.all.first { $0.name == name })
            _ = try store.apply([golden.reservation], from: .mail())
        }
        store.now += 60
        let taxi = try #require(GoldenCase.all.first { $0.name == "taxi" })
        _ = try store.apply([.make(.taxi, id: taxi.reservation.reservationID, status: .cancelled, item: "")],
                            from: .mail(date: "2027-02-21T09:00:00Z"))
        _ = try store.apply([.make(.foodEstablishment, id: "NOT-YET-CONFIRMED", status: .cancelled, item: "")], from: .mail())
        let events = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") }.sorted()
        #expect(events.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".eventsuggest-cancelled") }.count == 2)
        try home.write("""
            [general]
            status_path = "\(home.path)/status/"

            [pair reservations]
            a = "ours"
            b = "copy"
            collections = null

            [storage ours]
            type = "filesystem"
            path = "\(folder)"
            fileext = ".ics"

            [storage copy]
            type = "filesystem"
            path = "\(copy)"
            fileext = ".ics"

            """, to: "config")
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        for command in [["discover"], ["sync"]] {
            let output = try External.run("/usr/bin/vdirsyncer", ["-c", home.path + "/config"] + command, environment: environment)
            #expect(output.status == 0, "vdirsyncer \(command): \(output.stdout) \(output.stderr)")
            #expect(!output.stderr.localizedCaseInsensitiveContains("error")
                && !output.stderr.localizedCaseInsensitiveContains("warning"), "vdirsyncer \(command): \(output.stderr)")
        }
        let copied = try FileManager.default.contentsOfDirectory(atPath: copy).sorted()
        #expect(copied.count == events.count, "\(copied)")
        #expect(copied.allSatisfy { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }, "\(copied)")
        // What arrived is the events themselves: the same UIDs, the cancelled taxi among them.
        let uids = { (directory: String, names: [String]) in
            try Set(names.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }.compactMap { value("UID", in: $0) })
        }
        #expect(try uids(copy, copied) == uids(folder, events))
    }
}
