/// A DNS server to ask directly, instead of the servers in /etc/resolv.conf.
///
/// Only IPv4 address literals: glibc's resolver state holds a caller-chosen server as a
/// `sockaddr_in`; an IPv6 server would have to go through its private extension area.
public struct DNSServer: Sendable, Hashable, CustomStringConvertible {
    /// The server's IPv4 address in dotted-quad form, e.g. `127.0.0.1`.
    public private(set) var host: String
    /// The UDP and TCP port, 53 unless given.
    public private(set) var port: UInt16

    /// `nil` unless `host` is a dotted-quad IPv4 address and `port` is not 0.
    public init?(host: String, port: UInt16 = 53) {
        guard port != 0, let canonical = Self.canonicalIPv4(host) else { return nil }
        self.host = canonical
        self.port = port
    }

    /// Reads `127.0.0.1` or `127.0.0.1:5353` (the form of `--dns HOST[:PORT]`); `nil` for
    /// anything else: host names, IPv6, a port outside 1…65535, leading zeros.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var port: UInt16 = 53
        if parts.count == 2 {
            guard let given = Self.decimal(parts[1], max: 65_535) else { return nil }
            port = UInt16(given)
        }
        self.init(host: String(parts[0]), port: port)
    }

    /// `127.0.0.1:53`: the port is always written, so a message is never ambiguous.
    public var description: String { "\(host):\(port)" }

    /// The address with each octet in plain decimal, or `nil` when `text` is not one.
    private static func canonicalIPv4(_ text: String) -> String? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var values: [Int] = []
        for octet in octets {
            guard let value = decimal(octet, max: 255) else { return nil }
            values.append(value)
        }
        return values.map(String.init).joined(separator: ".")
    }

    /// A decimal number without sign or leading zeros, at most `max`.
    private static func decimal(_ text: Substring, max: Int) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.count <= String(max).count,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            digits.count == 1 || digits.first != UInt8(ascii: "0"),
            let value = Int(text), value <= max
        else { return nil }
        return value
    }
}
