import CryptoOpenSSL

/// A DKIM public key record from DNS (RFC 6376 §3.6.1, RFC 8463 §4).
public struct DKIMKeyRecord: Sendable {
    public var key: PublicKey
    /// `h=`: the hash algorithms the key may be used with; nil allows all.
    public var acceptableHashes: [String]?
    /// `t=y`: the domain is testing DKIM; results should not be acted on harshly.
    public var isTesting: Bool
    /// `t=s`: `i=` must be in exactly `d=`, not a subdomain.
    public var isStrict: Bool

    /// Why a record cannot be used; `revoked` for an empty `p=`.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case malformed(String)
        case revoked
        case wrongVersion(String)
        case unsupportedKeyType(String)
        case notForEmail(String)
        case badKey(String)

        public var description: String {
            switch self {
            case .malformed(let reason): "key record is malformed: \(reason)"
            case .revoked: "key revoked (the record's p= is empty)"
            case .wrongVersion(let version): "key record has v=\(version), not DKIM1"
            case .unsupportedKeyType(let type): "key type k=\(type) is not supported (rsa, ed25519)"
            case .notForEmail(let services): "key is not for e-mail (s=\(services))"
            case .badKey(let reason): "p= does not hold a usable key: \(reason)"
            }
        }
    }

    public init(parsing text: String) throws(Problem) {
        let tags: TagList
        do {
            tags = try TagList(parsing: Array(text.utf8))
        } catch {
            throw .malformed("\(error)")
        }
        if let version = tags["v"], version != "DKIM1" { throw .wrongVersion(version) }
        let keyType = (tags["k"] ?? "rsa").lowercased()
        guard tags.contains("p") else { throw .malformed("no p= tag") }
        let services = Self.list(tags, "s") ?? ["*"]
        guard services.contains("*") || services.contains("email") else { throw .notForEmail(tags["s"] ?? "") }
        let keyBytes = tags.compactValue("p") ?? []
        guard !keyBytes.isEmpty else { throw .revoked }
        guard let der = DKIMSignature.strictBase64(keyBytes) else { throw .badKey("p= is not valid base64") }
        switch keyType {
        case "rsa":
            do { key = try PublicKey(rsaDER: der) } catch { throw .badKey(error.description) }
        case "ed25519":
            do { key = try PublicKey(ed25519Raw: der) } catch { throw .badKey(error.description) }
        default:
            throw .unsupportedKeyType(keyType)
        }
        acceptableHashes = Self.list(tags, "h")
        let flags = Self.list(tags, "t") ?? []
        isTesting = flags.contains("y")
        isStrict = flags.contains("s")
    }

    /// A colon-separated tag value (s=, h=, t=), whitespace removed, lowercased.
    private static func list(_ tags: TagList, _ name: String) -> [String]? {
        tags.compactValue(name).map { String(decoding: $0, as: UTF8.self).lowercased().split(separator: ":").map(String.init) }
    }
}
