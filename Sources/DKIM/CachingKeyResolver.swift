
/// Remembers every answer for the run, so a mailbox scan asks once per selector.
/// Temporary failures are remembered too: within one run, asking again would only wait again.
public final class CachingKeyResolver: DKIMKeyResolver {
    private let underlying: any DKIMKeyResolver
    private let cache = Locked<[String: KeyLookupResult]>([:])

    public init(_ underlying: any DKIMKeyResolver) { self.underlying = underlying }

    public func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
        let name = Self.queryName(selector: selector, domain: domain).lowercased()
        if let cached = cache.withLock({ $0[name] }) { return cached }
        let answer = underlying.lookUpKey(selector: selector, domain: domain)
        cache.withLock { $0[name] = answer }
        return answer
    }

    /// How many distinct names have been looked up.
    public var lookupCount: Int { cache.withLock { $0.count } }
}
