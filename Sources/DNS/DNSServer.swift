internal import CResolv

/// A DNS server to ask directly, instead of the servers in /etc/resolv.conf: an IPv4 or
/// IPv6 address literal (no host name: which server would resolve it?).
public struct DNSServer: Sendable, Hashable, CustomStringConvertible {
    /// The server's address: IPv4 in dotted-quad form (`127.0.0.1`), IPv6 in its RFC 5952
    /// form without brackets (`::1`).
    public private(set) var host: String
    /// The UDP and TCP port, 53 unless given.
    public private(set) var port: UInt16

    /// `nil` unless `host` is an IPv4 or IPv6 address and `port` is not 0.
    public init?(host: String, port: UInt16 = 53) {
        guard port != 0, let canonical = Self.canonicalIPv4(host) ?? Self.canonicalIPv6(host) else { return nil }
        self.host = canonical
        self.port = port
    }

    /// Reads `127.0.0.1`, `127.0.0.1:5353`, `::1`, `[::1]` or `[::1]:5353` (the form of
    /// `--dns HOST[:PORT]`; an IPv6 address with a port goes in brackets, RFC 3986 §3.2.2);
    /// `nil` for anything else: host names, a port outside 1…65535, leading zeros.
    public init?(parsing text: String) {
        var host = Substring(text)
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1 {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            portText = parts[1]
        }
        var port: UInt16 = 53
        if let portText {
            guard let given = Self.decimal(portText, max: 65_535) else { return nil }
            port = UInt16(given)
        }
        // A bracketed host must be IPv6; a bare one with colons is IPv6 without a port.
        if text.hasPrefix("[") && Self.canonicalIPv6(String(host)) == nil { return nil }
        self.init(host: String(host), port: port)
    }

    /// Whether the address is IPv6.
    public var isIPv6: Bool { host.contains(":") }

    /// `127.0.0.1:53`, `[::1]:53`: the port is always written, so a message is never ambiguous.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The RFC 5952 text of an IPv6 address, or `nil` when `text` is not one.
    private static func canonicalIPv6(_ text: String) -> String? {
        guard text.contains(":") else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        let status = buffer.withUnsafeMutableBufferPointer { output in
            text.withCString { eventsuggest_canonical_ipv6($0, output.baseAddress, Int32(output.count)) }
        }
        guard status == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

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
