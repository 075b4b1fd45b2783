import DKIM
import DNS
import Foundation
import SchemaMarkup

/// Options several commands share, parsed once and turned into the injected parts
/// (key lookup, clock) the libraries take.
enum CommonOptions {
    static let keyLookup: [OptionSpec] = [
        .value("keys", "FILE", "Take DKIM keys from FILE (lines 'selector._domainkey.domain TXT'), not from DNS."),
        .value("dns", "HOST[:PORT]", "Ask this DNS server for DKIM keys instead of the system resolver."),
        .value("dns-timeout", "SECONDS", "Seconds to wait for a DNS answer before the one retry (default 2)."),
    ]
    static let clock: [OptionSpec] = [
        .value("now", "ISO8601", "The current time for expiry checks (e.g. 2020-06-26T10:00:00Z), for tests and replays."),
    ]

    /// The key resolver the options ask for, with a per-run cache in front of it.
    static func keyResolver(_ arguments: ParsedArguments, command: String) throws -> any DKIMKeyResolver {
        if arguments.value("keys") != nil && arguments.value("dns") != nil {
            throw UsageError(message: "use either --keys or --dns, not both", command: command)
        }
        if let path = arguments.value("keys") {
            return CachingKeyResolver(try KeysFileResolver(path: path))
        }
        var server: DNSServer?
        if let text = arguments.value("dns") {
            guard let parsed = DNSServer(parsing: text) else {
                throw UsageError(message: "--dns wants an IP address with an optional port (127.0.0.1:5353, [::1]:53), "
                    + "not '\(text)'", command: command)
            }
            server = parsed
        }
        var timeout = 2
        if let text = arguments.value("dns-timeout") {
            guard let seconds = Int(text), (1...60).contains(seconds) else {
                throw UsageError(message: "--dns-timeout wants whole seconds from 1 to 60, not '\(text)'", command: command)
            }
            timeout = seconds
        }
        return CachingKeyResolver(DNSKeyResolver(resolver: DNSResolver(server: server, timeoutSeconds: timeout, attempts: 2)))
    }

    /// `--now`, else the system clock: seconds since 1970.
    static func now(_ arguments: ParsedArguments, command: String) throws(UsageError) -> Int64 {
        guard let text = arguments.value("now") else { return Int64(Date().timeIntervalSince1970) }
        guard let seconds = parseTimestamp(text) else {
            throw UsageError(message: "--now wants an ISO 8601 time with a zone (2020-06-26T10:00:00Z or "
                + "2020-06-26T10:00:00-07:00), not '\(text)'", command: command)
        }
        return seconds
    }

    /// Seconds since 1970 for an ISO 8601 date and time with a zone (fraction dropped).
    /// Our own parser, not Foundation's ISO8601DateFormatter: that one loads ICU, which was
    /// an eighth of a filter process's time.
    static func parseTimestamp(_ text: String) -> Int64? {
        guard let value = DateTimeValue(parsing: text), value.hasOffset, let instant = value.instant else { return nil }
        return Int64(instant.rounded(.down))
    }
}
