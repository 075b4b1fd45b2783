import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup

/// Zoned times written two ways — `DTSTART;TZID=…` with a VTIMEZONE, and UTC — and read back
/// by Python icalendar (by the TZID's name and by the file's VTIMEZONE), libical (by the
/// file's VTIMEZONE) and khal; every reader must give the instant Python's zoneinfo gives the
/// wall time and zone, and the two forms the same instants.
@Suite("zoned times: TZID with VTIMEZONE and UTC, read by icalendar, libical and khal")
struct ZonedReaderTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Readers/read_instants.py").path

    struct Case {
        var title: String
        var kind: ReservationKind
        var start: (String, String)
        var end: (String, String)?
        /// A wall time its zone repeats or skips: written in UTC (no reader may differ).
        var writtenInUTC = false
    }

    static let cases: [Case] = [
        Case(title: "overnight SFO to CDG", kind: .flight,
             start: ("2027-03-04T20:15:00", "America/Los_Angeles"), end: ("2027-03-05T16:00:00", "Europe/Paris")),
        Case(title: "the repeated half hour in Paris", kind: .foodEstablishment, start: ("2027-10-31T02:30:00", "Europe/Paris"),
             writtenInUTC: true),
        Case(title: "the skipped half hour in Paris", kind: .foodEstablishment, start: ("2027-03-28T02:30:00", "Europe/Paris"),
             writtenInUTC: true),
        Case(title: "the hour before the repeated one", kind: .foodEstablishment,
             start: ("2027-10-31T01:30:00", "Europe/Paris"), end: ("2027-10-31T02:15:00", "Europe/Paris")),
        Case(title: "the morning after the switch", kind: .train,
             start: ("2027-03-28T08:29:00", "Europe/Berlin"), end: ("2027-03-28T12:33:00", "Europe/Berlin")),
        Case(title: "Phoenix in July to Denver", kind: .flight,
             start: ("2027-07-15T18:00:00", "America/Phoenix"), end: ("2027-07-15T19:40:00", "America/Denver")),
        Case(title: "Lord Howe's half-hour summer", kind: .event, start: ("2028-01-10T19:00:00", "Australia/Lord_Howe")),
        Case(title: "Kathmandu at a quarter to", kind: .event, start: ("2027-06-01T09:00:00", "Asia/Kathmandu")),
        Case(title: "Sydney summer dinner", kind: .foodEstablishment, start: ("2027-12-24T19:00:00", "Australia/Sydney")),
    ]

    static func zoned(_ pair: (String, String)) -> DateTimeValue { time(pair.0).inZone(ZoneIdentifier(pair.1)!) }

    static func reservation(_ test: Case, index: Int, utc: Bool, zones: ZoneRulesCache) -> Reservation {
        func value(_ pair: (String, String)) -> DateTimeValue {
            let zoned = zoned(pair)
            guard utc else { return zoned }
            let rules = zones.rulesIfKnown(for: zoned.zone!)!
            return time(zoned.instant(rules: rules)!.iso8601Text)
        }
        return Reservation.make(test.kind, id: "Z-\(index)") {
            $0.name = test.title
            $0.tripNumber = test.title
            $0.start = value(test.start)
            $0.end = test.end.map(value)
        }
    }

    struct Instants: Decodable, Equatable {
        var dtstart: Int64?
        var dtend: Int64?
        var error: String?
    }

    struct Report: Decodable {
        var path: String
        var zoneinfo: Instants
        var icalendar: Instants
        var icalendar_vtimezone: Instants
        var libical: Instants
    }

    func write(utc: Bool, into folder: String) throws -> [String] {
        let zones = ZoneRulesCache()
        let store = CalendarStore(directory: folder, now: goldenNow, mapping: EventMappingOptions(zones: zones))
        var files: [String] = []
        for (index, test) in Self.cases.enumerated() {
            let outcomes = try store.apply([Self.reservation(test, index: index, utc: utc, zones: zones)], from: .mail())
            files.append(folder + "/" + (try #require(outcomes.first?.fileName, "\(test.title): \(outcomes)")))
        }
        return files
    }

    func read(_ files: [String]) throws -> [Report] {
        let output = try External.run(External.python, [Self.script] + files)
        guard output.status == 0 else { throw ReaderFailure(message: "read_instants.py: \(output.stderr)") }
        return try output.stdout.split(separator: "\n").map { try JSONDecoder().decode(Report.self, from: Data($0.utf8)) }
    }

    @Test func everyReaderGivesZoneinfosInstantsInBothForms() throws {
        let home = try TemporaryDirectory("zoned")
        let zonedFiles = try write(utc: false, into: home.path + "/zoned")
        let utcFiles = try write(utc: true, into: home.path + "/utc")
        let zonedReports = try read(zonedFiles)
        let utcReports = try read(utcFiles)
        let rules = ZoneRulesCache()
        for (index, test) in Self.cases.enumerated() {
            let zoned = zonedReports[index], utc = utcReports[index]
            let text = try String(contentsOfFile: zonedFiles[index], encoding: .utf8)
            if test.writtenInUTC {
                #expect(text.contains("\r\nDTSTART:2027") && !text.contains("DTSTART;TZID"), "\(test.title): \(text)")
            } else {
                #expect(text.contains("DTSTART;TZID=\(test.start.1):"), "\(test.title): \(text)")
                #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:\(test.start.1)\r\n"), "\(test.title)")
            }
            // What the markup meant, by zoneinfo, and by our rules.
            let start = Self.zoned(test.start)
            let ours = try #require(start.instant(rules: rules.rulesIfKnown(for: start.zone!)))
            #expect(zoned.zoneinfo.dtstart == ours.secondsSinceEpoch, "\(test.title): zoneinfo vs ZoneRules")
            #expect(zoned.zoneinfo.error == nil && zoned.zoneinfo.dtend != nil, "\(test.title)")
            for (reader, view) in [("icalendar", zoned.icalendar), ("icalendar+VTIMEZONE", zoned.icalendar_vtimezone),
                                   ("libical", zoned.libical)] {
                #expect(view == zoned.zoneinfo, "\(test.title): \(reader) read the TZID form as \(view), zoneinfo \(zoned.zoneinfo)")
            }
            for (reader, view) in [("zoneinfo", utc.zoneinfo), ("icalendar", utc.icalendar),
                                   ("icalendar+VTIMEZONE", utc.icalendar_vtimezone), ("libical", utc.libical)] {
                #expect(view == zoned.zoneinfo, "\(test.title): \(reader) read the UTC form as \(view), the TZID form is \(zoned.zoneinfo)")
            }
        }
        // khal lists both folders alike, at the instants zoneinfo gives (shown in UTC).
        func utcText(_ seconds: Int64?) -> String {
            guard let seconds else { return "-" }
            let wall = Instant(secondsSinceEpoch: seconds).localDateTime(at: .utc).iso8601Text
            return String(wall.prefix(16)).replacingOccurrences(of: "T", with: " ")
        }
        let expected = zip(Self.cases.indices, zonedReports).map { index, report in
            let summary = EventMapping.summary(Self.reservation(Self.cases[index], index: index, utc: false, zones: rules))
            return "\(utcText(report.zoneinfo.dtstart)) | \(utcText(report.zoneinfo.dtend)) | \(summary)"
        }.sorted()
        let zonedListing = try khal(home, folder: "zoned").sorted(), utcListing = try khal(home, folder: "utc").sorted()
        #expect(zonedListing == expected, "khal listed the TZID form as\n\(zonedListing.joined(separator: "\n"))")
        #expect(utcListing == expected, "khal listed the UTC form as\n\(utcListing.joined(separator: "\n"))")
    }

    func khal(_ home: TemporaryDirectory, folder: String) throws -> [String] {
        let config = try home.write("""
            [calendars]
            [[trips]]
            path = \(home.path)/\(folder)
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = UTC
            default_timezone = UTC
            [sqlite]
            path = \(home.path)/khal-\(folder).db

            """, to: "config-" + folder)
        let output = try External.run(External.khal, [
            "-c", config, "list", "--once", "--day-format", "", "--format", "{start} | {end} | {title}",
            "2027-01-01", "2028-12-31",
        ], environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"])
        #expect(output.status == 0, "khal: \(output.stderr)")
        #expect(!output.stderr.localizedCaseInsensitiveContains("warning")
            && !output.stderr.localizedCaseInsensitiveContains("error"), "khal: \(output.stderr)")
        return output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
