/// A request that got no HTTP answer: the server could not be reached, TLS failed, the time
/// ran out. The URL is named without any user or password in it; credentials never appear.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Name resolution, connection refused, TLS handshake or certificate, timeout, reset.
        case unreachable
        /// The answer was larger than ``HTTPClient/Configuration/maxResponseBytes``.
        case responseTooLarge
        /// The client is not set up right (a credentials file that cannot be read, a URL libcurl refuses).
        case setup
    }

    public var kind: Kind
    /// The URL with any `user:password@` removed.
    public var url: String
    public var reason: String

    public init(kind: Kind, url: String, reason: String) {
        self.kind = kind
        self.url = HTTPError.redacted(url)
        self.reason = reason
    }

    /// The URL (or file) and the reason; a setup error that concerns no URL (libcurl missing) is its reason alone.
    public var description: String { url.isEmpty ? reason : "\(url): \(reason)" }

    /// `scheme://user:password@host/…` → `scheme://host/…`: what messages may name.
    public static func redacted(_ url: String) -> String {
        let bytes = Array(url.utf8)
        guard let colon = bytes.indices.first(where: { bytes[$0...].starts(with: Array("://".utf8)) }) else { return url }
        let authorityStart = colon + 3
        let authorityEnd = bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? bytes.endIndex
        guard let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) else { return url }
        let kept: [UInt8] = Array(bytes[..<authorityStart]) + Array(bytes[(at + 1)...])
        return String(decoding: kept, as: UTF8.self)
    }
}
