/// The budget a message is parsed within. Hostile mail meets these limits; each
/// one hit becomes a finding naming it (`FindingCode`), and parsing goes on with
/// what fits.
public struct ParseLimits: Sendable, Hashable {
    /// Bytes of one header block (the message's, or one MIME part's), folded lines included.
    public var maxHeaderBytes: Int
    /// Header fields kept per header block.
    public var maxHeaderFields: Int
    /// Nesting depth of multiparts; a deeper multipart is kept as a leaf.
    public var maxMIMEDepth: Int
    /// MIME entities in the whole tree, the root included.
    public var maxParts: Int
    /// Bytes one part may decode to (after base64 / quoted-printable).
    public var maxDecodedBytes: Int

    public init(
        maxHeaderBytes: Int = 1 << 20,
        maxHeaderFields: Int = 1_000,
        maxMIMEDepth: Int = 32,
        maxParts: Int = 1_000,
        maxDecodedBytes: Int = 64 << 20
    ) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxMIMEDepth = maxMIMEDepth
        self.maxParts = maxParts
        self.maxDecodedBytes = maxDecodedBytes
    }

    public static let `default` = ParseLimits()
}
