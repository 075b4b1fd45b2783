import Foundation
import Testing
import TestSupport

/// The checked-in tables are what tools/zone-tables/generate.py makes of the checked-in
/// sources: nobody edited a table by hand, and the generator runs offline.
@Suite struct GeneratedTablesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let generated = root.appendingPathComponent("Sources/PlaceZones/Generated")

    @Test func generatorReproducesTheCheckedInTablesByteForByte() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("zone-tables-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try runTool("/usr/bin/python3", [Self.root.appendingPathComponent("tools/zone-tables/generate.py").path, "--out", out.path])
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.generated.path).sorted()
        #expect(names == ["AirportZoneTable.swift", "CountryZoneTable.swift", "ZonePointTable.swift"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == names)
        for name in names {
            let checkedIn = try Data(contentsOf: Self.generated.appendingPathComponent(name))
            let regenerated = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(checkedIn == regenerated, "\(name) differs from what generate.py makes of tools/zone-tables/sources")
        }
    }

    /// Every zone the tables name is one the system's tzdata has (ZoneRules reads it from there).
    @Test func everyZoneTheTablesNameIsInTheSystemTZData() throws {
        var zones = Set<String>()
        for name in ["AirportZoneTable.swift", "CountryZoneTable.swift", "ZonePointTable.swift"] {
            let text = try String(contentsOf: Self.generated.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                for field in line.split(separator: "\t") where field.contains("/") && !field.contains(" ") && field.first!.isUppercase {
                    zones.insert(String(field))
                }
            }
        }
        #expect(zones.count > 300)
        let missing = zones.filter { !FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/\($0)") }
        #expect(missing.isEmpty, "zones not in /usr/share/zoneinfo: \(missing.sorted())")
    }
}
