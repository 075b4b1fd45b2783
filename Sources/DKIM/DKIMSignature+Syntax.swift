/// The grammar rules of RFC 6376 §3.5 that the `d=`, `s=` and `i=` values must meet before a
/// verifier builds a DNS name from them or compares them with the From domain.
extension DKIMSignature {
    /// RFC 6376 §3.5 `sig-d-tag = domain-name`, `domain-name = sub-domain 1*("." sub-domain)`
    /// (RFC 5321 §4.1.2: `sub-domain = Let-dig [Ldh-str]`). Internationalized names are
    /// written as A-labels (RFC 6376 §3.5, RFC 5890 §2.3.2.1), so the rule is pure ASCII: a
    /// value such as `legitimate.com(.attacker.com` names no domain and must not be looked up.
    static func isDomainName(_ text: String) -> Bool {
        let labels = text.utf8.split(separator: 0x2E, omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy(isSubDomain)
    }

    /// RFC 6376 §3.5 `sig-s-tag = selector`, `selector = sub-domain *("." sub-domain)`.
    static func isSelector(_ text: String) -> Bool {
        text.utf8.split(separator: 0x2E, omittingEmptySubsequences: false).allSatisfy(isSubDomain)
    }

    /// RFC 5321 §4.1.2 `sub-domain = Let-dig [Ldh-str]`, `Ldh-str = *( ALPHA / DIGIT / "-" ) Let-dig`:
    /// letters, digits and inner hyphens, 63 octets at most (RFC 1035 §2.3.4).
    private static func isSubDomain(_ label: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
        return isLetterOrDigit(first) && isLetterOrDigit(last) && label.allSatisfy { isLetterOrDigit($0) || $0 == 0x2D }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// RFC 6376 §2.11 dkim-quoted-printable, the encoding of `i=` (§3.5): `=XX` is the octet
    /// XX (uppercase hex, as in RFC 2045 §6.7), folding whitespace is dropped, every other
    /// octet stands for itself. Nil when an `=` is not followed by two hex digits.
    static func decodeDKIMQuotedPrintable(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0A:  // FWS carries no data (§2.11)
                index += 1
            case 0x3D:  // "="
                guard index + 2 < bytes.endIndex,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            default:
                decoded.append(byte)
                index += 1
            }
        }
        return decoded
    }

    /// RFC 2045 §6.7 hex-octet digits. QUIRK: lowercase hex is accepted too (`=2e`); RFC 2045
    /// only asks encoders for uppercase, and a robust decoder may take either.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
