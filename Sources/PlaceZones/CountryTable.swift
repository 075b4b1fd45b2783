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

/// The regions and localities of `CountryZoneTable` (its `R` and `L` rows) → zones,
/// searched in place like `AirportTable`: the generator sorts the `R` rows by region id and
/// the `L` rows by country, region and locality (tools/zone-tables/generate.py), so a
/// look-up is a binary search over the text's bytes and only the rows it lands on are read.
///
/// Parsing the 7,700 rows into dictionaries cost a scan ~52 million instructions and many
/// thousand heap blocks, kept or freed among the run's others; the scan of the messages
/// after it was measurably slower than the parse alone explains (issue 17's bench row,
/// `bench/README.md`). A look-up here allocates only its key and the row it finds.
struct SubdivisionTable: Sendable {
    private let text: String
    /// Where each `R` row and each `L` row starts, in table order (two arrays of offsets:
    /// the only allocation a parse makes).
    private let regionRows: [Int]
    private let localityRows: [Int]

    /// Rows `R id zone|- names`, `L country region|- locality zone`; the other rows are skipped.
    init(text: String) {
        var text = text
        text.makeContiguousUTF8() // a literal already is: no copy for the built-in table
        self.text = text
        (regionRows, localityRows) = text.utf8.withContiguousStorageIfAvailable { bytes in
            var regions: [Int] = [], localities: [Int] = []
            var start = 0
            while start < bytes.count {
                let end = Self.lineEnd(bytes, from: start)
                if end - start > 2, bytes[start + 1] == UInt8(ascii: "\t") {
                    if bytes[start] == UInt8(ascii: "R") { regions.append(start) }
                    if bytes[start] == UInt8(ascii: "L") { localities.append(start) }
                }
                start = end
            }
            return (regions, localities)
        } ?? ([], [])
    }

    /// A region of `country` by ISO 3166-2 code ("CA", "US-CA") or name ("California"):
    /// its id. When two of the country's regions list the same name, the later row's id
    /// (as the dictionary this replaces kept it).
    func region(_ text: String, in country: String) -> String? {
        var name = PlaceName.key(text)
        let prefix = PlaceName.key(country) + " "
        if name.hasPrefix(prefix), regionIdentifier(named: name, in: country) == nil { name.removeFirst(prefix.count) }
        return regionIdentifier(named: name, in: country)
    }

    /// The region's zone: `.some(nil)` for a region that spans several zones.
    func zone(ofRegion identifier: String) -> ZoneIdentifier?? {
        guard let fields = row(in: regionRows, keyedBy: [identifier]), fields.count >= 4 else { return nil }
        return .some(ZoneIdentifier(fields[2]))
    }

    /// A locality's zone, within the region when one is known, else anywhere in the country
    /// when the name is unambiguous there.
    func zone(ofLocality text: String, country: String, region: String?) -> ZoneIdentifier? {
        guard let fields = row(in: localityRows, keyedBy: [country, region ?? "-", PlaceName.key(text)]), fields.count >= 5
        else { return nil }
        return ZoneIdentifier(fields[4])
    }

    // MARK: - In place

    /// The id of the `R` row of `country` that lists `name` (already a `PlaceName` key):
    /// the rows whose id starts with `country-` are consecutive (sorted by id).
    private func regionIdentifier(named name: String, in country: String) -> String? {
        let idPrefix = Array((country + "-").utf8), wanted = Array(name.utf8)
        return withBytes { bytes in
            var found: Range<Int>?
            var row = Self.lowerBound(bytes, rows: regionRows, key: idPrefix)
            while row < regionRows.count, Self.compare(bytes, from: regionRows[row] + 2, with: idPrefix) == 0 {
                // R \t id \t zone \t names (| between) \n
                let idStart = regionRows[row] + 2
                let idEnd = Self.fieldEnd(bytes, from: idStart)
                let zoneEnd = idEnd < bytes.count && bytes[idEnd] == UInt8(ascii: "\t") ? Self.fieldEnd(bytes, from: idEnd + 1) : idEnd
                guard zoneEnd > idEnd, zoneEnd < bytes.count, bytes[zoneEnd] == UInt8(ascii: "\t") else { row += 1; continue }
                var nameStart = zoneEnd + 1
                let namesEnd = Self.fieldEnd(bytes, from: nameStart)
                var index = nameStart
                while nameStart < namesEnd {
                    while index < namesEnd, bytes[index] != UInt8(ascii: "|") { index += 1 }
                    // An empty name (`||`) is none, as `split` left it out.
                    if index > nameStart, Self.equal(bytes, nameStart..<index, wanted) { found = idStart..<idEnd }
                    index += 1
                    nameStart = index
                }
                row += 1
            }
            return found.map { Self.string(bytes, $0) }
        } ?? nil
    }

    /// The fields of the row in `rows` whose first fields after the kind are `key`.
    private func row(in rows: [Int], keyedBy key: [String]) -> [String]? {
        let wanted = Array((key.joined(separator: "\t") + "\t").utf8)
        return withBytes { bytes in
            let row = Self.lowerBound(bytes, rows: rows, key: wanted)
            guard row < rows.count, Self.compare(bytes, from: rows[row] + 2, with: wanted) == 0 else { return nil }
            var fields: [String] = []
            var start = rows[row]
            while true {
                let end = Self.fieldEnd(bytes, from: start)
                fields.append(Self.string(bytes, start..<end))
                if end >= bytes.count || bytes[end] != UInt8(ascii: "\t") { return fields }
                start = end + 1
            }
        } ?? nil
    }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        text.utf8.withContiguousStorageIfAvailable(body)
    }

    /// The first of `rows` whose bytes after `K\t` are not below `key` (byte order, as the
    /// generator sorts: a tab sorts before every character of a name).
    private static func lowerBound(_ bytes: UnsafeBufferPointer<UInt8>, rows: [Int], key: [UInt8]) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if compare(bytes, from: rows[middle] + 2, with: key) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bytes from `start` (at most `key.count` of them, stopping at the line's end)
    /// against `key`: negative when they sort before it, 0 when they begin with it.
    private static func compare(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, with key: [UInt8]) -> Int {
        var index = start
        for byte in key {
            guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else { return -1 }
            if bytes[index] != byte { return bytes[index] < byte ? -1 : 1 }
            index += 1
        }
        return 0
    }

    /// The index of the tab or line end (or the text's end) that ends the field at `start`.
    private static func fieldEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\t"), bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
        guard range.count == other.count else { return false }
        for (offset, byte) in other.enumerated() where bytes[range.lowerBound + offset] != byte { return false }
        return true
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The index just past the line that holds `index` (its `\n` included).
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }
}
