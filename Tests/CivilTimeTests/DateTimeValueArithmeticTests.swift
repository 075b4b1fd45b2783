import Testing
import CivilTime

@Suite("DateTimeValue adding(seconds:)")
struct DateTimeValueArithmeticTests {
    @Test(arguments: [
        ("2020-06-26T19:30:00-07:00", 3_600, "2020-06-26T20:30:00-07:00"),
        ("2020-06-26T19:30:00", 0, "2020-06-26T19:30:00"),
        // Day, month, year.
        ("2020-06-26T23:30:00-07:00", 3_600, "2020-06-27T00:30:00-07:00"),
        ("2020-06-30T23:00:00", 7_200, "2020-07-01T01:00:00"),
        ("2020-12-31T23:59:59.5Z", 1, "2021-01-01T00:00:00.5Z"),
        ("1999-12-31T22:00:00+09:00", 10_800, "2000-01-01T01:00:00+09:00"),
        ("2021-01-01T00:00:00Z", -1, "2020-12-31T23:59:59Z"),
        // Leap days.
        ("2020-02-28T12:00:00", 86_400, "2020-02-29T12:00:00"),
        ("2021-02-28T12:00:00", 86_400, "2021-03-01T12:00:00"),
        ("2020-03-01T00:30:00+01:00", -3_600, "2020-02-29T23:30:00+01:00"),
        ("2020-02-29", 86_400, "2020-03-01"),
        ("2020-02-29", 365 * 86_400, "2021-02-28"),
        ("2100-02-28", 86_400, "2100-03-01"),
        ("2000-02-28", 86_400, "2000-02-29"),
        // A date-only value stays one for whole days, else becomes floating.
        ("2020-06-26", -86_400, "2020-06-25"),
        ("2020-06-26", 3_600, "2020-06-26T01:00:00"),
        ("2020-06-26", -1, "2020-06-25T23:59:59"),
        // Many days at once.
        ("1970-01-01T00:00:00Z", 1_000_000_000, "2001-09-09T01:46:40Z"),
        ("2020-06-26T19:30:00", -50 * 365 * 86_400, "1970-07-09T19:30:00"),
    ])
    func adding(_ start: String, _ seconds: Int, _ expected: String) throws {
        let value = try #require(DateTimeValue(parsing: start))
        let result = value.adding(seconds: seconds)
        #expect(result.description == expected)
        #expect(result.utcOffsetSeconds == value.utcOffsetSeconds)
        if let before = value.instant, let after = result.instant {
            #expect(after - before == Double(seconds))
        }
    }
}
