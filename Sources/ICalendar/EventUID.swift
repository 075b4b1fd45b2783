import CryptoOpenSSL

/// Event identity, derived, never random: a name-based UUID (RFC 9562 §5.5, version 5)
/// of the signing domain, the reservation id and the part's own reference. The same
/// reservation part from any message gets the same UID; the UID does not reveal the
/// booking code.
public struct EventUID: Sendable, Hashable, CustomStringConvertible {
    public let value: String

    /// eventsuggest's namespace for reservation names (a fixed, random UUID).
    static let namespace: [UInt8] = [
        0x6B, 0x1E, 0x3A, 0x52, 0x0D, 0x4F, 0x4E, 0x7C, 0x9A, 0x35, 0x2C, 0x61, 0xE8, 0x0B, 0x97, 0x44,
    ]

    public init(domain: String, reservationID: String, itemReference: String) {
        let name = [domain.lowercased(), reservationID, itemReference].joined(separator: "\n")
        var digest = Digest(.sha1)
        digest.update(Self.namespace)
        digest.update(Array(name.utf8))
        var bytes = Array(digest.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50 // version 5
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 4122 variant
        let hex = bytes.hexString
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        value = parts.joined(separator: "-")
    }

    init(value: String) { self.value = value }

    public var description: String { value }

    /// The vdir file name: from a hash of the UID, never from message text.
    public var fileName: String { SHA256.hash(Array(value.utf8)).hexString.prefix(32) + ".ics" }

    /// A key naming the whole reservation (domain and id), stored in each of its events so a
    /// cancellation that names only the id finds every part. Hashed: no booking code in it.
    public static func reservationKey(domain: String, reservationID: String) -> String {
        SHA256.hash(Array((domain.lowercased() + "\n" + reservationID).utf8)).hexString.prefix(32).description
    }
}
