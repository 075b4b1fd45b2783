internal import CResolv
internal import Glibc

/// Asks a DNS server for TXT records: the server given, or the system's resolvers
/// (/etc/resolv.conf). Each lookup sets up, uses and closes its own libresolv state, so a
/// resolver may be used from any number of threads at once.
///
/// A lookup blocks its thread for at most about `timeoutSeconds × attempts` per server
/// (per CNAME hop that needs a new query).
public struct DNSResolver: Sendable {
    /// The server asked, or `nil` for the system's resolver configuration.
    public var server: DNSServer?
    /// Seconds to wait for each try (glibc's `retrans`), at least 1.
    public var timeoutSeconds: Int
    /// Tries per server (glibc's `retry`), at least 1.
    public var attempts: Int

    /// How many CNAMEs a lookup follows, across responses, before giving up.
    public static let maxCNAMEHops = 8

    /// Responses over TCP carry a 16-bit length, so this holds any of them.
    private static let answerCapacity = 65_536

    public init(server: DNSServer? = nil, timeoutSeconds: Int = 2, attempts: Int = 2) {
        self.server = server
        self.timeoutSeconds = max(1, timeoutSeconds)
        self.attempts = max(1, attempts)
    }

    /// The server named in messages.
    var serverDescription: String {
        server?.description ?? "the system resolver (/etc/resolv.conf)"
    }

    /// TXT records of `name`: each record's character-strings joined without separator
    /// (RFC 6376 §3.6.2.2), CNAMEs followed (at most `maxCNAMEHops`), records in answer order.
    public func txtRecords(for name: String) throws(DNSError) -> [String] {
        let question = try DNSName(validating: name)
        var asked = question
        var cnameBudget = Self.maxCNAMEHops
        while true {
            let query = DNSQuery(id: UInt16.random(in: .min ... .max), name: asked, type: DNSMessage.typeTXT)
            let response = try exchange(query.bytes, reportedName: name)
            switch try DNSMessage.txtAnswer(
                from: response, question: asked, cnameBudget: &cnameBudget, reportedName: name)
            {
            case .records(let records):
                return records
            case .alias(let target):
                // The server gave the CNAME chain but not the target's records.
                asked = target
            }
        }
    }

    /// Sends `query` and returns the raw response.
    private func exchange(_ query: [UInt8], reportedName: String) throws(DNSError) -> [UInt8] {
        var answer = [UInt8](repeating: 0, count: Self.answerCapacity)
        var errorCode: Int32 = 0
        let length = query.withUnsafeBufferPointer { query in
            answer.withUnsafeMutableBufferPointer { answer in
                func send(_ host: UnsafePointer<CChar>?) -> Int32 {
                    eventsuggest_res_send(
                        query.baseAddress, Int32(query.count), host, server?.port ?? 53,
                        Int32(clamping: timeoutSeconds), Int32(clamping: attempts),
                        answer.baseAddress, Int32(answer.count), &errorCode)
                }
                return if let server { server.host.withCString(send) } else { send(nil) }
            }
        }
        guard length >= 0 else {
            if errorCode == ETIMEDOUT {
                throw .timeout(name: reportedName, server: serverDescription)
            }
            throw .unreachable(name: reportedName, server: serverDescription, reason: Self.reason(errno: errorCode))
        }
        return Array(answer.prefix(Int(length)))
    }

    /// A short text for the errno values a lookup can end with. (`strerror` is not
    /// thread-safe.)
    static func reason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused, no DNS server listening"
        case ENETUNREACH: "network unreachable"
        case EHOSTUNREACH: "host unreachable"
        case ESRCH: "no name servers configured"
        case EINVAL: "not an IPv4 address"
        case EMFILE, ENFILE: "too many open files"
        case ENOMEM: "out of memory"
        default: "system error \(code)"
        }
    }
}
