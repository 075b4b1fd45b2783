#if canImport(Glibc)
import Glibc
#endif
import POSIXFiles

/// Buffered writing to standard output and standard error with write(2). Only the
/// executable writes; libraries return values.
public final class StandardStreams {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Set once a write to standard output failed (EPIPE: the reader went away).
    public private(set) var outputFailed = false
    private let standardOutput = FileDescriptor.standardOutput()
    private let standardError = FileDescriptor.standardError()

    public init() {
        // A closed pipe should be an error from write(2), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { flush() }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    public func writeLine(_ text: String) { write(text + "\n") }

    /// Raw bytes, exactly (a message passed through).
    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes a line to standard error at once (after flushing what standard output holds).
    public func error(_ text: String) {
        errorWithoutNewline(text + "\n")
    }

    /// Writes `text` to standard error as it is (a progress line that `\r` rewrites).
    /// A failed write to standard error is dropped: there is nowhere left to say it.
    public func errorWithoutNewline(_ text: String) {
        flush()
        Self.writeAll(Array(text.utf8), to: standardError)
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        if !outputFailed && !Self.writeAll(buffer, to: standardOutput) { outputFailed = true }
        buffer.removeAll(keepingCapacity: true)
    }

    @discardableResult
    private static func writeAll(_ bytes: [UInt8], to descriptor: FileDescriptor) -> Bool {
        (try? descriptor.write(bytes)) != nil
    }
}
