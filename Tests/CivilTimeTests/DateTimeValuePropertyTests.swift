import TestSupport
import Foundation
import Testing
@testable import CivilTime

@Suite("DateTimeValue properties")
struct DateTimeValuePropertyTests {
    /// 5,000 valid values: 10 % dates, 20 % floating, 70 % with an offset. Years from 1583,
    /// the first whole Gregorian year, so that Foundation (ICU switches to the Julian
    /// calendar before October 1582) agrees.
    static func randomValues(count: Int = 5_000, seed: UInt64 = 0x5EED_2020_0626) -> [DateTimeValue] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in
            let year = Int.random(in: 1583...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...CivilCalendar.daysInMonth(year: year, month: month), using: &random)
            let shape = Int.random(in: 0..<10, using: &random)
            guard shape > 0 else {
                return DateTimeValue(year: year, month: month, day: day, time: nil, utcOffsetSeconds: nil)
            }
            let nanosecond = switch Int.random(in: 0..<4, using: &random) {
            case 0, 1: 0
            case 2: Int.random(in: 0..<1_000, using: &random) * 1_000_000
            default: Int.random(in: 0..<1_000_000_000, using: &random)
            }
            let time = TimeOfDay(
                hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random),
                second: Int.random(in: 0...59, using: &random), nanosecond: nanosecond)
            let offset: Int? = shape < 3 ? nil : Int.random(in: -1_080...1_080, using: &random) * 60
            return DateTimeValue(year: year, month: month, day: day, time: time, utcOffsetSeconds: offset)
        }
    }

    @Test func generatorCoversEveryShape() {
        let values = Self.randomValues()
        #expect(values.count == 5_000)
        #expect(values.contains { $0.isDateOnly })
        #expect(values.contains { !$0.isDateOnly && !$0.hasOffset })
        #expect(values.contains { $0.utcOffsetSeconds == 0 })
        #expect(values.contains { abs($0.utcOffsetSeconds ?? 0) > 17 * 3600 })
        #expect(values.contains { ($0.time?.nanosecond ?? 0) % 1_000_000 != 0 })
        #expect(values.contains { $0.month == 2 && $0.day == 29 })
    }

    @Test func descriptionParsesBackToAnEqualValue() {
        for value in Self.randomValues() {
            let reparsed = DateTimeValue(parsing: value.description)
            #expect(reparsed == value, "\(value.description)")
        }
    }

    @Test func icalendarTextIsTheUTCOrFloatingFieldsWithoutFraction() {
        for value in Self.randomValues() {
            // The basic form is also ISO 8601: read it back and compare whole seconds.
            let reparsed = DateTimeValue(parsing: value.icalendarText)
            var expected = value.inUTC ?? value
            if let time = expected.time {
                expected = DateTimeValue(
                    year: expected.year, month: expected.month, day: expected.day,
                    time: TimeOfDay(secondsSinceMidnight: time.secondsSinceMidnight), utcOffsetSeconds: expected.utcOffsetSeconds)
            }
            #expect(reparsed == expected, "\(value.description) → \(value.icalendarText)")
        }
    }

    /// Foundation's ISO 8601 parser, fed text built from the fields by `String(format:)`,
    /// is the independent oracle for the instant.
    @Test func instantAgreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        var checked = 0
        for value in Self.randomValues() {
            guard let time = value.time, let offset = value.utcOffsetSeconds else {
                #expect(value.instant == nil)
                continue
            }
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d",
                value.year, value.month, value.day, time.hour, time.minute, time.second,
                offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) / 60 % 60)
            let date = try #require(formatter.date(from: text), "\(text)")
            let expected = date.timeIntervalSince1970 + Double(time.nanosecond) / 1e9
            let instant = try #require(value.instant)
            // A Double near year 9999 resolves about 3e-5 s.
            #expect(abs(instant - expected) < 1e-4, "\(value.description): \(instant) vs \(expected)")
            checked += 1
        }
        #expect(checked > 3_000)
    }

    @Test func addingSecondsMovesTheInstantByThatMuchAndBack() {
        var random = SplitMix64(state: 42)
        for value in Self.randomValues(count: 2_000) {
            let seconds = Int.random(in: -400 * 86_400...400 * 86_400, using: &random)
            let moved = value.adding(seconds: seconds)
            if let before = value.utcSecondsSinceEpoch, let after = moved.utcSecondsSinceEpoch {
                #expect(after - before == seconds)
            }
            #expect(moved.utcOffsetSeconds == value.utcOffsetSeconds)
            if !value.isDateOnly {
                #expect(moved.adding(seconds: -seconds) == value)
                #expect(value.compare(moved) == (seconds < 0 ? .orderedDescending : seconds == 0 ? .orderedSame : .orderedAscending))
            }
        }
    }

    /// days-from-civil and civil-from-days are inverse and step one day at a time, checked
    /// over every day from year -1000 to 11000.
    @Test func civilCalendarRoundTripsEveryDay() {
        let first = CivilCalendar.daysSinceEpoch(year: -1000, month: 1, day: 1)
        let last = CivilCalendar.daysSinceEpoch(year: 11000, month: 12, day: 31)
        var (year, month, day) = (-1000, 1, 1)
        var mismatches = 0
        for days in first...last {
            let date = CivilCalendar.date(daysSinceEpoch: days)
            if date != (year, month, day) || CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) != days {
                mismatches += 1
            }
            day += 1
            if day > CivilCalendar.daysInMonth(year: year, month: month) {
                (day, month) = (1, month + 1)
                if month > 12 { (month, year) = (1, year + 1) }
            }
        }
        #expect(mismatches == 0)
        #expect(CivilCalendar.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.daysSinceEpoch(year: 2000, month: 3, day: 1) == 11_017)
    }
}
