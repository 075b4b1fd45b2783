import CivilTime
import Testing
@testable import PlaceZones

/// The region and locality rows are searched in place (binary search over the sorted rows)
/// instead of parsed into dictionaries, which fragmented a scan's heap (issue 17's bench
/// row): every look-up must give what the dictionaries gave. The model below is that parse.
@Suite struct SubdivisionSearchTests {
    /// The dictionaries the table used to be parsed into, from the same rows.
    struct Model {
        var regionByName: [String: String] = [:]
        var regionZone: [String: ZoneIdentifier?] = [:]
        var localityZone: [String: ZoneIdentifier] = [:]

        init(text: String) {
            for row in tableRows(text, kinds: [UInt8(ascii: "R"), UInt8(ascii: "L")]) {
                switch row.first {
                case "R"? where row.count >= 4:
                    regionZone[row[1]] = .some(ZoneIdentifier(row[2]))
                    for name in row[3].split(separator: "|") { regionByName[String(row[1].prefix(2)) + "|" + name] = row[1] }
                case "L"? where row.count >= 5:
                    localityZone[row[1] + "|" + row[2] + "|" + row[3]] = ZoneIdentifier(row[4])
                default:
                    continue
                }
            }
        }

        func region(_ text: String, in country: String) -> String? {
            var name = PlaceName.key(text)
            let prefix = PlaceName.key(country) + " "
            if name.hasPrefix(prefix), regionByName[country + "|" + name] == nil { name.removeFirst(prefix.count) }
            return regionByName[country + "|" + name]
        }
    }

    static let model = Model(text: CountryZoneTable.text)
    static let table = SubdivisionTable(text: CountryZoneTable.text)

    /// Every region name and id of the built-in table, as written and as an ISO 3166-2 code
    /// with its country ("US-CA"), gives the model's region and zone; so does every
    /// locality row with its region and with "-".
    @Test func everyRowOfTheBuiltInTableIsFoundAsParsed() {
        let rows = tableRows(CountryZoneTable.text, kinds: [UInt8(ascii: "R"), UInt8(ascii: "L")])
        #expect(rows.count > 7_000)
        var mismatches: [String] = []
        for row in rows where row[0] == "R" {
            let country = String(row[1].prefix(2))
            let asked = row[3].split(separator: "|").map(String.init) + [row[1], String(row[1].dropFirst(3)), row[1].lowercased()]
            for name in asked where Self.table.region(name, in: country) != Self.model.region(name, in: country) {
                mismatches.append("region \(name) in \(country)")
            }
            if Self.table.zone(ofRegion: row[1]) != Self.model.regionZone[row[1]] { mismatches.append("zone of \(row[1])") }
        }
        for row in rows where row[0] == "L" {
            let region = row[2] == "-" ? nil : row[2]
            for locality in [row[3], row[3].uppercased(), " \(row[3]) "] {
                let key = row[1] + "|" + (region ?? "-") + "|" + PlaceName.key(locality)
                if Self.table.zone(ofLocality: locality, country: row[1], region: region) != Self.model.localityZone[key] {
                    mismatches.append("locality \(key)")
                }
            }
        }
        #expect(mismatches.isEmpty, "not found as parsed: \(mismatches.prefix(10))")
    }

    /// The attack: names and ids just beside real ones (a prefix of a region id, one a letter
    /// longer, a locality of the right name in the wrong country or region), before the first
    /// and after the last row, and text that is no row at all: each answers as the model does
    /// (mostly nothing), never with a neighbouring row.
    @Test(arguments: [("US", "US-T"), ("US", "US-TXX"), ("US", "T"), ("AQ", "AA-AA"), ("ZZ", "ZZ-ZZ"), ("US", "texas "),
                      ("CA", "california"), ("US", "-"), ("US", ""), ("US", "R\tUS-CA")])
    func aRegionTheTableLacksIsNotFound(country: String, text: String) {
        #expect(Self.table.region(text, in: country) == Self.model.region(text, in: country))
        #expect(Self.table.zone(ofRegion: text) == Self.model.regionZone[text])
    }

    @Test(arguments: [("US", "US-TX", "el pas"), ("US", "US-TX", "el pasoo"), ("FR", "-", "el paso"), ("US", "US-CA", "el paso"),
                      ("AA", "-", "a"), ("ZZ", "-", "zzz"), ("US", "-", ""), ("US", "US-TX\tel", "paso")])
    func aLocalityTheTableLacksIsNotFound(country: String, region: String, locality: String) {
        let key = country + "|" + region + "|" + PlaceName.key(locality)
        #expect(Self.table.zone(ofLocality: locality, country: country, region: region == "-" ? nil : region)
                == Self.model.localityZone[key])
    }

    /// A small table of the generated form, with C rows before and comments between the
    /// sections and a last row without its line end: first, middle and last rows are found.
    @Test func aSmallTableIsSearchedLikeTheBuiltInOne() {
        let text = "# C\nC\tUS\tUSA\t-\tunited states\n# R\nR\tUS-AZ\tAmerica/Phoenix\tarizona|az\n"
            + "R\tUS-CA\tAmerica/Los_Angeles\tca|california\nR\tUS-TX\t-\ttexas|tx\n# L\n"
            + "L\tUS\t-\tphoenix\tAmerica/Phoenix\nL\tUS\tUS-TX\tel paso\tAmerica/Denver\nL\tUS\tUS-TX\thouston\tAmerica/Chicago"
        let table = SubdivisionTable(text: text)
        #expect(table.region("Arizona", in: "US") == "US-AZ")
        #expect(table.region("US-CA", in: "US") == "US-CA")
        #expect(table.region("TX", in: "US") == "US-TX")
        #expect(table.region("Nevada", in: "US") == nil)
        #expect(table.zone(ofRegion: "US-AZ") == .some(.some("America/Phoenix")))
        #expect(table.zone(ofRegion: "US-TX") == .some(nil))
        #expect(table.zone(ofRegion: "US-NV") == nil)
        #expect(table.zone(ofLocality: "Phoenix", country: "US", region: nil) == "America/Phoenix")
        #expect(table.zone(ofLocality: "El Paso", country: "US", region: "US-TX") == "America/Denver")
        #expect(table.zone(ofLocality: "Houston", country: "US", region: "US-TX") == "America/Chicago")
        #expect(table.zone(ofLocality: "Houston", country: "US", region: nil) == nil)
    }
}
