import Testing
@testable import PlaceZones

/// Each look-up is a binary search in a table's sorted rows (airports, regions, localities;
/// the country rows and points are parsed once, on first use) or a few grid cells: scan throughput must not move (issue 17 allows 5 %). Bounds are many
/// times what a debug build on a loaded 2-core machine takes, and far below a linear scan.
/// (Measured by hand, `swiftc -O` on this machine under load: first use 18 ms for the airports,
/// 20 ms for the countries, 4–9 ms for the points; per look-up 1–2 µs for an airport, 5–6 µs
/// for an address, 2–4 µs for coordinates.)
@Suite struct LookupCostTests {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test func tablesParseOnceAndLookUpsAreCheap() {
        let directory = PlaceZoneDirectory()
        let clock = ContinuousClock()
        let airportTable = clock.measure { _ = directory.zone(airport: "SFO") }
        let countryTable = clock.measure { _ = directory.zone(country: "US", region: "CA", locality: nil) }
        let pointTable = clock.measure { _ = directory.zone(latitude: 48.8584, longitude: 2.2945) }
        let parse = airportTable + countryTable + pointTable
        let codes = ["SFO", "JFK", "LHR", "CDG", "NRT", "SYD", "DEL", "KTM", "GRU", "QQQ"]
        let rounds = 2_000
        var found = 0
        let airports = clock.measure {
            for round in 0..<rounds where directory.zone(airport: codes[round % codes.count]) != nil { found += 1 }
        }
        let addresses = clock.measure {
            for round in 0..<rounds {
                if case .zone = directory.zone(country: round % 2 == 0 ? "US" : "France", region: "TX", locality: "El Paso") { found += 1 }
            }
        }
        let coordinates = clock.measure {
            for round in 0..<rounds where directory.zone(latitude: 30 + Double(round % 20), longitude: -100 + Double(round % 40)) != nil {
                found += 1
            }
        }
        #expect(found > rounds * 2)
        #expect(Self.seconds(parse) < 5, "first use (parsing the three tables): \(parse)")
        #expect(Self.seconds(airports) / Double(rounds) < 200e-6, "per airport look-up: \(airports / rounds)")
        #expect(Self.seconds(addresses) / Double(rounds) < 200e-6, "per address look-up: \(addresses / rounds)")
        #expect(Self.seconds(coordinates) / Double(rounds) < 2e-3, "per coordinate look-up: \(coordinates / rounds)")
    }
}
