import DNS

/// Keys from DNS TXT records, through the system resolver or a given server.
public struct DNSKeyResolver: DKIMKeyResolver {
    public let resolver: DNSResolver

    public init(resolver: DNSResolver) { self.resolver = resolver }

    public func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
        let name = Self.queryName(selector: selector, domain: domain)
        do {
            return .records(try resolver.txtRecords(for: name))
        } catch {
            return error.isTemporary ? .temporaryFailure("\(error)") : .notFound("\(error)")
        }
    }
}
