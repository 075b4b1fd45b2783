import Testing
import CivilTime

@Suite("DateTimeValue parsing")
struct DateTimeValueParsingTests {
    /// One accepted input: its normalized text, offset and instant.
    struct Accepted: Sendable, CustomTestStringConvertible {
        var input: String
        var normalized: String
        var offset: Int?
        var instant: Double?
        var testDescription: String { input.debugDescription }

        init(_ input: String, _ normalized: String, offset: Int? = nil, instant: Double? = nil) {
            self.input = input
            self.normalized = normalized
            self.offset = offset
            self.instant = instant
        }
    }

    static let accepted: [Accepted] = [
        // Dates.
        .init("2020-06-26", "2020-06-26"),
        .init("20200626", "2020-06-26"),
        .init("2020-02-29", "2020-02-29"),
        .init("2000-02-29", "2000-02-29"),
        .init("0000-01-01", "0000-01-01"),
        .init("9999-12-31", "9999-12-31"),
        // Extended date-times with every offset form.
        .init("2020-06-26T19:30:00-07:00", "2020-06-26T19:30:00-07:00", offset: -25_200, instant: 1_593_225_000),
        .init("2020-06-26T19:30:00Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T19:30:00z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26t19:30:00Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T19:30:00-0700", "2020-06-26T19:30:00-07:00", offset: -25_200, instant: 1_593_225_000),
        .init("2020-06-26T19:30:00-07", "2020-06-26T19:30:00-07:00", offset: -25_200, instant: 1_593_225_000),
        .init("2020-06-26T19:30:00+05:30", "2020-06-26T19:30:00+05:30", offset: 19_800, instant: 1_593_180_000),
        .init("2020-06-26T19:30:00+0545", "2020-06-26T19:30:00+05:45", offset: 20_700, instant: 1_593_179_100),
        .init("2020-06-26T19:30:00+18:00", "2020-06-26T19:30:00+18:00", offset: 64_800, instant: 1_593_135_000),
        .init("2020-06-26T19:30:00-18:00", "2020-06-26T19:30:00-18:00", offset: -64_800, instant: 1_593_264_600),
        .init("2020-06-26T19:30:00+00:00", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T19:30:00-00:00", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T19:30:00+00", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T00:00:00+14:00", "2020-06-26T00:00:00+14:00", offset: 50_400, instant: 1_593_079_200),
        .init("2020-06-26T00:00-12:00", "2020-06-26T00:00:00-12:00", offset: -43_200, instant: 1_593_172_800),
        // Minutes only, floating, space separator.
        .init("2020-06-26T19:30-07:00", "2020-06-26T19:30:00-07:00", offset: -25_200, instant: 1_593_225_000),
        .init("2020-06-26T19:30", "2020-06-26T19:30:00"),
        .init("2020-06-26T19:30:00", "2020-06-26T19:30:00"),
        .init("2020-06-26 19:30:00", "2020-06-26T19:30:00"),
        .init("2020-06-26 19:30:00+02:00", "2020-06-26T19:30:00+02:00", offset: 7_200, instant: 1_593_192_600),
        .init("2021-03-28T02:30:00", "2021-03-28T02:30:00"),
        // Fractions.
        .init("2020-06-26T19:30:00.5-07:00", "2020-06-26T19:30:00.5-07:00", offset: -25_200, instant: 1_593_225_000.5),
        .init("2020-06-26T19:30:00,5-07:00", "2020-06-26T19:30:00.5-07:00", offset: -25_200, instant: 1_593_225_000.5),
        .init("2020-06-26T19:30:00.500-07:00", "2020-06-26T19:30:00.5-07:00", offset: -25_200, instant: 1_593_225_000.5),
        .init("2020-06-26T19:30:00.000Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("2020-06-26T19:30:00.123456789Z", "2020-06-26T19:30:00.123456789Z", offset: 0, instant: 1_593_199_800.123456789),
        .init("2020-06-26T19:30:00.1234567+00:00", "2020-06-26T19:30:00.1234567Z", offset: 0, instant: 1_593_199_800.1234567),
        .init("2020-06-26T19:30:00.000000001", "2020-06-26T19:30:00.000000001"),
        // Basic format, and basic mixed with extended.
        .init("20200626T193000Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("20200626T1930Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("20200626T193000", "2020-06-26T19:30:00"),
        .init("20200626T193000.25-0700", "2020-06-26T19:30:00.25-07:00", offset: -25_200, instant: 1_593_225_000.25),
        .init("2020-06-26T193000Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("20200626T19:30:00Z", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        // 24:00 and leap seconds.
        .init("2020-06-26T24:00", "2020-06-27T00:00:00"),
        .init("2020-12-31T24:00:00Z", "2021-01-01T00:00:00Z", offset: 0, instant: 1_609_459_200),
        .init("2020-02-28T24:00:00.000+01:00", "2020-02-29T00:00:00+01:00", offset: 3_600, instant: 1_582_930_800),
        .init("2016-12-31T23:59:60Z", "2016-12-31T23:59:59Z", offset: 0, instant: 1_483_228_799),
        // Surrounding whitespace, including a no-break space from HTML.
        .init("  2020-06-26T19:30:00Z \r\n", "2020-06-26T19:30:00Z", offset: 0, instant: 1_593_199_800),
        .init("\t2020-06-26\u{00A0}", "2020-06-26"),
        // Far from now.
        .init("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z", offset: 0, instant: 0),
        .init("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z", offset: 0, instant: -0.5),
        .init("1900-01-01T12:00:00+01:00", "1900-01-01T12:00:00+01:00", offset: 3_600, instant: -2_208_949_200),
        .init("2038-01-19T03:14:08Z", "2038-01-19T03:14:08Z", offset: 0, instant: 2_147_483_648),
        .init("9999-12-31T23:59:59+14:00", "9999-12-31T23:59:59+14:00", offset: 50_400, instant: 253_402_250_399),
    ]

    @Test(arguments: accepted)
    func parsesToNormalizedTextOffsetAndInstant(_ row: Accepted) throws {
        let value = try #require(DateTimeValue(parsing: row.input))
        #expect(value.description == row.normalized)
        #expect(value.utcOffsetSeconds == row.offset)
        #expect(value.hasOffset == (row.offset != nil))
        #expect(value.isDateOnly == !row.normalized.contains("T"))
        if let expected = row.instant {
            let instant = try #require(value.instant)
            #expect(abs(instant - expected) < 1e-6)
        } else {
            #expect(value.instant == nil)
        }
        #expect(DateTimeValue(parsing: value.description) == value)
    }

    static let rejected: [String] = [
        "", "   ", "garbage", "June 26, 2020", "2020/06/26", "26.06.2020",
        // Impossible dates.
        "2020-02-30", "2021-02-29", "1900-02-29", "2020-13-01", "2020-00-10", "2020-06-00", "2020-06-31",
        "20210229",
        // Impossible times.
        "2020-06-26T25:00", "2020-06-26T24:01", "2020-06-26T24:00:01", "2020-06-26T24:00:00.5",
        "2020-06-26T24:00:60", "2020-06-26T19:60", "2020-06-26T19:30:61", "2020-06-26T19:30:99",
        "9999-12-31T24:00",
        // Impossible or malformed offsets.
        "2020-06-26T19:30:00+18:01", "2020-06-26T19:30:00+19:00", "2020-06-26T19:30:00-1830",
        "2020-06-26T19:30:00+05:60", "2020-06-26T19:30:00+5:30", "2020-06-26T19:30:00+05:3",
        "2020-06-26T19:30:00+", "2020-06-26T19:30:00\u{2212}07:00", "2020-06-26T19:30:00 -07:00",
        // Garbage after the value.
        "2020-06-26T19:30:00Zjunk", "2020-06-26T19:30:00Z PDT", "2020-06-26x", "2020-06-26T19:30:00-07:00:00",
        "2020-06-26T19:30:00Z\u{0}", "2020-06-26T1930:00",
        // Week and ordinal dates, 2-digit and expanded years, reduced precision.
        "2020-W26-5", "2020W265", "2020-W26", "2020-178", "2020178",
        "20-06-26", "200626", "+002020-06-26", "-0001-01-01", "2020-06", "2020", "2020-6-26", "2020-06-6",
        // Times: missing, hour only, fractions where they are not allowed, too many digits.
        "2020-06-26T", "2020-06-26 T19:30", "2020-06-26T19", "2020-06-26T19Z", "2020-06-26T19:30.5",
        "2020-06-26T19:30:00.", "2020-06-26T19:30:00.Z", "2020-06-26T19:30:00.1234567890Z",
        "2020-06-26T9:30", "2020-06-26T19:3",
        // A date with an offset but no time; two spaces; no separator; full-width digits.
        "2020-06-26Z", "2020-06-26+02:00", "2020-06-26  19:30", "2020-06-2619:30",
        "\u{FF12}\u{FF10}\u{FF12}\u{FF10}-06-26",
        // Too long to be any accepted form.
        "2020-06-26T19:30:00.123456789+05:30" + String(repeating: "0", count: 40),
    ]

    @Test(arguments: rejected)
    func rejects(_ input: String) {
        #expect(DateTimeValue(parsing: input) == nil)
        #expect(DateTimeValue.parse(input) == nil)
    }

    @Test(arguments: [
        ("2020-06-26T19:30:00Z", [DateTimeValue.Adjustment]()),
        ("2016-12-31T23:59:60Z", [.leapSecondClamped]),
        ("2016-12-31T15:59:60.25-08:00", [.leapSecondClamped]),
        ("2020-06-26T24:00", [.endOfDayRolledOver]),
        ("20200626T2400Z", [.endOfDayRolledOver]),
    ])
    func reportsAdjustments(_ input: String, _ expected: [DateTimeValue.Adjustment]) throws {
        let result = try #require(DateTimeValue.parse(input))
        #expect(result.adjustments == expected)
        #expect(DateTimeValue(parsing: input) == result.value)
    }

    @Test func leapSecondKeepsItsFraction() throws {
        let value = try #require(DateTimeValue(parsing: "2016-12-31T15:59:60.25-08:00"))
        #expect(value.description == "2016-12-31T15:59:59.25-08:00")
    }

    @Test func fieldsOfAParsedValue() throws {
        let value = try #require(DateTimeValue(parsing: "2020-06-26T19:30:05.000250-07:00"))
        #expect(value.year == 2020 && value.month == 6 && value.day == 26)
        #expect(value.time == TimeOfDay(hour: 19, minute: 30, second: 5, nanosecond: 250_000))
        #expect(value.utcOffsetSeconds == -25_200)
        #expect(value == DateTimeValue(
            year: 2020, month: 6, day: 26,
            time: TimeOfDay(hour: 19, minute: 30, second: 5, nanosecond: 250_000), utcOffsetSeconds: -25_200))
    }

    @Test func dateOnlyValueDropsAnOffsetGivenToInit() {
        let value = DateTimeValue(year: 2020, month: 6, day: 26, time: nil, utcOffsetSeconds: 3_600)
        #expect(value.utcOffsetSeconds == nil)
        #expect(!value.hasOffset)
        #expect(value.description == "2020-06-26")
    }
}
