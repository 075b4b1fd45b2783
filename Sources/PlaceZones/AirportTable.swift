import CivilTime

/// An airport of the table: its zone, where it is, its country.
struct Airport: Sendable, Hashable {
    var zone: ZoneIdentifier
    var latitude: Double
    var longitude: Double
    var country: String
}

/// IATA code → airport, from `AirportZoneTable` (airportsdata), searched in place: the rows
/// are sorted by code (tools/zone-tables/generate.py sorts them), so a look-up is a binary
/// search over the text's bytes and only the row found is read — nothing is parsed up
/// front, and a run that asks for one airport pays for one row, not for 7,900.
struct AirportTable: Sendable {
    private let text: String

    /// Rows `IATA \t zone \t latitude \t longitude \t country`, sorted by IATA code (byte
    /// order); `#` comment lines only before the first row. A malformed row is not found.
    init(text: String) {
        var text = text
        text.makeContiguousUTF8() // a literal already is: no copy for the built-in table
        self.text = text
    }

    /// A code as markup writes it: three letters, any case, white space around ignored.
    func airport(code: String) -> Airport? {
        let trimmed = code.trimmingWhitespace
        guard trimmed.utf8.count == 3, trimmed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var key: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, UInt8(ascii: "\t"))
        for (index, byte) in trimmed.utf8.enumerated() {
            let upper = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
            switch index {
            case 0: key.0 = upper
            case 1: key.1 = upper
            default: key.2 = upper
            }
        }
        return text.utf8.withContiguousStorageIfAvailable { bytes in Self.search(bytes, for: key) } ?? nil
    }

    /// Every row, parsed (the coordinate index's airport points), in table order.
    var all: [Airport] {
        tableRows(text).compactMap(Self.airport(row:))
    }

    private static func airport(row: [String]) -> Airport? {
        guard row.count >= 5, let zone = ZoneIdentifier(row[1]), let latitude = Double(row[2]),
              let longitude = Double(row[3]) else { return nil }
        return Airport(zone: zone, latitude: latitude, longitude: longitude, country: row[4])
    }

    /// Binary search over the data lines: `low..<high` is a byte range whose first line
    /// starts at `low`; the middle byte's line is compared by its first four bytes (code and tab).
    private static func search(_ bytes: UnsafeBufferPointer<UInt8>, for key: (UInt8, UInt8, UInt8, UInt8)) -> Airport? {
        var low = 0
        while low < bytes.count, bytes[low] == UInt8(ascii: "#") { low = lineEnd(bytes, from: low) }
        var high = bytes.count
        while low < high {
            var start = (low + high) / 2
            while start > low, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            let end = lineEnd(bytes, from: start)
            guard end - start > 4 else { return nil } // an empty or short line: not the table's form
            // The code and the tab after it: "ABC\t" sorts before "ABCD\t" as the generator sorts.
            let code = (bytes[start], bytes[start + 1], bytes[start + 2], bytes[start + 3])
            if code == key {
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                return tableRows(line).first.flatMap(airport(row:))
            }
            if code < key { low = end } else { high = start }
        }
        return nil
    }

    /// The index just past the line that holds `index` (its `\n` included).
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
