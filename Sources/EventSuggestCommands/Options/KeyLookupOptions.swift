import CommandLineOptions
import DKIM
import DNS

/// Where DKIM keys come from: a keys file, a DNS server of the user's choice, or the
/// system resolver.
struct KeyLookupOptions: OptionGroup {
    static let keys = OptionDeclaration.value(
        "keys", "FILE", "Take DKIM keys from FILE (lines 'selector._domainkey.domain TXT'), not from DNS.")
    static let dns = OptionDeclaration.value(
        "dns", "HOST[:PORT]", "Ask this DNS server (an IP address: 127.0.0.1:5353, [::1]:53) for DKIM keys instead of the system resolver.")
    static let dnsTimeout = OptionDeclaration.value(
        "dns-timeout", "SECONDS", "Seconds to wait for a DNS answer before the one retry (default 2).")
    static let options = [keys, dns, dnsTimeout]

    var keysFile: String?
    var server: DNSServer?
    var timeoutSeconds: Int

    init(parsing values: ParsedValues) throws(UsageError) {
        keysFile = values.string(Self.keys)
        if let text = values.string(Self.dns) {
            guard let parsed = DNSServer(parsing: text) else {
                throw values.invalid(Self.dns, text, wants: "an IP address with an optional port (127.0.0.1:5353, [::1]:53)")
            }
            server = parsed
        }
        if keysFile != nil && server != nil {
            throw UsageError(message: "use either --keys or --dns, not both", command: values.command)
        }
        timeoutSeconds = try values.integer(Self.dnsTimeout, in: 1...60) ?? 2
    }

    /// The key resolver asked for, with a per-run cache in front of it.
    func resolver() throws -> any DKIMKeyResolver {
        if let keysFile { return CachingKeyResolver(try KeysFileResolver(path: keysFile)) }
        return CachingKeyResolver(DNSKeyResolver(resolver: DNSResolver(server: server, timeoutSeconds: timeoutSeconds, attempts: 2)))
    }
}
