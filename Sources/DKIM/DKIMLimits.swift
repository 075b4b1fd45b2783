/// Bounds on the work one message may cause.
public struct DKIMLimits: Sendable, Hashable {
    /// Signatures evaluated per message; later ones are reported `neutral`.
    public var maxSignatures: Int
    /// Key lookups per message; signatures past the budget are reported `neutral`.
    public var maxKeyLookups: Int
    /// The largest RSA modulus accepted; a larger key is a `permerror` (verification cost grows with it).
    public var maxRSABits: Int
    /// The smallest RSA modulus that can pass; a smaller one is `policy` (RFC 8301 §3.2).
    public var minRSABits: Int

    public init(maxSignatures: Int = 5, maxKeyLookups: Int = 5, maxRSABits: Int = 8192, minRSABits: Int = 1024) {
        self.maxSignatures = maxSignatures
        self.maxKeyLookups = maxKeyLookups
        self.maxRSABits = maxRSABits
        self.minRSABits = minRSABits
    }

    public static let `default` = DKIMLimits()
}
