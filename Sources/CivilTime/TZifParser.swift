/// Reads a TZif file (RFC 8536, versions 1, 2 and 3) into the parts `ZoneRules` needs:
/// transition times, the local time type after each, the types, and the footer TZ string.
///
/// Versions 2 and 3 repeat the data with 64-bit times after the version 1 block; the second
/// block is read and the first skipped (RFC 8536 §3.1: readers of version 2+ SHOULD ignore
/// the v1 block). Leap-second records are skipped: zoneinfo "right/" files are not used and
/// POSIX time has no leap seconds; the standard/wall and UT/local indicators only matter for
/// a TZ string without rules, which the footer never is in tzdata.
struct TZifParser {
    struct Contents {
        var transitionTimes: [Int64]
        var transitionTypeIndices: [Int]
        var types: [LocalTimeType]
        var footer: POSIXTimeZoneRule?
    }

    enum Failure: Error {
        case malformed(String)
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func parse(_ bytes: [UInt8]) throws(Failure) -> Contents {
        var parser = TZifParser(bytes: bytes)
        let header = try parser.header()
        guard header.version >= 2 else { return try parser.dataBlock(header, timeSize: 4) }
        try parser.skipDataBlock(header, timeSize: 4)
        let second = try parser.header()
        var contents = try parser.dataBlock(second, timeSize: 8)
        contents.footer = try parser.footer()
        return contents
    }

    private struct Header {
        var version: Int
        var isUTCount: Int, isStandardCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, characterCount: Int
    }

    /// RFC 8536 §3.1: "TZif", version ('\0', '2', '3', '4'), 15 unused bytes, six 32-bit counts.
    private mutating func header() throws(Failure) -> Header {
        guard try take(4).elementsEqual("TZif".utf8) else { throw .malformed("no \"TZif\" magic") }
        let versionByte = try take(1)[0]
        let version: Int
        switch versionByte {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
        default: throw .malformed("unknown version byte \(versionByte)")
        }
        _ = try take(15)
        let counts = try (0..<6).map { _ throws(Failure) in try Int(unsigned32()) }
        let header = Header(
            version: version, isUTCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        // RFC 8536 §3.1: typecnt and charcnt MUST NOT be zero; the indicator counts are 0 or typecnt.
        guard header.typeCount > 0, header.characterCount > 0,
              header.isUTCount == 0 || header.isUTCount == header.typeCount,
              header.isStandardCount == 0 || header.isStandardCount == header.typeCount
        else { throw .malformed("inconsistent counts in the header") }
        return header
    }

    private mutating func skipDataBlock(_ header: Header, timeSize: Int) throws(Failure) {
        _ = try take(header.timeCount * (timeSize + 1) + header.typeCount * 6 + header.characterCount
            + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCount)
    }

    /// RFC 8536 §3.2.
    private mutating func dataBlock(_ header: Header, timeSize: Int) throws(Failure) -> Contents {
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let time = timeSize == 4 ? Int64(Int32(bitPattern: try unsigned32())) : try signed64()
            if let last = times.last, time <= last { throw .malformed("transition times are not ascending") }
            times.append(time)
        }
        let indices = try take(header.timeCount).map(Int.init)
        guard indices.allSatisfy({ $0 < header.typeCount }) else { throw .malformed("a transition names no local time type") }
        var rawTypes: [(offset: Int32, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int32(bitPattern: try unsigned32())
            let flags = try take(2)
            guard flags[0] <= 1 else { throw .malformed("isdst is neither 0 nor 1") }
            rawTypes.append((offset, flags[0] == 1, Int(flags[1])))
        }
        let characters = try take(header.characterCount)
        var types: [LocalTimeType] = []
        for raw in rawTypes {
            // RFC 8536 §3.2: utoff MUST NOT be -2**31 and SHOULD be within -89999...93599.
            guard raw.offset != Int32.min, let offset = UTCOffset(seconds: Int(raw.offset)) else {
                throw .malformed("offset \(raw.offset) s out of range")
            }
            guard raw.abbreviationIndex < characters.count,
                  let end = characters[raw.abbreviationIndex...].firstIndex(of: 0)
            else { throw .malformed("an abbreviation index is past the designations") }
            let name = String(decoding: characters[raw.abbreviationIndex..<end], as: UTF8.self)
            types.append(LocalTimeType(offset: offset, isDaylightSaving: raw.isDaylightSaving, abbreviation: name))
        }
        _ = try take(header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCount)
        return Contents(transitionTimes: times, transitionTypeIndices: indices, types: types, footer: nil)
    }

    /// RFC 8536 §3.3: "\n" TZ-string "\n"; an empty string means no rule.
    private mutating func footer() throws(Failure) -> POSIXTimeZoneRule? {
        guard index < bytes.count else { return nil }  // Tolerated: some writers omit it.
        guard bytes[index] == UInt8(ascii: "\n"),
              let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { throw .malformed("the footer is not a newline-enclosed TZ string") }
        let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        guard !text.isEmpty else { return nil }
        guard let rule = POSIXTimeZoneRule(text) else { throw .malformed("footer TZ string \"\(text)\" does not parse") }
        return rule
    }

    // MARK: - Bytes

    /// The next `count` bytes, as an array indexed from 0.
    private mutating func take(_ count: Int) throws(Failure) -> [UInt8] {
        guard count >= 0, count <= bytes.count - index else { throw .malformed("truncated at byte \(index)") }
        defer { index += count }
        return Array(bytes[index..<(index + count)])
    }

    private mutating func unsigned32() throws(Failure) -> UInt32 {
        try take(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    private mutating func signed64() throws(Failure) -> Int64 {
        Int64(bitPattern: try take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
}
