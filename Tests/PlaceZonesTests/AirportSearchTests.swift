import CivilTime
import Testing
@testable import PlaceZones

/// The airport table is searched in place (binary search over its sorted rows) instead of
/// parsed into a dictionary: every row must still be found, with the values a full parse
/// reads from it, and nothing that is not a row may be.
@Suite struct AirportSearchTests {
    static let table = AirportTable(text: AirportZoneTable.text)

    /// Every row of the built-in table, found by its code in every case form, is the row a
    /// full parse reads; the codes are in the byte order the search relies on.
    @Test func everyRowOfTheBuiltInTableIsFoundAsParsed() {
        let all = Self.table.all
        #expect(all.count > 7_000)
        let codes = tableRows(AirportZoneTable.text).map { $0[0] }
        #expect(codes == codes.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(Set(codes).count == codes.count, "a code listed twice")
        var mismatches: [String] = []
        for (code, parsed) in zip(codes, all) {
            for form in [code, code.lowercased(), " \(code)\t"] where Self.table.airport(code: form) != parsed {
                mismatches.append(form)
            }
        }
        #expect(mismatches.isEmpty, "not found as parsed: \(mismatches.prefix(10))")
    }

    /// The attack: codes just beside real ones, before the first and after the last, a
    /// prefix of a row's code with its tab, and text the search must not read as a row.
    @Test(arguments: ["AAA", "ZZZ", "AA@", "[AA", "SFN", "000", "\t\t\t", "QQQ"])
    func aCodeTheTableLacksIsNotFound(code: String) {
        let listed = Set(tableRows(AirportZoneTable.text).map { $0[0] })
        #expect((Self.table.airport(code: code) != nil) == listed.contains(code.uppercased()))
    }

    /// A small table of the generated form, with a comment header, a last row without its
    /// line end and a malformed row: the malformed row is not found, its neighbours are.
    @Test func aSmallTableIsSearchedLikeTheBuiltInOne() {
        let text = "# IATA\tzone\tlatitude\tlongitude\tcountry\n"
            + "AAA\tPacific/Tahiti\t-17.35\t-145.51\tPF\n"
            + "BBB\tNo/Such/Zone ok\tx\ty\tZZ\n"
            + "CDG\tEurope/Paris\t49.0128\t2.55\tFR\n"
            + "ZZZ\tAsia/Tokyo\t35.0\t139.0\tJP"
        let table = AirportTable(text: text)
        #expect(table.airport(code: "aaa") == Airport(zone: "Pacific/Tahiti", latitude: -17.35, longitude: -145.51, country: "PF"))
        #expect(table.airport(code: "CDG") == Airport(zone: "Europe/Paris", latitude: 49.0128, longitude: 2.55, country: "FR"))
        #expect(table.airport(code: "ZZZ")?.zone == "Asia/Tokyo")
        #expect(table.airport(code: "BBB") == nil)
        #expect(table.airport(code: "CDH") == nil)
        #expect(table.airport(code: "#IA") == nil)
        #expect(table.all.map(\.country) == ["PF", "FR", "JP"])
    }
}
