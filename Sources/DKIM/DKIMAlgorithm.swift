import CryptoOpenSSL

/// The signing algorithms of RFC 6376 §3.3 and RFC 8463.
public enum DKIMAlgorithm: String, Sendable, Hashable, CaseIterable {
    case rsaSHA256 = "rsa-sha256"
    /// Verified, but never a pass (RFC 8301 §3.1): reported as `policy`.
    case rsaSHA1 = "rsa-sha1"
    case ed25519SHA256 = "ed25519-sha256"

    public var digest: DigestAlgorithm { self == .rsaSHA1 ? .sha1 : .sha256 }
    public var keyKind: PublicKey.Kind { self == .ed25519SHA256 ? .ed25519 : .rsa }
    /// The hash name as key records list it in `h=`.
    var hashName: String { self == .rsaSHA1 ? "sha1" : "sha256" }
}

/// Header and body canonicalization (RFC 6376 §3.4).
public enum Canonicalization: String, Sendable, Hashable {
    case simple, relaxed
}
