import CivilTime

/// Place → IANA zone: airports by IATA code, coordinates by the nearest known point,
/// countries, regions and localities — the tables tools/zone-tables/generate.py builds
/// from airportsdata, tzdata and iso-codes (their versions and licences:
/// tools/zone-tables/sources/README.md).
///
/// A value the caller creates once and passes in (the normaliser never reaches for a
/// global). The airports, and the 7,700 region and locality rows, are searched in place (a
/// binary search over the sorted rows, no parse: parsing them into dictionaries fragmented a
/// scan's heap, issue 17's bench row); the countries and the coordinate points are each
/// parsed on their first look-up and kept, and copies of a directory share them, so
/// parallel scan workers parse each at most once. Look-ups are dictionary reads (country),
/// binary searches (airport, region, locality) or a search of the few grid cells around a
/// coordinate.
public struct PlaceZoneDirectory: Sendable {
    /// Beyond this distance from every known point, coordinates give no zone.
    public static let maximumDistance = 100.0 // kilometres

    private let airports: AirportTable
    private let countries: LazyTable<CountryTable>
    private let subdivisions: LazyTable<SubdivisionTable>
    private let points: LazyTable<PointIndex>
    /// The rules of the zones the tables name (tzdata under `ZoneInfoDirectory`), for the
    /// instants of times placed in them.
    public let rules: ZoneRulesCache

    /// The built-in tables, with zone rules from `rules` (the system's tzdata unless given).
    public init(rules: ZoneRulesCache = ZoneRulesCache()) {
        self.init(airportTable: AirportZoneTable.text, countryTable: CountryZoneTable.text, pointTable: ZonePointTable.text,
                  rules: rules)
    }

    /// Tables of the generated formats (tests).
    public init(airportTable: String, countryTable: String, pointTable: String, rules: ZoneRulesCache = ZoneRulesCache()) {
        self.rules = rules
        let airports = AirportTable(text: airportTable)
        self.airports = airports
        self.countries = LazyTable { CountryTable(text: countryTable) }
        self.subdivisions = LazyTable { SubdivisionTable(text: countryTable) }
        self.points = LazyTable {
            var all = airports.all.map { PointIndex.Point(latitude: $0.latitude, longitude: $0.longitude, zone: $0.zone) }
            for row in tableRows(pointTable) where row.count >= 3 {
                guard let latitude = Double(row[0]), let longitude = Double(row[1]), let zone = ZoneIdentifier(String(row[2]))
                else { continue }
                all.append(PointIndex.Point(latitude: latitude, longitude: longitude, zone: zone))
            }
            // Dictionary order varies between runs: sort, so ties between equidistant points fall the same way.
            all.sort { ($0.latitude, $0.longitude, $0.zone) < ($1.latitude, $1.longitude, $1.zone) }
            return PointIndex(points: all)
        }
    }

    /// An airport's zone by its IATA code ("SFO", "sfo"); nil for a code the table lacks.
    public func zone(airport code: String) -> ZoneMatch? {
        guard let airport = airports.airport(code: code) else { return nil }
        return ZoneMatch(zone: airport.zone, evidence: .airport(code: code.trimmingWhitespace.uppercased()))
    }

    /// The country (alpha-2) an airport is in.
    public func country(airport code: String) -> String? { airports.airport(code: code)?.country }

    /// The zone of the nearest known point within `maximumDistance`; nil for coordinates
    /// outside ±90/±180 or far from every point (mid-ocean).
    public func zone(latitude: Double, longitude: Double) -> ZoneMatch? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        guard let found = points.table.nearest(latitude: latitude, longitude: longitude,
                                               maximumKilometres: Self.maximumDistance) else { return nil }
        return ZoneMatch(zone: found.point.zone, evidence: .coordinates(
            latitude: latitude, longitude: longitude, kilometres: Int(found.kilometres.rounded())))
    }

    /// What an address says about its zone.
    public enum AddressAnswer: Sendable, Hashable {
        case zone(ZoneMatch)
        /// No country, or one none of the tables knows (the text as written).
        case unknownCountry(String?)
        /// A country with several zones, and no region or locality that decides (alpha-2).
        case severalZones(country: String)
    }

    /// The zone of an address: the country's when it has one; else the locality within the
    /// region, the region, or (no region known) the locality anywhere in the country when
    /// its name is unambiguous there.
    public func zone(country countryText: String?, region regionText: String?, locality: String?) -> AddressAnswer {
        guard let countryText, let country = countries.table.country(countryText) else { return .unknownCountry(countryText) }
        if let zone = country.zone { return .zone(ZoneMatch(zone: zone, evidence: .country(country.alpha2))) }
        let table = subdivisions.table
        let region = regionText.flatMap { table.region($0, in: country.alpha2) }
        if let locality, let zone = table.zone(ofLocality: locality, country: country.alpha2, region: region) {
            return .zone(ZoneMatch(zone: zone, evidence: .locality(country: country.alpha2, locality: locality.trimmingWhitespace)))
        }
        if let region {
            if case .some(.some(let zone)) = table.zone(ofRegion: region) {
                return .zone(ZoneMatch(zone: zone, evidence: .region(country: country.alpha2, region: region)))
            }
            return .severalZones(country: country.alpha2)
        }
        // A region given but not known: a locality is looked up across the whole country.
        if regionText != nil, let locality, let zone = table.zone(ofLocality: locality, country: country.alpha2, region: nil) {
            return .zone(ZoneMatch(zone: zone, evidence: .locality(country: country.alpha2, locality: locality.trimmingWhitespace)))
        }
        return .severalZones(country: country.alpha2)
    }

    /// Whether a country (as markup writes it) has exactly one zone.
    public func hasOneZone(country text: String) -> Bool? {
        countries.table.country(text).map { $0.zone != nil }
    }

    /// The alpha-2 code of a country as markup writes it.
    public func countryCode(_ text: String) -> String? { countries.table.country(text)?.alpha2 }
}
