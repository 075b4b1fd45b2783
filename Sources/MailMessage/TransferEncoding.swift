/// Content-Transfer-Encoding (RFC 2045 §6).
public enum TransferEncoding: Sendable, Hashable {
    case sevenBit, eightBit, binary, quotedPrintable, base64
    /// A value this tool does not know; the body is taken as it is.
    case unknown(String)

    public init(headerValue: String) {
        switch headerValue.trimmingWhitespace.asciiLowercased {
        case "", "7bit": self = .sevenBit
        case "8bit": self = .eightBit
        case "binary": self = .binary
        case "quoted-printable": self = .quotedPrintable
        case "base64": self = .base64
        case let other: self = .unknown(other)
        }
    }
}
