/// A domain name as a list of labels (the root label left out), compared without regard to
/// ASCII case (RFC 4343 §3).
struct DNSName: Hashable, Sendable, CustomStringConvertible {
    /// RFC 1035 §2.3.4: 63 octets per label, 255 octets of wire format in all.
    static let maxLabelLength = 63
    static let maxWireLength = 255

    /// The labels, most specific first, exactly as read (case kept).
    let labels: [[UInt8]]

    init(labels: [[UInt8]]) {
        self.labels = labels
    }

    /// Reads a name typed by a user or taken from a DKIM signature (`sel._domainkey.example.com`,
    /// with or without the final dot).
    ///
    /// Printable ASCII only and no backslash: the name goes into the query as it is, and a
    /// backslash would mean an escape in the text form other tools use. Internationalised
    /// names must already be in A-label form (`xn--…`), as DKIM requires (RFC 6376 §3.5).
    init(validating text: String) throws(DNSError) {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !bytes.isEmpty,
            labels.allSatisfy({ label in
                (1...Self.maxLabelLength).contains(label.count)
                    && label.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }
            })
        else { throw .invalidName(name: text) }
        let name = DNSName(labels: labels.map(Array.init))
        guard name.wireLength <= Self.maxWireLength else { throw .invalidName(name: text) }
        self = name
    }

    /// Octets of the uncompressed wire form, root label included.
    var wireLength: Int { labels.reduce(1) { $0 + 1 + $1.count } }

    /// RFC 1035 §3.1: each label as length + octets, then the zero-length root label.
    var wireFormat: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(wireLength)
        for label in labels {
            bytes.append(UInt8(label.count))
            bytes += label
        }
        bytes.append(0)
        return bytes
    }

    /// Text form: labels joined by dots; a dot, backslash or octet outside printable ASCII
    /// inside a label escaped as `\.`, `\\` or `\DDD` (RFC 4343 §2.1). `.` for the root.
    var description: String {
        guard !labels.isEmpty else { return "." }
        return labels.map { label in
            var text = ""
            for byte in label {
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "\\"):
                    text += "\\" + String(UnicodeScalar(byte))
                case 0x21...0x7E:
                    text.unicodeScalars.append(UnicodeScalar(byte))
                default:
                    let digits = String(byte)
                    text += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                }
            }
            return text
        }.joined(separator: ".")
    }

    static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labels.count == rhs.labels.count
            && zip(lhs.labels, rhs.labels).allSatisfy { left, right in
                left.count == right.count
                    && zip(left, right).allSatisfy { lowercased($0) == lowercased($1) }
            }
    }

    func hash(into hasher: inout Hasher) {
        for label in labels {
            hasher.combine(label.count)
            for byte in label { hasher.combine(Self.lowercased(byte)) }
        }
    }

    /// ASCII case folding only; other octets are compared as they are (RFC 4343 §3).
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
