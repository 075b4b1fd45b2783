/// A MIME media type with its parameters (RFC 2045 §5).
public struct ContentType: Sendable, Hashable {
    /// Lowercase top-level type (`text`, `multipart`).
    public var type: String
    /// Lowercase subtype (`html`, `alternative`).
    public var subtype: String
    /// Parameters by lowercase name, RFC 2231 assembled and decoded.
    public var parameters: [String: String]

    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
    }

    /// `type/subtype`.
    public var mimeType: String { type + "/" + subtype }
    public var isMultipart: Bool { type == "multipart" }
    public var isText: Bool { type == "text" }
    /// The `charset` parameter in lowercase, if given.
    public var charset: String? { parameters["charset"].map { $0.asciiLowercased } }
    public var boundary: String? { parameters["boundary"] }

    /// RFC 2045 §5.2: the default for a part without Content-Type.
    public static let textPlain = ContentType(type: "text", subtype: "plain", parameters: [:])
    /// RFC 2046 §5.1.5: the default inside multipart/digest.
    public static let messageRFC822 = ContentType(type: "message", subtype: "rfc822", parameters: [:])

    /// Parses a Content-Type value; nil when it is not `token/token`.
    public init?(headerValue: [UInt8]) {
        let parsed = ParameterizedValue.parse(headerValue)
        let pieces = parsed.value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return nil }
        let type = pieces[0].trimmingWhitespace
        let subtype = pieces[1].trimmingWhitespace
        guard Self.isToken(type), Self.isToken(subtype) else { return nil }
        self.init(type: type, subtype: subtype, parameters: parsed.parameters)
    }

    /// RFC 2045 §5.1 token: printable ASCII except space and tspecials.
    private static func isToken(_ text: String) -> Bool {
        // On the bytes: a scalar outside ASCII is no token character, nor is any byte of it.
        !text.isEmpty && text.utf8.allSatisfy { byte in
            byte > 32 && byte < 127 && !"()<>@,;:\\\"/[]?=".utf8.contains(byte)
        }
    }
}
