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

    /// Reads up to `count` bytes into `pointer`; returns how many were read (0 at end of file).
    /// (Not `read(into:count:)`: `&array` would convert to the pointer and pick this one.)
    func read(upTo count: Int, into pointer: UnsafeMutableRawPointer) throws(MailboxError) -> Int {
        while true {
            let result = Glibc.read(descriptor, pointer, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw Self.error(path: path, errno: errno)
        }
    }

    /// Appends up to `count` bytes to `buffer`; returns how many were read (0 at end of file).
    func read(into buffer: inout [UInt8], count: Int) throws(MailboxError) -> Int {
        var failure: MailboxError?
        // Read into a fresh chunk and append it: one memcpy, rather than growing the buffer
        // element by element (which a 50 MB header line makes slow).
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { pointer, initialized in
            do throws(MailboxError) {
                initialized = try read(upTo: count, into: UnsafeMutableRawPointer(pointer.baseAddress!))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        buffer.append(contentsOf: chunk)
        return chunk.count
    }

    /// Reads to the end, but stops and reports once more than `limit` bytes have come.
    ///
    /// A regular file is read straight into an array of its size (one allocation, no copy);
    /// what it holds beyond that size (it grew) and any other kind of file come in chunks.
    func readAll(limit: Int) throws(MailboxError) -> (bytes: [UInt8], exceededLimit: Bool) {
        var status = stat()
        let isRegularFile = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        // A file already larger than the limit is not read at all (no writer waits on it).
        if isRegularFile && Int(status.st_size) > limit { return ([], true) }
        // One byte more than the size, so that a read of 0 is what ends the first pass.
        let first = isRegularFile ? min(Int(status.st_size), limit) + 1 : 1 << 16
        var atEnd = false
        var failure: MailboxError?
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { pointer, initialized in
            initialized = 0
            while initialized < first {
                let read: Int
                do throws(MailboxError) {
                    read = try self.read(upTo: first - initialized,
                                         into: UnsafeMutableRawPointer(pointer.baseAddress! + initialized))
                } catch {
                    failure = error
                    return
                }
                if read == 0 { atEnd = true; return }
                initialized += read
            }
        }
        if let failure { throw failure }
        while !atEnd && bytes.count <= limit {
            if try read(into: &bytes, count: 1 << 16) == 0 { atEnd = true }
        }
        if bytes.count > limit {
            // Drain the rest so a pipe writer is not left blocked, holding nothing.
            var scratch: [UInt8] = []
            while try read(into: &scratch, count: 1 << 16) > 0 { scratch.removeAll(keepingCapacity: true) }
            return ([], true)
        }
        return (bytes, false)
    }

    static func error(path: String, errno code: Int32) -> MailboxError {
        if code == ENOENT { return .notFound(path: path) }
        return .unreadable(path: path, reason: String(cString: strerror(code)))
    }
}
