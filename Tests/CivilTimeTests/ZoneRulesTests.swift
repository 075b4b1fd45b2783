import Foundation
import Testing
import CivilTime

@Suite("ZoneRules: folds, gaps, TZ strings and TZif files")
struct ZoneRulesTests {
    static func zone(_ name: String) -> ZoneIdentifier { ZoneIdentifier(name)! }
    static func wall(_ text: String) -> LocalDateTime {
        let value = DateTimeValue(parsing: text)!
        return value.localDateTime!
    }

    let cache = ZoneRulesCache()

    /// The rules as documented on `instant(for:)`, on the nights Paris changes its clocks in 2027.
    @Test(arguments: [
        ("2027-03-28T01:59:59", "2027-03-28T00:59:59Z"),  // last second of winter time
        ("2027-03-28T02:30:00", "2027-03-28T01:30:00Z"),  // gap: read with +01:00, i.e. 03:30 CEST
        ("2027-03-28T03:00:00", "2027-03-28T01:00:00Z"),  // first summer wall time
        ("2027-10-31T02:30:00", "2027-10-31T00:30:00Z"),  // fold: the first 02:30 (CEST), not the second
        ("2027-10-31T03:00:00", "2027-10-31T02:00:00Z"),  // after the fold
        ("2027-07-14T20:15:00", "2027-07-14T18:15:00Z"),
    ])
    func parisWallTimes(_ wall: String, _ expected: String) throws {
        let rules = try cache.rules(for: Self.zone("Europe/Paris"))
        #expect(rules.instant(for: Self.wall(wall)).iso8601Text == expected)
    }

    @Test func phoenixHasNoSummerTimeButDenverDoes() throws {
        let july = Self.wall("2027-07-01T12:00:00")
        #expect(try cache.rules(for: Self.zone("America/Phoenix")).instant(for: july).iso8601Text == "2027-07-01T19:00:00Z")
        #expect(try cache.rules(for: Self.zone("America/Denver")).instant(for: july).iso8601Text == "2027-07-01T18:00:00Z")
    }

    @Test func southernSummerAndQuarterHourOffsets() throws {
        let january = Self.wall("2028-01-15T09:00:00")
        #expect(try cache.rules(for: Self.zone("Australia/Sydney")).instant(for: january).iso8601Text == "2028-01-14T22:00:00Z")
        #expect(try cache.rules(for: Self.zone("Asia/Kathmandu")).instant(for: january).iso8601Text == "2028-01-15T03:15:00Z")
        #expect(try cache.rules(for: Self.zone("Pacific/Chatham")).offset(at: Instant(secondsSinceEpoch: 1_831_500_000)).seconds
            == 13 * 3600 + 45 * 60)
    }

    @Test func posixRulesOfBothHemispheresNegativeDSTAndAllYearDST() throws {
        // Europe/Dublin's footer: "summer" is standard (IST), winter is the negative-save DST (GMT).
        let dublin = try #require(POSIXTimeZoneRule("IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(dublin.localTimeType(at: Self.wall("2027-07-01T12:00:00").instant(at: .utc)).offset.seconds == 3600)
        #expect(dublin.localTimeType(at: Self.wall("2027-01-01T12:00:00").instant(at: .utc)).offset.seconds == 0)
        // Julian day without 29 February, in a leap year: J60 is 1 March.
        let julian = try #require(POSIXTimeZoneRule("XXX3YYY,J60/0,J300/0"))
        #expect(julian.transitions(year: 2028).first?.localTimeBefore.iso8601Text == "2028-03-01T00:00:00")
        // All-year DST (RFC 8536 §3.3.1's example): daylight time all year, no real change.
        let always = try #require(POSIXTimeZoneRule("EST5EDT,0/0,J365/25"))
        #expect(always.localTimeType(at: Self.wall("2027-06-01T00:00:00").instant(at: .utc)).offset.seconds == -4 * 3600)
        #expect(always.localTimeType(at: Self.wall("2027-01-01T05:00:00").instant(at: .utc)).offset.seconds == -4 * 3600)
        let rules = ZoneRules(identifier: Self.zone("Test/Always"), rule: always)
        #expect(rules.transitions(from: Instant(secondsSinceEpoch: 0), to: Instant(secondsSinceEpoch: 2_000_000_000)).isEmpty)
        // Angle-bracket names and a transition time past 24 h (v3).
        let godthab = try #require(POSIXTimeZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(godthab.standard.abbreviation == "-02" && godthab.daylight?.type.abbreviation == "-01")
    }

    /// The attack: TZ strings that are not one must not become a rule.
    @Test(arguments: ["", "C", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                      "CET-1CEST,J0,J10", "CET-25", "<+05", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1 CEST"])
    func malformedTZStringsAreRejected(_ text: String) {
        #expect(POSIXTimeZoneRule(text) == nil, "\(text)")
    }

    @Test func aVersion1FileGivesTheSameOffsetsAsItsVersion2Data() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        #expect(bytes[4] == UInt8(ascii: "2"))
        // Header counts: isut, isstd, leap, time, type, char; the v1 block follows the 44-byte header.
        func count(_ index: Int) -> Int { bytes[(20 + 4 * index)..<(24 + 4 * index)].reduce(0) { $0 << 8 | Int($1) } }
        let v1Length = 44 + count(3) * 5 + count(4) * 6 + count(5) + count(2) * 8 + count(1) + count(0)
        var v1 = Array(bytes[0..<v1Length])
        v1[4] = 0
        let paris = Self.zone("Europe/Paris")
        let old = try ZoneRules(identifier: paris, tzif: v1, path: "v1")
        let new = try ZoneRules(identifier: paris, tzif: bytes, path: "v2")
        for seconds in stride(from: Int64(0), to: 2_100_000_000, by: 86_400 * 7 + 3600) {
            let instant = Instant(secondsSinceEpoch: seconds)
            #expect(old.offset(at: instant) == new.offset(at: instant), "\(instant.iso8601Text)")
        }
    }

    /// The attack: a file that is not TZif, or a truncated one, is an error naming the file.
    @Test func malformedFilesAreErrorsNamingTheFile() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        let paris = Self.zone("Europe/Paris")
        for broken in [Array("not a zone".utf8), Array(bytes.prefix(100)), Array(bytes.prefix(bytes.count - 5)), []] {
            #expect(throws: ZoneRulesError.self) { try ZoneRules(identifier: paris, tzif: broken, path: "/x/Europe/Paris") }
        }
        do {
            _ = try ZoneRules(identifier: paris, tzif: Array(bytes.prefix(100)), path: "/x/Europe/Paris")
        } catch {
            #expect(error.description.contains("/x/Europe/Paris"))
        }
    }

    @Test func anInjectedRootIsReadAndAnUnknownZoneIsAnErrorThatIsRemembered() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("civiltime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "/usr/share/zoneinfo/Asia/Kolkata"), to: root.appendingPathComponent("Test/Zone"))
        let cache = ZoneRulesCache(directory: ZoneInfoDirectory(root: root.path))
        let rules = try cache.rules(for: Self.zone("Test/Zone"))
        #expect(rules.offset(at: Instant(secondsSinceEpoch: 1_800_000_000)).seconds == 19_800)
        #expect(throws: ZoneRulesError.self) { try cache.rules(for: Self.zone("Europe/Paris")) }
        #expect(cache.rulesIfKnown(for: Self.zone("Europe/Paris")) == nil)
    }
}
