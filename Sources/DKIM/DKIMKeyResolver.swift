/// What a key lookup found: the TXT records of `selector._domainkey.domain`, or why not.
public enum KeyLookupResult: Sendable, Equatable {
    case records([String])
    /// NXDOMAIN or no TXT record: a `permerror (no key)`.
    case notFound(String)
    /// A timeout or a server failure: a `temperror`, worth retrying later.
    case temporaryFailure(String)
}

/// Where DKIM keys come from: DNS, a keys file, a table in tests. Injected, so tests
/// and CI never touch the internet.
public protocol DKIMKeyResolver: Sendable {
    func lookUpKey(selector: String, domain: String) -> KeyLookupResult
}

extension DKIMKeyResolver {
    static func queryName(selector: String, domain: String) -> String {
        "\(selector)._domainkey.\(domain)"
    }
}

/// A fixed table of key records, by `selector._domainkey.domain` (lowercase).
public struct StaticKeyResolver: DKIMKeyResolver {
    public var records: [String: [String]]

    public init(records: [String: [String]]) {
        self.records = Dictionary(records.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: +)
    }

    public func lookUpKey(selector: String, domain: String) -> KeyLookupResult {
        let name = Self.queryName(selector: selector, domain: domain).lowercased()
        guard let found = records[name], !found.isEmpty else { return .notFound("no key record at \(name)") }
        return .records(found)
    }
}
