import CivilTime

/// ISO 3166 countries → zones, from the `C` rows of `CountryZoneTable`: all an address in a
/// country with one zone needs (most mail). The regions and localities of the countries
/// with several zones are `SubdivisionTable`, read only when one is asked for.
struct CountryTable: Sendable {
    struct Country: Sendable, Hashable {
        var alpha2: String
        /// nil when the country has several zones.
        var zone: ZoneIdentifier?
    }

    private(set) var byAlpha2: [String: Country] = [:]
    private var alpha2ByAlpha3: [String: String] = [:]
    private var alpha2ByName: [String: String] = [:]

    /// Rows `C alpha-2 alpha-3 zone|- names`; the other rows are skipped.
    init(text: String) {
        for row in tableRows(text, kinds: [UInt8(ascii: "C")]) where row.count >= 5 && row[0] == "C" {
            let alpha2 = row[1]
            byAlpha2[alpha2] = Country(alpha2: alpha2, zone: ZoneIdentifier(row[3]))
            alpha2ByAlpha3[row[2]] = alpha2
            for name in row[4].split(separator: "|") { alpha2ByName[String(name)] = alpha2 }
        }
    }

    /// A country as markup writes it: alpha-2 ("FR"), alpha-3 ("FRA"), an English name
    /// ("France", "United States of America"), any case.
    func country(_ text: String) -> Country? {
        let trimmed = text.trimmingWhitespace
        if trimmed.utf8.count == 2 || trimmed.utf8.count == 3, trimmed.utf8.allSatisfy({ $0 < 0x80 }) {
            let code = trimmed.uppercased()
            if let found = byAlpha2[code] ?? alpha2ByAlpha3[code].flatMap({ byAlpha2[$0] }) { return found }
        }
        return alpha2ByName[PlaceName.key(trimmed)].flatMap { byAlpha2[$0] }
    }
}

/// The regions and localities of `CountryZoneTable` (its `R` and `L` rows) → zones.
struct SubdivisionTable: Sendable {
    /// "US|california" → "US-CA"
    private var regionByName: [String: String] = [:]
    /// "US-CA" → zone; a region whose places lie in several zones has none.
    private var regionZone: [String: ZoneIdentifier?] = [:]
    /// "US|US-TX|el paso" and "US|-|el paso" → zone.
    private var localityZone: [String: ZoneIdentifier] = [:]

    /// Rows `R id zone|- names`, `L country region|- locality zone`; the other rows are skipped.
    init(text: String) {
        for row in tableRows(text, kinds: [UInt8(ascii: "R"), UInt8(ascii: "L")]) {
            switch row.first {
            case "R"? where row.count >= 4:
                let identifier = row[1], country = String(row[1].prefix(2))
                regionZone[identifier] = .some(ZoneIdentifier(row[2]))
                for name in row[3].split(separator: "|") { regionByName[country + "|" + name] = identifier }
            case "L"? where row.count >= 5:
                localityZone[row[1] + "|" + row[2] + "|" + row[3]] = ZoneIdentifier(row[4])
            default:
                continue
            }
        }
    }

    /// A region of `country` by ISO 3166-2 code ("CA", "US-CA") or name ("California").
    func region(_ text: String, in country: String) -> String? {
        var name = PlaceName.key(text)
        let prefix = PlaceName.key(country) + " "
        if name.hasPrefix(prefix), regionByName[country + "|" + name] == nil { name.removeFirst(prefix.count) }
        return regionByName[country + "|" + name]
    }

    /// The region's zone: `.some(nil)` for a region that spans several zones.
    func zone(ofRegion identifier: String) -> ZoneIdentifier?? { regionZone[identifier] }

    /// A locality's zone, within the region when one is known, else anywhere in the country
    /// when the name is unambiguous there.
    func zone(ofLocality text: String, country: String, region: String?) -> ZoneIdentifier? {
        localityZone[country + "|" + (region ?? "-") + "|" + PlaceName.key(text)]
    }
}
