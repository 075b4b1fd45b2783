/// A cursor over the bytes of a DNS message; every read checks the bounds first.
struct DNSMessageReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    /// More pointers than a 255-octet name could need is a damaged or hostile message.
    static let maxCompressionPointers = 127

    init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func readUInt8(in part: String) throws(DNSParseError) -> UInt8 {
        try need(1, in: part)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readUInt16(in part: String) throws(DNSParseError) -> UInt16 {
        try need(2, in: part)
        defer { offset += 2 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    mutating func readUInt32(in part: String) throws(DNSParseError) -> UInt32 {
        let high = try readUInt16(in: part)
        let low = try readUInt16(in: part)
        return UInt32(high) << 16 | UInt32(low)
    }

    mutating func readBytes(_ count: Int, in part: String) throws(DNSParseError) -> [UInt8] {
        try need(count, in: part)
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// RFC 1035 §4.1.3: owner name, type, class, TTL, RDLENGTH and RDATA, which must lie
    /// inside the message and be used up exactly by the types read here.
    mutating func readRecord(in part: String) throws(DNSParseError) -> DNSMessage.Record {
        let name = try readName(in: part)
        let type = try readUInt16(in: part)
        let `class` = try readUInt16(in: part)
        let ttl = try readUInt32(in: part)
        let length = Int(try readUInt16(in: part))
        try need(length, in: "\(part) data")
        let end = offset + length
        let data: DNSMessage.RecordData
        switch type {
        case DNSMessage.typeTXT:
            var strings: [[UInt8]] = []
            while offset < end {
                let count = Int(try readUInt8(in: "\(part) TXT data"))
                guard offset + count <= end else {
                    throw DNSParseError("\(part): a TXT character-string runs past the record's data length")
                }
                strings.append(try readBytes(count, in: "\(part) TXT data"))
            }
            data = .txt(strings)
        case DNSMessage.typeCNAME:
            let target = try readName(in: "\(part) CNAME target")
            guard offset == end else {
                throw DNSParseError("\(part): the CNAME target does not fill the record's data length")
            }
            data = .cname(target)
        default:
            data = .other(try readBytes(length, in: "\(part) data"))
        }
        return DNSMessage.Record(name: name, type: type, class: `class`, ttl: ttl, data: data)
    }

    /// RFC 1035 §3.1 and §4.1.4: labels, possibly ending in a compression pointer.
    ///
    /// A pointer must point before the start of the labels being read (to a "prior
    /// occurrence"), so each jump goes strictly backwards and a loop is impossible; the
    /// pointer count and the 255-octet limit are a second guard.
    mutating func readName(in part: String) throws(DNSParseError) -> DNSName {
        var labels: [[UInt8]] = []
        var wireLength = 1
        var position = offset
        var segmentStart = offset
        var pointers = 0
        var resumeAt: Int?
        while true {
            guard position < bytes.count else { throw truncated(in: part) }
            let length = Int(bytes[position])
            switch length & 0xC0 {
            case 0x00:
                position += 1
                if length == 0 {
                    offset = resumeAt ?? position
                    return DNSName(labels: labels)
                }
                guard position + length <= bytes.count else { throw truncated(in: part) }
                wireLength += 1 + length
                guard wireLength <= DNSName.maxWireLength else {
                    throw DNSParseError("\(part): a name is longer than 255 octets")
                }
                labels.append(Array(bytes[position..<position + length]))
                position += length
            case 0xC0:
                guard position + 1 < bytes.count else { throw truncated(in: part) }
                let target = (length & 0x3F) << 8 | Int(bytes[position + 1])
                pointers += 1
                guard target < segmentStart, pointers <= Self.maxCompressionPointers else {
                    throw DNSParseError(
                        "\(part): a compression pointer at byte \(position) points to byte \(target), not to an earlier name")
                }
                if resumeAt == nil { resumeAt = position + 2 }
                position = target
                segmentStart = target
            default:
                // 0x40 and 0x80: extended label types (RFC 6891 §5), unused in answers.
                throw DNSParseError("\(part): unknown label type at byte \(position)")
            }
        }
    }

    private func need(_ count: Int, in part: String) throws(DNSParseError) {
        guard count <= bytes.count - offset else { throw truncated(in: part) }
    }

    private func truncated(in part: String) -> DNSParseError {
        DNSParseError("the response ends early, in \(part) (\(bytes.count) bytes)")
    }
}
