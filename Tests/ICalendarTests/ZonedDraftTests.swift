import Foundation
import Testing
@testable import ICalendar
import SchemaMarkup
import Findings

/// Event drafts and files for zoned times: ends compared on the time line, default lengths in
/// elapsed time, VTIMEZONEs from the zone's rules, and zones without rules written floating.
@Suite("zoned event drafts and VTIMEZONE")
struct ZonedDraftTests {
    static let zones = ZoneRulesCache()
    static func zoned(_ text: String, _ zone: String) -> DateTimeValue { time(text).inZone(ZoneIdentifier(zone)!) }
    static func flight(_ start: DateTimeValue, _ end: DateTimeValue?) -> Reservation {
        Reservation.make(.flight, id: "F-1") {
            $0.tripNumber = "AF 83"
            $0.start = start
            $0.end = end
        }
    }
    static func draft(_ reservation: Reservation, zones: ZoneRulesCache = zones) throws -> EventDraft {
        try #require(EventMapping.draft(for: reservation, options: EventMappingOptions(zones: zones)))
    }

    @Test func anArrivalInAnotherZoneIsKeptWhenItIsLaterOnTheTimeLine() throws {
        // 20:15 in San Francisco is 04:15Z; 16:00 in Paris the next day is 15:00Z.
        let start = Self.zoned("2027-03-04T20:15:00", "America/Los_Angeles")
        let end = Self.zoned("2027-03-05T16:00:00", "Europe/Paris")
        let draft = try Self.draft(Self.flight(start, end))
        #expect(draft.start == start && draft.end == end)
    }

    /// The attack: an arrival whose wall clock is later than the departure's but whose instant
    /// is earlier (21:00 in Paris on the 4th is 20:00Z, before 04:15Z on the 5th) is not believed.
    @Test func anArrivalBeforeTheDepartureOnTheTimeLineGetsTheDefaultLength() throws {
        let start = Self.zoned("2027-03-04T20:15:00", "America/Los_Angeles")
        let end = Self.zoned("2027-03-04T21:00:00", "Europe/Paris")
        let draft = try Self.draft(Self.flight(start, end))
        #expect(draft.end == Self.zoned("2027-03-04T22:15:00", "America/Los_Angeles"))
    }

    @Test func aZonedStartAgainstAFloatingEndIsNotComparedAndAnOffsetEndIs() throws {
        let start = Self.zoned("2027-03-04T20:15:00", "America/Los_Angeles")
        #expect(try Self.draft(Self.flight(start, time("2027-03-05T16:00:00"))).end
            == Self.zoned("2027-03-04T22:15:00", "America/Los_Angeles"))
        #expect(try Self.draft(Self.flight(start, time("2027-03-05T16:00:00+01:00"))).end == time("2027-03-05T16:00:00+01:00"))
    }

    @Test func theDefaultLengthIsElapsedTimeAcrossTheSpringSwitch() throws {
        // Two hours after 01:30 on the night Paris skips 02:00-03:00 is 04:30 on the wall.
        let start = Self.zoned("2027-03-28T01:30:00", "Europe/Paris")
        let draft = try Self.draft(Self.flight(start, nil))
        #expect(draft.end == Self.zoned("2027-03-28T04:30:00", "Europe/Paris"))
    }

    @Test func aZoneWithoutRulesIsWrittenFloating() throws {
        let empty = try TemporaryDirectory("zoneinfo")
        let cache = ZoneRulesCache(directory: ZoneInfoDirectory(root: empty.path))
        let start = Self.zoned("2027-03-04T20:15:00", "America/Los_Angeles")
        let draft = try Self.draft(Self.flight(start, nil), zones: cache)
        #expect(draft.start == time("2027-03-04T20:15:00"))
        #expect(draft.end == time("2027-03-04T22:15:00"))
        let folder = try TemporaryDirectory("ics")
        let store = CalendarStore(directory: folder.path, now: goldenNow, mapping: EventMappingOptions(zones: cache))
        let outcome = try #require(try store.apply([Self.flight(start, nil)], from: .mail()).first)
        let text = try folder.read(try #require(outcome.fileName))
        #expect(!text.contains("TZID") && !text.contains("VTIMEZONE") && text.contains("\r\nDTSTART:20270304T201500\r\n"))
    }

    @Test func theVTimezoneListsTheChangesOfTheYearsUsedAndTheOneBefore() throws {
        let paris = try Self.zones.rules(for: ZoneIdentifier("Europe/Paris")!)
        let component = VTimezoneComponent.component(for: paris, years: 2027...2027)
        let text = try ICSWriter.serialize(ICSComponent(
            name: "VCALENDAR", properties: [.raw("VERSION", "2.0"), .raw("PRODID", "-//test//EN")], components: [component]))
        #expect(text == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTIMEZONE", "TZID:Europe/Paris",
            "BEGIN:STANDARD", "DTSTART:20261025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:20270328T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "END:DAYLIGHT",
            "BEGIN:STANDARD", "DTSTART:20271031T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "END:STANDARD",
            "END:VTIMEZONE", "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
        let tokyo = try Self.zones.rules(for: ZoneIdentifier("Asia/Tokyo")!)
        #expect(VTimezoneComponent.component(for: tokyo, years: 2027...2028).components.map(\.properties) == [[
            .raw("DTSTART", "19700101T000000"), .raw("TZOFFSETFROM", "+0900"), .raw("TZOFFSETTO", "+0900"), .text("TZNAME", "JST"),
        ]])
    }

    /// The attack on "has it ended?": a zoned end read as if it were UTC would still be ahead
    /// of the clock; on the time line it has passed.
    @Test func aZonedEndThatHasPassedIsSkippedAndOneStillAheadIsWritten() throws {
        let folder = try TemporaryDirectory("ics")
        let now = seconds("2027-03-01T12:00:00Z")
        let store = CalendarStore(directory: folder.path, now: now, mapping: EventMappingOptions(zones: Self.zones))
        // 20:00 in Tokyo is 11:00Z: passed. 08:00 in Los Angeles is 16:00Z: ahead.
        let passed = Reservation.make(.event, id: "E-1") {
            $0.name = "Kabuki"
            $0.start = Self.zoned("2027-03-01T18:00:00", "Asia/Tokyo")
            $0.end = Self.zoned("2027-03-01T20:00:00", "Asia/Tokyo")
        }
        let ahead = Reservation.make(.event, id: "E-2") {
            $0.name = "Breakfast talk"
            $0.start = Self.zoned("2027-03-01T07:00:00", "America/Los_Angeles")
            $0.end = Self.zoned("2027-03-01T08:00:00", "America/Los_Angeles")
        }
        #expect(try store.apply([passed], from: .mail()).first?.code == FindingCode.endTimePassed.id)
        #expect(try store.apply([ahead], from: .mail(id: "<m2@example.com>")).first?.action == .created)
    }

    @Test func aStoredZonedEventIsReadBackAndARepeatedMessageChangesNothing() throws {
        let folder = try TemporaryDirectory("ics")
        let store = CalendarStore(directory: folder.path, now: goldenNow, mapping: EventMappingOptions(zones: Self.zones))
        let reservation = Self.flight(
            Self.zoned("2027-03-04T20:15:00", "America/Los_Angeles"), Self.zoned("2027-03-05T16:00:00", "Europe/Paris"))
        let first = try #require(try store.apply([reservation], from: .mail()).first)
        let text = try folder.read(try #require(first.fileName))
        #expect(text.contains("DTSTART;TZID=America/Los_Angeles:20270304T201500\r\n"))
        #expect(text.contains("DTEND;TZID=Europe/Paris:20270305T160000\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VTIMEZONE").count == 3, "one VTIMEZONE per zone used")
        #expect(text.range(of: "BEGIN:VTIMEZONE")!.lowerBound < text.range(of: "BEGIN:VEVENT")!.lowerBound)
        let again = try #require(try store.apply([reservation], from: .mail()).first)
        #expect(again.action == .unchanged, "\(again)")
        #expect(try folder.read(try #require(first.fileName)) == text)
    }
}
