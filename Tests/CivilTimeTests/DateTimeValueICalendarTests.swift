import Testing
import CivilTime

@Suite("DateTimeValue iCalendar text")
struct DateTimeValueICalendarTests {
    @Test(arguments: [
        // A negative offset moves the UTC time into the next day.
        ("2020-06-26T19:30:00-07:00", "20200627T023000Z"),
        // Crosses a day, month and year boundary forward…
        ("2020-12-31T23:30:00-01:00", "20210101T003000Z"),
        // …and backward.
        ("2021-01-01T00:30:00+01:00", "20201231T233000Z"),
        // Back across a leap day, and across a non-leap February end.
        ("2020-03-01T01:00:00+05:00", "20200229T200000Z"),
        ("2021-03-01T01:00:00+05:00", "20210228T200000Z"),
        ("2020-06-26T19:30:00+05:45", "20200626T134500Z"),
        ("2020-06-26T19:30:00Z", "20200626T193000Z"),
        // Fractions are dropped, never rounded up into the next second.
        ("2020-06-26T19:30:00.999Z", "20200626T193000Z"),
        ("1969-12-31T23:59:59.5Z", "19691231T235959Z"),
        // Floating and date-only values.
        ("2020-06-26T19:30:00", "20200626T193000"),
        ("2020-06-26T07:05:09.75", "20200626T070509"),
        ("2020-06-26", "20200626"),
        ("0001-01-01", "00010101"),
    ])
    func icalendarText(_ input: String, _ expected: String) throws {
        let value = try #require(DateTimeValue(parsing: input))
        #expect(value.icalendarText == expected)
    }

    @Test(arguments: [
        ("2020-12-31T23:30:00-01:00", "2021-01-01T00:30:00Z"),
        ("2020-06-26T19:30:00.5+05:30", "2020-06-26T14:00:00.5Z"),
        ("2020-06-26T19:30:00Z", "2020-06-26T19:30:00Z"),
    ])
    func inUTCKeepsTheInstant(_ input: String, _ expected: String) throws {
        let value = try #require(DateTimeValue(parsing: input))
        let utc = try #require(value.inUTC)
        #expect(utc.description == expected)
        #expect(utc.instant == value.instant)
        #expect(value.compare(utc) == .orderedSame)
    }

    @Test(arguments: ["2020-06-26T19:30:00", "2020-06-26"])
    func inUTCIsNilWithoutAnOffset(_ input: String) throws {
        let value = try #require(DateTimeValue(parsing: input))
        #expect(value.inUTC == nil)
        #expect(value.instant == nil)
    }
}
