import CivilTime

/// An airport of the table: its zone, where it is, its country.
struct Airport: Sendable, Hashable {
    var zone: ZoneIdentifier
    var latitude: Double
    var longitude: Double
    var country: String
}

/// IATA code → airport, from `AirportZoneTable` (airportsdata).
struct AirportTable: Sendable {
    private(set) var byCode: [String: Airport] = [:]

    /// Rows `IATA \t zone \t latitude \t longitude \t country`; a malformed row is skipped.
    init(text: String) {
        let rows = tableRows(text)
        byCode.reserveCapacity(rows.count)
        for row in rows where row.count >= 5 {
            guard let zone = ZoneIdentifier(String(row[1])), let latitude = Double(row[2]), let longitude = Double(row[3])
            else { continue }
            byCode[String(row[0])] = Airport(zone: zone, latitude: latitude, longitude: longitude,
                                             country: String(row[4]))
        }
    }

    /// A code as markup writes it: three letters, any case, white space around ignored.
    func airport(code: String) -> Airport? {
        let trimmed = code.trimmingWhitespace
        guard trimmed.utf8.count == 3, trimmed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return byCode[trimmed.uppercased()]
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
