import Findings
import Foundation
import Testing
import TestSupport
@testable import SchemaMarkup

/// The instants that zone evidence gives, each checked against Python's `zoneinfo` (an
/// independent implementation of the tz rules, over the same /usr/share/zoneinfo): a wall time
/// in a zone is the UTC instant zoneinfo gives it with `fold=0` (the first of a repeated hour,
/// a skipped hour read with the offset before the gap — RFC 5545 §3.3.5).
@Suite struct ZoneInstantTests {
    static let directory = PlaceZoneDirectory()

    /// Python's answer for each (wall time, zone): seconds since 1970 in UTC.
    static func zoneinfoInstants(_ pairs: [(String, String)]) throws -> [Int64] {
        let script = """
            import sys, datetime, zoneinfo
            for line in sys.argv[1:]:
                wall, zone = line.split(" ")
                local = datetime.datetime.fromisoformat(wall).replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0)
                print(int(local.timestamp()))
            """
        let output = try runTool("/usr/bin/python3", ["-c", script] + pairs.map { "\($0.0) \($0.1)" })
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Int64($0) }
    }

    static func instant(_ value: DateTimeValue?) -> Int64? {
        guard let value else { return nil }
        return value.instant(rules: value.zone.flatMap(directory.rules.rulesIfKnown(for:)))?.secondsSinceEpoch
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        /// The expected (wall time, zone) of start and of end; nil: stays floating.
        var start: (String, String)?
        var end: (String, String)?
        var testDescription: String { name }
    }

    static func flight(_ from: String, _ to: String, _ departure: String, _ arrival: String) -> String {
        """
        {"@type": "FlightReservation", "reservationNumber": "F", "reservationFor": {"@type": "Flight", "flightNumber": "UA1",
         "departureAirport": {"@type": "Airport", "iataCode": "\(from)"}, "arrivalAirport": {"@type": "Airport", "iataCode": "\(to)"},
         "departureTime": "\(departure)", "arrivalTime": "\(arrival)"}}
        """
    }

    static func stay(_ place: String, _ checkin: String, _ checkout: String) -> String {
        """
        {"@type": "LodgingReservation", "reservationNumber": "H", "reservationFor": {"@type": "Hotel", "name": "H", \(place)},
         "checkinTime": "\(checkin)", "checkoutTime": "\(checkout)"}
        """
    }

    static let cases: [Case] = [
        Case(name: "an overnight flight between two zones", json: flight("SFO", "JFK", "2027-03-04T22:15:00", "2027-03-05T06:45:00"),
             start: ("2027-03-04T22:15:00", "America/Los_Angeles"), end: ("2027-03-05T06:45:00", "America/New_York")),
        Case(name: "the morning after the US switch to DST, London not yet switched",
             json: flight("JFK", "LHR", "2027-03-14T08:00:00", "2027-03-14T20:00:00"),
             start: ("2027-03-14T08:00:00", "America/New_York"), end: ("2027-03-14T20:00:00", "Europe/London")),
        Case(name: "Phoenix in July keeps standard time",
             json: stay(#""address": {"addressLocality": "Phoenix", "addressRegion": "AZ", "addressCountry": "US"}"#,
                        "2027-07-14T15:00:00", "2027-07-16T11:00:00"),
             start: ("2027-07-14T15:00:00", "America/Phoenix"), end: ("2027-07-16T11:00:00", "America/Phoenix")),
        Case(name: "India's half hour, by alpha-3", json: stay(#""address": {"addressCountry": "IND"}"#, "2027-01-10T14:00:00", "2027-01-12T11:00:00"),
             start: ("2027-01-10T14:00:00", "Asia/Kolkata"), end: ("2027-01-12T11:00:00", "Asia/Kolkata")),
        Case(name: "Nepal's quarter hour, by name", json: stay(#""address": {"addressCountry": "Nepal"}"#, "2027-01-10T14:00:00", "2027-01-12T11:00:00"),
             start: ("2027-01-10T14:00:00", "Asia/Kathmandu"), end: ("2027-01-12T11:00:00", "Asia/Kathmandu")),
        Case(name: "Chatham's +13:45 in its summer, by coordinates",
             json: stay(#""geo": {"latitude": -43.95, "longitude": -176.56}"#, "2027-01-10T14:00:00", "2027-01-12T11:00:00"),
             start: ("2027-01-10T14:00:00", "Pacific/Chatham"), end: ("2027-01-12T11:00:00", "Pacific/Chatham")),
        Case(name: "southern-hemisphere summer in Sydney",
             json: stay(#""address": {"addressRegion": "NSW", "addressCountry": "Australia"}"#, "2027-01-15T19:00:00", "2027-01-17T10:00:00"),
             start: ("2027-01-15T19:00:00", "Australia/Sydney"), end: ("2027-01-17T10:00:00", "Australia/Sydney")),
        Case(name: "a Country object", json: stay(#""address": {"addressCountry": {"@type": "Country", "name": "Japan"}}"#,
                                                   "2027-04-01T15:00:00", "2027-04-03T10:00:00"),
             start: ("2027-04-01T15:00:00", "Asia/Tokyo"), end: ("2027-04-03T10:00:00", "Asia/Tokyo")),
        Case(name: "a multi-zone country with its region and locality",
             json: stay(#""address": {"addressLocality": "El Paso", "addressRegion": "TX", "addressCountry": "US"}"#,
                        "2027-07-14T15:00:00", "2027-07-16T11:00:00"),
             start: ("2027-07-14T15:00:00", "America/Denver"), end: ("2027-07-16T11:00:00", "America/Denver")),
        Case(name: "a multi-zone country without its region stays floating",
             json: stay(#""address": {"addressCountry": "US"}"#, "2027-07-14T15:00:00", "2027-07-16T11:00:00"), start: nil, end: nil),
        Case(name: "coordinates as strings",
             json: stay(#""geo": {"latitude": "-33.87", "longitude": "151.21"}"#, "2027-01-15T19:00:00", "2027-01-17T10:00:00"),
             start: ("2027-01-15T19:00:00", "Australia/Sydney"), end: ("2027-01-17T10:00:00", "Australia/Sydney")),
        Case(name: "the DST fold: a repeated 01:30 is the first",
             json: stay(#""address": {"addressLocality": "New York", "addressRegion": "NY", "addressCountry": "US"}"#,
                        "2027-11-07T01:30:00", "2027-11-08T11:00:00"),
             start: ("2027-11-07T01:30:00", "America/New_York"), end: ("2027-11-08T11:00:00", "America/New_York")),
        Case(name: "the DST gap: a skipped 02:30 moves forward",
             json: stay(#""address": {"addressRegion": "NY", "addressCountry": "US"}"#, "2027-03-14T02:30:00", "2027-03-15T11:00:00"),
             start: ("2027-03-14T02:30:00", "America/New_York"), end: ("2027-03-15T11:00:00", "America/New_York")),
        Case(name: "an unknown airport code stays floating",
             json: flight("QQQ", "JFK", "2027-03-04T22:15:00", "2027-03-05T06:45:00"),
             start: nil, end: ("2027-03-05T06:45:00", "America/New_York")),
        Case(name: "an overnight arrival written with the departure's date moves to the next day",
             json: flight("SFO", "JFK", "2027-03-04T22:15:00", "2027-03-04T06:45:00"),
             start: ("2027-03-04T22:15:00", "America/Los_Angeles"), end: ("2027-03-05T06:45:00", "America/New_York")),
    ]

    @Test(arguments: cases)
    func instantsAgreeWithPythonZoneinfo(_ testCase: Case) throws {
        let result = MarkupExtractor(zones: Self.directory).extract(html: MarkupFixture.page(testCase.json))
        let part = try #require(result.reservations.first)
        let expected = try Self.zoneinfoInstants([testCase.start, testCase.end].compactMap { $0 })
        var remaining = expected[...]
        for (value, wanted) in [(part.start, testCase.start), (part.end, testCase.end)] {
            guard let wanted else {
                #expect(value?.zone == nil, "\(String(describing: value)) should stay floating")
                #expect(Self.instant(value) == nil)
                continue
            }
            #expect(value?.zone?.name == wanted.1)
            #expect(value?.withoutZone.description == wanted.0)
            #expect(Self.instant(value) == remaining.popFirst(), "\(wanted.0) in \(wanted.1)")
        }
        #expect(!result.findings.contains { $0.severity == .error }, "\(result.findings)")
    }

    @Test func theMovedArrivalIsAWarningThatSaysSo() throws {
        let result = MarkupExtractor(zones: Self.directory).extract(html: MarkupFixture.page(
            Self.flight("SFO", "JFK", "2027-03-04T22:15:00", "2027-03-04T06:45:00")))
        let warning = try #require(result.findings.first { $0.code == FindingCode.arrivalMovedToNextDay.id })
        #expect(warning.severity == .warning)
        #expect(warning.message == #"arrivalTime "2027-03-04T06:45:00" is before the departure on the same date; taken as the next day, 2027-03-05T06:45:00 (America/New_York), 5 h 30 min after the departure (write the arrival's own date)"#)
    }

    /// Attacks: without zones nothing says the arrival is overnight (it stays an error), an explicit
    /// offset disagreeing with its airport is kept, and an arrival on an earlier date is not "repaired".
    @Test func nothingMovesWithoutTheInstantsThatSaySo() throws {
        func extract(_ json: String) -> MarkupExtraction { MarkupExtractor(zones: Self.directory).extract(html: MarkupFixture.page(json)) }
        let floating = extract(Self.flight("QQQ", "QQZ", "2027-03-04T22:15:00", "2027-03-04T06:45:00"))
        #expect(floating.reservations.first?.end?.description == "2027-03-04T06:45:00")
        #expect(floating.findings.map(\.code).contains(FindingCode.endBeforeStart.id))
        #expect(!floating.findings.map(\.code).contains(FindingCode.arrivalMovedToNextDay.id))

        let offsets = extract(Self.flight("SFO", "JFK", "2027-03-04T22:15:00-05:00", "2027-03-05T06:45:00"))
        let kept = try #require(offsets.reservations.first?.start)
        #expect(kept.zone == nil && kept.utcOffsetSeconds == -18_000)
        let fixedOffset = try Self.zoneinfoInstants([("2027-03-04T22:15:00", "Etc/GMT+5")]).first
        #expect(Self.instant(kept) == fixedOffset)

        // Two explicit offsets are instants the sender wrote: not moved, still an error (Google's own train sample).
        let explicit = extract(Self.flight("SFO", "JFK", "2027-03-04T22:15:00-08:00", "2027-03-04T06:45:00-05:00"))
        #expect(explicit.reservations.first?.end?.description == "2027-03-04T06:45:00-05:00")
        #expect(explicit.findings.map(\.code) == [FindingCode.endBeforeStart.id])

        let earlierDate = extract(Self.flight("SFO", "JFK", "2027-03-04T22:15:00", "2027-03-03T06:45:00"))
        #expect(earlierDate.reservations.first?.end?.withoutZone.description == "2027-03-03T06:45:00")
        #expect(earlierDate.findings.map(\.code).contains(FindingCode.endBeforeStart.id))
    }
}
