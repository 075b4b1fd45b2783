import CivilTime
import Testing
@testable import PlaceZones

/// Look-ups in the built-in tables: the honest case each rule lets through beside the
/// attack on it (a name that means two places, a mislabelled source row, a code that is no airport).
@Suite struct PlaceZoneDirectoryTests {
    let directory = PlaceZoneDirectory()

    // MARK: airports

    @Test(arguments: [
        ("SFO", "America/Los_Angeles"), ("sfo", "America/Los_Angeles"), (" JFK ", "America/New_York"),
        ("PHX", "America/Phoenix"), ("DEL", "Asia/Kolkata"), ("KTM", "Asia/Kathmandu"), ("CHT", "Pacific/Chatham"),
        ("SYD", "Australia/Sydney"), ("CDG", "Europe/Paris"), ("ELP", "America/Denver"),
    ])
    func airportCodeGivesItsZone(code: String, zone: String) {
        #expect(directory.zone(airport: code) == ZoneMatch(zone: ZoneIdentifier(zone)!, evidence: .airport(code: code.trimmingWhitespace.uppercased())))
    }

    @Test(arguments: ["QQQ", "SFOX", "SF", "", "S F", "ŚFO", "123"])
    func somethingThatIsNoKnownAirportCodeGivesNoZone(code: String) {
        #expect(directory.zone(airport: code) == nil)
    }

    // MARK: countries

    @Test(arguments: [
        ("FR", "Europe/Paris", "FR"), ("fra", "Europe/Paris", "FR"), ("France", "Europe/Paris", "FR"),
        ("FRANCE", "Europe/Paris", "FR"), ("Germany", "Europe/Berlin", "DE"), ("DEU", "Europe/Berlin", "DE"),
        ("Nepal", "Asia/Kathmandu", "NP"), ("IND", "Asia/Kolkata", "IN"), ("United Kingdom", "Europe/London", "GB"),
        ("UK", "Europe/London", "GB"), ("Japan", "Asia/Tokyo", "JP"), ("Korea, Republic of", "Asia/Seoul", "KR"),
        ("South Korea", "Asia/Seoul", "KR"), ("Côte d'Ivoire", "Africa/Abidjan", "CI"), ("Cote d'Ivoire", "Africa/Abidjan", "CI"),
    ])
    func aCountryWithOneZoneGivesIt(country: String, zone: String, code: String) {
        #expect(directory.zone(country: country, region: nil, locality: nil) == .zone(ZoneMatch(zone: ZoneIdentifier(zone)!, evidence: .country(code))))
    }

    /// Germany's zone.tab lists Europe/Busingen beside Europe/Berlin; their rules are the same, so one zone.
    /// Spain's Canary Islands keep other rules: Spain alone decides nothing.
    @Test(arguments: [("US", "US"), ("USA", "US"), ("United States of America", "US"), ("Spain", "ES"), ("ESP", "ES"),
                      ("Australia", "AU"), ("Brazil", "BR"), ("Russia", "RU"), ("Canada", "CA"), ("Mexico", "MX")])
    func aCountryWithSeveralZonesAndNoRegionDecidesNothing(country: String, code: String) {
        #expect(directory.zone(country: country, region: nil, locality: nil) == .severalZones(country: code))
    }

    @Test(arguments: ["Narnia", "XX", "ZZZ", ""])
    func anUnknownCountryIsSaidSo(country: String) {
        #expect(directory.zone(country: country, region: "CA", locality: "Paris") == .unknownCountry(country))
    }

    // MARK: regions and localities

    @Test(arguments: [
        ("US", "CA", nil, "America/Los_Angeles"), ("US", "California", nil, "America/Los_Angeles"),
        ("US", "US-CA", nil, "America/Los_Angeles"), ("USA", "az", nil, "America/Phoenix"),
        ("US", "TX", nil, "America/Chicago"), ("US", "TX", "El Paso", "America/Denver"),
        ("US", "IL", "Aurora", "America/Chicago"), ("US", "CO", "Aurora", "America/Denver"),
        ("US", "OR", "Portland", "America/Los_Angeles"), ("US", "ME", "Portland", "America/New_York"),
        ("US", nil, "El Paso", "America/Denver"), ("Spain", "Canary Islands", nil, "Atlantic/Canary"),
        ("ES", nil, "Madrid", "Europe/Madrid"), ("Australia", "NSW", nil, "Australia/Sydney"),
        ("AU", "Western Australia", nil, "Australia/Perth"), ("Brazil", "DF", "Brasília", "America/Sao_Paulo"),
        ("BR", "São Paulo", nil, "America/Sao_Paulo"), ("BR", "Sao Paulo", nil, "America/Sao_Paulo"),
        ("Canada", "Quebec", nil, "America/Toronto"), ("CA", "BC", nil, "America/Vancouver"),
        ("Mexico", "Quintana Roo", nil, "America/Cancun"),
    ] as [(String, String?, String?, String)])
    func aRegionOrLocalityDecidesAMultiZoneCountry(country: String, region: String?, locality: String?, zone: String) {
        guard case .zone(let match) = directory.zone(country: country, region: region, locality: locality) else {
            Issue.record("no zone for \(country) \(region ?? "-") \(locality ?? "-")")
            return
        }
        #expect(match.zone.name == zone)
    }

    /// Attacks: a locality that names places in two zones (Portland, Oregon and Maine) without its
    /// region, and a region tzdata splits (Kentucky: Eastern and Central) without a locality, decide nothing;
    /// a known region keeps a same-named city elsewhere (Aurora, Colorado) from answering for Aurora, Illinois.
    @Test func ambiguousNamesDecideNothing() {
        #expect(directory.zone(country: "US", region: nil, locality: "Portland") == .severalZones(country: "US"))
        #expect(directory.zone(country: "US", region: "Kentucky", locality: nil) == .severalZones(country: "US"))
        #expect(directory.zone(country: "US", region: "Atlantis", locality: nil) == .severalZones(country: "US"))
        if case .zone(let match) = directory.zone(country: "US", region: "Illinois", locality: "Aurora") {
            #expect(match.evidence == .region(country: "US", region: "US-IL"))
        } else { Issue.record("Aurora, Illinois: no zone") }
    }

    /// airportsdata labels Acre's airports "Distrito Federal"; zone.tab's comments (region-zones.tsv)
    /// put Brasília's district in São Paulo's zone, two hours from Rio Branco's.
    @Test func aMislabelledSourceRowDoesNotMoveARegion() {
        #expect(directory.zone(country: "BR", region: "Distrito Federal", locality: nil)
            == .zone(ZoneMatch(zone: "America/Sao_Paulo", evidence: .region(country: "BR", region: "BR-DF"))))
    }

    // MARK: coordinates

    @Test(arguments: [
        (48.8584, 2.2945, "Europe/Paris"), (33.4484, -112.074, "America/Phoenix"), (37.7749, -122.4194, "America/Los_Angeles"),
        (27.7172, 85.324, "Asia/Kathmandu"), (-43.95, -176.56, "Pacific/Chatham"), (-33.8688, 151.2093, "Australia/Sydney"),
        (-16.7, 179.9, "Pacific/Fiji"), (64.1466, -21.9426, "Atlantic/Reykjavik"),
    ])
    func coordinatesGiveTheNearestKnownPlacesZone(latitude: Double, longitude: Double, zone: String) {
        let match = directory.zone(latitude: latitude, longitude: longitude)
        #expect(match?.zone.name == zone)
        if case .coordinates(_, _, let kilometres)? = match?.evidence { #expect(kilometres <= 100) }
    }

    /// Far from every airport and zone location (mid-Pacific, the South Atlantic), and off the globe: no zone.
    @Test(arguments: [(0.0, -140.0), (-45.0, -20.0), (91.0, 0.0), (0.0, 181.0), (Double.nan, 0.0)])
    func coordinatesFarFromEveryKnownPlaceGiveNoZone(latitude: Double, longitude: Double) {
        #expect(directory.zone(latitude: latitude, longitude: longitude) == nil)
    }

    @Test func distanceIsTheGreatCircleDistance() {
        // Paris (CDG) to New York (JFK) is 5,834 km along the great circle.
        let kilometres = PointIndex.kilometres(49.0097, 2.5479, 40.6413, -73.7781)
        #expect(abs(kilometres - 5834) < 5)
        // Across the antimeridian: 0.2 degrees of longitude at the equator, about 22 km.
        #expect(abs(PointIndex.kilometres(0, 179.9, 0, -179.9) - 22.2) < 0.5)
    }

    @Test func placeNamesAreKeyedAsTheGeneratorKeysThem() {
        #expect(PlaceName.key("  Castilla–La  Mancha ") == "castilla la mancha")
        #expect(PlaceName.key("Baden-Württemberg") == "baden württemberg")
        #expect(PlaceName.key("New_York") == "new york")
    }
}
