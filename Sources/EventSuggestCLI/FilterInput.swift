#if canImport(Glibc)
import Glibc
#endif

/// Standard input in filter mode, read in this one place (so the whole of `filter`'s input
/// could be routed through another I/O layer by changing only this file).
///
/// Memory: a message is held once, in one array. When standard input is a regular file
/// (procmail's `-f` from a spool file, a test's `< file`) its size is known and the array is
/// allocated once at that size; a pipe grows one array. A message over `message-bytes` is
/// not held: on a regular file only its first `headBytes` are read; from a pipe, what was
/// read until the limit was passed. The rest is copied through in 64 KiB chunks.
enum FilterInput {
    enum Content {
        /// The whole message.
        case whole([UInt8])
        /// A message over the limit: its first bytes; the rest is still on standard input.
        case overLimit(head: [UInt8])
    }

    /// Standard input could not be read: the message cannot be delivered whole.
    struct ReadError: Error, CustomStringConvertible {
        let errorNumber: Int32
        var description: String { "standard input: cannot read the message: \(String(cString: strerror(errorNumber)))" }
    }

    static let chunkSize = 1 << 16

    static func read(limit: Int, headBytes: Int) throws(ReadError) -> Content {
        var status = stat()
        if fstat(STDIN_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            let position = lseek(STDIN_FILENO, 0, SEEK_CUR)
            let remaining = Int(status.st_size) - Int(max(0, position))
            if remaining > limit {
                return .overLimit(head: try readUpTo(min(headBytes, remaining), capacity: min(headBytes, remaining)))
            }
            let bytes = try readUpTo(limit + 1, capacity: max(remaining, 0))
            return bytes.count > limit ? .overLimit(head: bytes) : .whole(bytes)
        }
        let bytes = try readUpTo(limit + 1, capacity: 0)
        return bytes.count > limit ? .overLimit(head: bytes) : .whole(bytes)
    }

    /// Up to `count` bytes (fewer at end of input). With a known size (`capacity`, a regular
    /// file) the array is allocated once at that size and read into directly; from a pipe it
    /// grows by chunks.
    private static func readUpTo(_ count: Int, capacity: Int) throws(ReadError) -> [UInt8] {
        var failure: Int32 = 0
        let first = min(count, capacity)
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            initialized = 0
            while initialized < first {
                let got = readOnce(into: buffer.baseAddress! + initialized, count: first - initialized, failure: &failure)
                if got <= 0 { break }
                initialized += got
            }
        }
        if failure != 0 { throw ReadError(errorNumber: failure) }
        if first > 0 && bytes.count < first { return bytes }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while bytes.count < count {
            let wanted = min(chunkSize, count - bytes.count)
            let got = chunk.withUnsafeMutableBufferPointer { buffer in
                readOnce(into: buffer.baseAddress!, count: wanted, failure: &failure)
            }
            if got < 0 { throw ReadError(errorNumber: failure) }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    /// Copies what is left on standard input to `write`, in chunks.
    static func copyRest(_ write: ([UInt8]) -> Void) throws(ReadError) {
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            var failure: Int32 = 0
            let got = chunk.withUnsafeMutableBufferPointer { buffer in
                readOnce(into: buffer.baseAddress!, count: chunkSize, failure: &failure)
            }
            if got < 0 { throw ReadError(errorNumber: failure) }
            if got == 0 { return }
            write(Array(chunk[0..<got]))
        }
    }

    /// One read(2), retried on EINTR: the count, 0 at end of input, -1 with `failure` set.
    private static func readOnce(into pointer: UnsafeMutablePointer<UInt8>, count: Int, failure: inout Int32) -> Int {
        while true {
            let got = Glibc.read(STDIN_FILENO, pointer, count)
            if got >= 0 { return got }
            if errno == EINTR { continue }
            failure = errno
            return -1
        }
    }
}
