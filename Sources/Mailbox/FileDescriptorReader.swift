#if canImport(Glibc)
import Glibc
#endif

/// Reads a file (or standard input) in chunks with read(2); owns the descriptor.
final class FileDescriptorReader {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    let path: String

    /// Opens `path` for reading; `-` is standard input.
    init(path: String) throws(MailboxError) {
        self.path = path
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw Self.error(path: path, errno: errno) }
        descriptor = opened
        ownsDescriptor = true
    }

    deinit { if ownsDescriptor { close(descriptor) } }

    /// Appends up to `count` bytes to `buffer`; returns how many were read (0 at end of file).
    func read(into buffer: inout [UInt8], count: Int) throws(MailboxError) -> Int {
        var failure: Int32?
        // Read into a fresh chunk and append it: one memcpy, rather than growing the buffer
        // element by element (which a 50 MB header line makes slow).
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { pointer, initialized in
            while true {
                let result = Glibc.read(descriptor, pointer.baseAddress, count)
                if result >= 0 {
                    initialized = result
                    return
                }
                if errno == EINTR { continue }
                failure = errno
                initialized = 0
                return
            }
        }
        if let failure { throw Self.error(path: path, errno: failure) }
        buffer.append(contentsOf: chunk)
        return chunk.count
    }

    /// Reads to the end, but stops and reports once more than `limit` bytes have come.
    func readAll(limit: Int) throws(MailboxError) -> (bytes: [UInt8], exceededLimit: Bool) {
        var bytes: [UInt8] = []
        while try read(into: &bytes, count: 1 << 16) > 0 {
            if bytes.count > limit {
                // Drain the rest so a pipe writer is not left blocked, holding nothing.
                var scratch: [UInt8] = []
                while try read(into: &scratch, count: 1 << 16) > 0 { scratch.removeAll(keepingCapacity: true) }
                return ([], true)
            }
        }
        return (bytes, false)
    }

    static func error(path: String, errno code: Int32) -> MailboxError {
        if code == ENOENT { return .notFound(path: path) }
        return .unreadable(path: path, reason: String(cString: strerror(code)))
    }
}
