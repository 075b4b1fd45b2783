internal import COpenSSL

/// A key or signature operation OpenSSL refused, with OpenSSL's own reason.
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    public let operation: String
    public let reason: String

    public var description: String { reason.isEmpty ? operation : "\(operation): \(reason)" }

    /// Builds the error from OpenSSL's error queue and clears the queue.
    static func fromQueue(_ operation: String) -> CryptoError {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            reasons.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return CryptoError(operation: operation, reason: reasons.joined(separator: "; "))
    }

    /// Clears OpenSSL's error queue after an expected failure (a signature that does not verify).
    static func clearQueue() { ERR_clear_error() }
}
