/// Why a DNS lookup gave no records. DKIM maps `isTemporary` errors to `temperror` and the
/// others to `permerror` (RFC 6376 §6.1.2).
public enum DNSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// NXDOMAIN: the name (or the end of its CNAME chain) does not exist.
    case nameNotFound(name: String)
    /// NOERROR without records: the name exists but has no TXT record.
    case noRecords(name: String)
    /// The server answered with an error rcode: SERVFAIL (2), REFUSED (5), FORMERR (1), …
    case serverFailure(name: String, code: Int)
    /// No answer from `server` within the timeout, after every attempt.
    case timeout(name: String, server: String)
    /// The server could not be reached at all: connection refused, no route, no sockets.
    case unreachable(name: String, server: String, reason: String)
    /// The response did not answer the question, or its CNAME chain was longer than the
    /// resolver follows: asking again will not help.
    case malformedResponse(name: String, reason: String)
    /// The response could not be parsed, or was still truncated after libresolv's TCP retry:
    /// it says nothing about the name (a corrupt packet); ask again later.
    case unreadableResponse(name: String, reason: String)
    /// `name` cannot be asked for: empty label, label over 63 octets, name over 253, or a
    /// character outside printable ASCII.
    case invalidName(name: String)

    /// True when asking again later may succeed: DKIM's `temperror`.
    public var isTemporary: Bool {
        switch self {
        case .timeout, .serverFailure, .unreachable, .unreadableResponse: true
        case .nameNotFound, .noRecords, .malformedResponse, .invalidName: false
        }
    }

    public var description: String {
        switch self {
        case .nameNotFound(let name):
            "DNS name \(name) does not exist (NXDOMAIN)"
        case .noRecords(let name):
            "DNS name \(name) exists but has no TXT record"
        case .serverFailure(let name, let code):
            "DNS server failure for \(name): \(Self.rcodeName(code)); try again later, or check the server's configuration"
        case .timeout(let name, let server):
            "no DNS answer for \(name) from \(server) in time; check that the server is up and reachable"
        case .unreachable(let name, let server, let reason):
            "cannot ask \(server) for \(name): \(reason); check the DNS server address"
        case .malformedResponse(let name, let reason):
            "unusable DNS response for \(name): \(reason)"
        case .unreadableResponse(let name, let reason):
            "unreadable DNS response for \(name): \(reason); try again later"
        case .invalidName(let name):
            "\"\(name)\" is not a DNS name that can be looked up (labels of 1 to 63 printable ASCII characters, at most 253 in all)"
        }
    }

    /// RFC 1035 §4.1.1 and RFC 6895 §2.3 names for the common rcodes.
    static func rcodeName(_ code: Int) -> String {
        switch code {
        case 1: "FORMERR (rcode 1)"
        case 2: "SERVFAIL (rcode 2)"
        case 3: "NXDOMAIN (rcode 3)"
        case 4: "NOTIMP (rcode 4)"
        case 5: "REFUSED (rcode 5)"
        default: "rcode \(code)"
        }
    }
}
