/// The bytes of a standard query (RFC 1035 §4.1): one question, recursion desired, no EDNS.
/// A TXT answer over 512 bytes comes back truncated and libresolv repeats it over TCP.
struct DNSQuery: Sendable, Equatable {
    var id: UInt16
    var name: DNSName
    var type: UInt16

    var bytes: [UInt8] {
        var bytes: [UInt8] = [
            UInt8(id >> 8), UInt8(id & 0xFF),
            0x01, 0x00,  // QR=0, OPCODE=QUERY, RD=1
            0x00, 0x01,  // QDCOUNT
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // ANCOUNT, NSCOUNT, ARCOUNT
        ]
        bytes += name.wireFormat
        bytes += [UInt8(type >> 8), UInt8(type & 0xFF), 0x00, UInt8(DNSMessage.classIN)]
        return bytes
    }
}
