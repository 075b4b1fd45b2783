import Testing
import CivilTime

@Suite("DateTimeValue in a zone")
struct DateTimeValueZoneTests {
    let paris = ZoneIdentifier("Europe/Paris")!
    let tokyo = ZoneIdentifier("Asia/Tokyo")!

    func value(_ text: String) throws -> DateTimeValue { try #require(DateTimeValue(parsing: text)) }

    @Test func aFloatingTimeTakesTheZoneAndKeepsItsWallClock() throws {
        let floating = try value("2027-03-04T20:15:00")
        let zoned = floating.inZone(paris)
        #expect(zoned.zone == paris)
        #expect((zoned.year, zoned.month, zoned.day) == (2027, 3, 4))
        #expect(zoned.time == floating.time)
        #expect(zoned.utcOffsetSeconds == nil)
        #expect(!zoned.isFloating && floating.isFloating)
        #expect(zoned != floating, "the zone is part of the value")
        #expect(zoned.withoutZone == floating)
        #expect(zoned.inZone(tokyo).zone == tokyo, "a zoned value moves to another zone by its wall clock")
    }

    /// The attack: an airport's zone must not override the offset the sender wrote.
    @Test(arguments: ["2027-03-04T20:15:00-08:00", "2027-03-04T20:15:00Z"])
    func anExplicitOffsetIsKeptAndNeverGetsAZone(_ text: String) throws {
        let written = try value(text)
        let placed = written.inZone(paris)
        #expect(placed == written)
        #expect(placed.zone == nil)
    }

    @Test func aDateOnlyValueNeverGetsAZone() throws {
        let date = try value("2027-03-04")
        #expect(date.inZone(paris) == date)
        #expect(date.inZone(paris).zone == nil)
    }

    @Test func theDescriptionCarriesTheZoneAsRFC9557SaysAndParsesBackOnlyWhenAsked() throws {
        let zoned = try value("2027-03-04T20:15:00").inZone(paris)
        #expect(zoned.description == "2027-03-04T20:15:00[Europe/Paris]")
        #expect(DateTimeValue(parsing: zoned.description, zoneSuffix: true) == zoned)
        // Markup text never names a zone itself: without the option the suffix is rejected.
        #expect(DateTimeValue(parsing: zoned.description) == nil)
        // A suffix beside an offset, an invalid name, or text after it: rejected.
        for text in ["2027-03-04T20:15:00+01:00[Europe/Paris]", "2027-03-04T20:15:00[../etc/passwd]",
                     "2027-03-04T20:15:00[Europe/Paris]x", "2027-03-04[Europe/Paris]", "2027-03-04T20:15:00[]"] {
            #expect(DateTimeValue(parsing: text, zoneSuffix: true) == nil, "\(text)")
        }
    }

    @Test func theICalendarTextOfAZonedValueIsItsWallClock() throws {
        #expect(try value("2027-03-04T20:15:00").inZone(paris).icalendarText == "20270304T201500")
        #expect(try value("2027-03-04T20:15:00+01:00").icalendarText == "20270304T191500Z")
    }

    @Test func addingSecondsKeepsTheZone() throws {
        let zoned = try value("2027-03-04T20:15:00").inZone(paris)
        let later = zoned.adding(seconds: 7200)
        #expect(later.zone == paris)
        #expect(later.description == "2027-03-04T22:15:00[Europe/Paris]")
    }
}

@Suite("ZoneIdentifier syntax")
struct ZoneIdentifierTests {
    @Test(arguments: ["Europe/Paris", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5", "America/Port-au-Prince",
                      "right/UTC", "EST5EDT"])
    func accepts(_ name: String) {
        #expect(ZoneIdentifier(name)?.name == name)
    }

    /// The attack: a name that would leave the zoneinfo root or name something else.
    @Test(arguments: ["", "/etc/passwd", "../../etc/passwd", "Europe/../../etc", "Europe/./Paris", "Europe//Paris",
                      "Europe/Paris/", "Europe/Paris\u{0}", "Europe/Pa ris", "-rf", "Europe/-x", "Zürich",
                      String(repeating: "a", count: 256)])
    func rejects(_ name: String) {
        #expect(ZoneIdentifier(name) == nil)
    }
}

@Suite("civil time text forms")
struct CivilTimeTextTests {
    @Test func dateTimeAndInstantForms() throws {
        let date = try #require(CivilDate(year: 2027, month: 3, day: 4))
        let local = LocalDateTime(date: date, time: TimeOfDay(hour: 20, minute: 15))
        #expect(date.iso8601Text == "2027-03-04")
        #expect(date.icalendarText == "20270304")
        #expect(local.iso8601Text == "2027-03-04T20:15:00")
        #expect(local.icalendarText == "20270304T201500")
        let instant = local.instant(at: try #require(UTCOffset(seconds: 3600)))
        #expect(instant.secondsSinceEpoch == 1_804_187_700)
        #expect(instant.iso8601Text == "2027-03-04T19:15:00Z")
        #expect(instant.icalendarText == "20270304T191500Z")
        #expect(Instant(secondsSinceEpoch: -1).iso8601Text == "1969-12-31T23:59:59Z")
    }

    @Test(arguments: [(3600, "+01:00", "+0100"), (-12_600, "-03:30", "-0330"), (0, "Z", "+0000"),
                      (1172, "+00:19:32", "+001932"), (20_700, "+05:45", "+0545")])
    func offsetForms(_ seconds: Int, _ iso: String, _ ical: String) throws {
        let offset = try #require(UTCOffset(seconds: seconds))
        #expect(offset.iso8601Text == iso)
        #expect(offset.icalendarText == ical)
    }

    @Test func offsetsBeyondTwentyFiveHoursAndImpossibleDatesAreRejected() {
        #expect(UTCOffset(seconds: 90_000) == nil)
        #expect(UTCOffset(seconds: -90_000) == nil)
        #expect(CivilDate(year: 2027, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2028, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2027, month: 13, day: 1) == nil)
    }

    @Test func weekdaysFollowPOSIXNumbering() throws {
        #expect(try #require(CivilDate(year: 1970, month: 1, day: 1)).weekday == 4)  // Thursday
        #expect(try #require(CivilDate(year: 2026, month: 12, day: 1)).weekday == 2)  // Tuesday
        #expect(try #require(CivilDate(year: 1969, month: 12, day: 28)).weekday == 0)  // Sunday
    }
}
