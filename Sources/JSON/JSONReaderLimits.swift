/// The budget a ``LenientJSONReader`` gives one JSON text (STYLE habit 7: hostile input
/// meets limits). Going over a limit is a ``JSONReadError``, never a crash or a hang.
public struct JSONReaderLimits: Sendable, Hashable {
    /// The deepest nesting of arrays and objects allowed; a top-level `[]` is depth 1.
    /// Values above ``depthCeiling`` act as ``depthCeiling``.
    public var maxDepth = 64
    /// The largest text, in UTF-8 bytes, that is read at all.
    public var maxBytes = 4 << 20

    /// The deepest nesting any reader accepts, whatever ``maxDepth`` says. The parser
    /// itself does not recurse, but releasing, comparing and hashing a `JSONValue` tree
    /// does, one stack frame per level; this keeps that bounded.
    public static let depthCeiling = 512

    public init(maxDepth: Int = 64, maxBytes: Int = 4 << 20) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// The depth limit actually applied.
    var effectiveMaxDepth: Int { min(max(maxDepth, 0), Self.depthCeiling) }
}
