#if canImport(Glibc)
import Glibc
#endif

/// Buffered writing to standard output and standard error with write(2). Only the
/// executable writes; libraries return values.
final class StandardStreams {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Set once a write to standard output failed (EPIPE: the reader went away).
    private(set) var outputFailed = false

    init() {
        // A closed pipe should be an error from write(2), not a silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { flush() }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    func writeLine(_ text: String) { write(text + "\n") }

    /// Raw bytes, exactly (a message passed through).
    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes a line to standard error at once (after flushing what standard output holds).
    func error(_ text: String) {
        flush()
        Self.writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        if !outputFailed && !Self.writeAll(buffer, to: STDOUT_FILENO) { outputFailed = true }
        buffer.removeAll(keepingCapacity: true)
    }

    @discardableResult
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { pointer in
            var offset = 0
            while offset < pointer.count {
                let written = Glibc.write(descriptor, pointer.baseAddress! + offset, pointer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
