import Foundation
import Testing
import TestSupport
import CivilTime

/// ZoneRules against Python's zoneinfo, on the same system tzdata: every zone of
/// zone1970.tab, every change of offset from 2026 through 2031, the offsets 1 s before and at
/// each, and one wall time in each fold and gap (plus an ordinary one a week later).
@Suite("ZoneRules against Python zoneinfo")
struct ZoneRulesOracleTests {
    static let zoneTable = ZoneInfoDirectory.systemRoot + "/zone1970.tab"
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracle/zoneinfo_table.py").path
    static let firstYear = 2026, endYear = 2032

    struct Rows {
        var transitions: [String: [ZoneTransition]] = [:]
        var offsets: [(zone: String, instant: Int64, offset: Int)] = []
        var walls: [(zone: String, wall: Int64, instant: Int64, kind: String)] = []
        var zones: Set<String> = []
    }

    static func expected() throws -> Rows {
        let output = try runTool("/usr/bin/python3", [script, zoneTable, String(firstYear), String(endYear)])
        var rows = Rows()
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            let zone = fields[1]
            rows.zones.insert(zone)
            switch fields[0] {
            case "T":
                let transition = ZoneTransition(
                    instant: Instant(secondsSinceEpoch: Int64(fields[2])!), offsetBefore: UTCOffset(seconds: Int(fields[3])!)!,
                    offsetAfter: UTCOffset(seconds: Int(fields[4])!)!, isDaylightSavingAfter: false, abbreviationAfter: "")
                rows.transitions[zone, default: []].append(transition)
            case "O":
                rows.offsets.append((zone, Int64(fields[2])!, Int(fields[3])!))
            case "W":
                rows.walls.append((zone, Int64(fields[2])!, Int64(fields[3])!, fields[4]))
            default:
                Issue.record("unknown row \(line)")
            }
        }
        return rows
    }

    @Test func everyZoneAgreesOnTransitionsOffsetsFoldsAndGaps() throws {
        let rows = try Self.expected()
        let cache = ZoneRulesCache()
        var mismatches: [String] = []
        func rules(_ name: String) throws -> ZoneRules { try cache.rules(for: try #require(ZoneIdentifier(name))) }

        let start = LocalDateTime(date: CivilDate(year: Self.firstYear, month: 1, day: 1)!, time: TimeOfDay(hour: 0, minute: 0))
            .instant(at: .utc)
        let end = LocalDateTime(date: CivilDate(year: Self.endYear, month: 1, day: 1)!, time: TimeOfDay(hour: 0, minute: 0))
            .instant(at: .utc)
        for zone in rows.zones.sorted() {
            let ours = try rules(zone).transitions(from: start, to: end)
                .map { "\($0.instant.secondsSinceEpoch) \($0.offsetBefore.seconds)→\($0.offsetAfter.seconds)" }
            let theirs = (rows.transitions[zone] ?? [])
                .map { "\($0.instant.secondsSinceEpoch) \($0.offsetBefore.seconds)→\($0.offsetAfter.seconds)" }
            if ours != theirs { mismatches.append("\(zone) transitions: ours \(ours) zoneinfo \(theirs)") }
        }
        for row in rows.offsets {
            let ours = try rules(row.zone).offset(at: Instant(secondsSinceEpoch: row.instant)).seconds
            if ours != row.offset { mismatches.append("\(row.zone) offset at \(row.instant): ours \(ours) zoneinfo \(row.offset)") }
        }
        for row in rows.walls {
            let ours = try rules(row.zone).instant(for: LocalDateTime(secondsSinceEpoch: row.wall)).secondsSinceEpoch
            if ours != row.instant {
                mismatches.append("\(row.zone) \(row.kind) wall \(LocalDateTime(secondsSinceEpoch: row.wall).iso8601Text): "
                    + "ours \(ours) zoneinfo \(row.instant)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(20).joined(separator: "\n"))")
        // The table really covers what it claims (so this test cannot pass on an empty oracle).
        #expect(rows.zones.count >= 300)
        #expect(rows.walls.filter { $0.kind == "fold" }.count > 300)
        #expect(rows.walls.filter { $0.kind == "gap" }.count > 300)
        #expect(rows.zones.contains("Australia/Lord_Howe"), "the half-hour DST zone is in the table")
    }
}
