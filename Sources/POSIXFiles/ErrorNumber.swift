#if canImport(Glibc)
import Glibc
#endif

/// An `errno` value and its text. The text comes from `strerror_r`, which writes into a
/// buffer of the caller's: `strerror` returns a buffer shared by every thread, and parallel
/// scan workers report errors at the same time.
public struct ErrorNumber: Sendable, Hashable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The current thread's `errno`.
    static var current: ErrorNumber { ErrorNumber(errno) }

    /// "No space left on device", as the C library words it.
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 256)
        // Glibc's XSI strerror_r: 0 on success, else an error number (the buffer then is unset).
        guard strerror_r(code, &buffer, buffer.count) == 0 else { return "error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
