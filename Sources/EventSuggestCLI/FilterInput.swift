import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard input in filter mode, read in this one place (so the whole of `filter`'s input
/// could be routed through another I/O layer by changing only this file).
///
/// Memory: a message is held once, in one array of its size. When standard input is a
/// regular file (a test's `< file`, an MTA's spool file) its size is known and the array is
/// allocated once at that size. From a pipe (procmail, maildrop) the first `spillThreshold`
/// bytes are kept in memory and the rest set aside in an unlinked temporary file until the
/// end or the limit: at the end the array is allocated at the size now known. A message
/// over `message-bytes` is never held: its first bytes (and what was set aside) are written
/// out, the rest copied through in 64 KiB chunks.
enum FilterInput {
    enum Content {
        /// The whole message.
        case whole([UInt8])
        /// A message over the limit: its first bytes, then what was set aside (from a pipe);
        /// the rest is still on standard input.
        case overLimit(head: [UInt8], spill: SpillFile?)
    }

    /// From a pipe, bytes past this many go to a temporary file until the size is known.
    static let spillThreshold = 16 << 20

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
                return .overLimit(head: try readUpTo(min(headBytes, remaining), capacity: min(headBytes, remaining)), spill: nil)
            }
            let bytes = try readUpTo(limit + 1, capacity: max(remaining, 0))
            return bytes.count > limit ? .overLimit(head: bytes, spill: nil) : .whole(bytes)
        }
        return try readPipe(limit: limit, keeping: max(spillThreshold, headBytes))
    }

    /// A pipe: `keeping` bytes in memory, the rest in a temporary file until the end (then
    /// one array of the whole size) or the limit (then written out from where it is).
    private static func readPipe(limit: Int, keeping: Int) throws(ReadError) -> Content {
        let head = try readUpTo(min(limit + 1, keeping), capacity: 0)
        if head.count > limit { return .overLimit(head: head, spill: nil) }
        if head.count < keeping { return .whole(head) }
        // No temporary file to be had: hold the message in memory as before.
        guard let spill = SpillFile() else {
            let rest = try readUpTo(limit + 1 - head.count, capacity: 0)
            return head.count + rest.count > limit ? .overLimit(head: head + rest, spill: nil) : .whole(head + rest)
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            var failure: Int32 = 0
            let got = chunk.withUnsafeMutableBufferPointer { buffer in
                readOnce(into: buffer.baseAddress!, count: chunkSize, failure: &failure)
            }
            if got < 0 { throw ReadError(errorNumber: failure) }
            if got == 0 { break }
            try spill.append(chunk[0..<got])
            if head.count + spill.size > limit { return .overLimit(head: head, spill: spill) }
        }
        let total = head.count + spill.size
        var failure: Int32 = 0
        let whole = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            head.withUnsafeBufferPointer { buffer.baseAddress!.update(from: $0.baseAddress!, count: head.count) }
            initialized = head.count
            failure = spill.read(into: buffer.baseAddress! + head.count, count: spill.size)
            if failure == 0 { initialized = total }
        }
        if failure != 0 { throw ReadError(errorNumber: failure) }
        return .whole(whole)
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

/// Bytes set aside in an unlinked temporary file (no name once created, gone when closed) in
/// `$TMPDIR` or /tmp, written and read back in order.
final class SpillFile {
    let descriptor: Int32
    private(set) var size = 0

    init?() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        // mkstemp: O_EXCL, mode 0600; the name is removed at once.
        var template = Array((folder + "/.eventsuggest-filter.XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor < 0 { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    deinit { close(descriptor) }

    func append(_ bytes: ArraySlice<UInt8>) throws(FilterInput.ReadError) {
        var failure: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(size + offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw FilterInput.ReadError(errorNumber: failure) }
        size += bytes.count
    }

    /// Reads `count` bytes from the start into `pointer`; 0, or the errno.
    func read(into pointer: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
        var offset = 0
        while offset < count {
            let got = pread(descriptor, pointer + offset, count - offset, off_t(offset))
            if got < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if got == 0 { return EIO }
            offset += got
        }
        return 0
    }

    /// Everything set aside, in chunks, to `write`.
    func copy(_ write: ([UInt8]) -> Void) throws(FilterInput.ReadError) {
        var chunk = [UInt8](repeating: 0, count: FilterInput.chunkSize)
        var offset = 0
        while offset < size {
            let wanted = min(chunk.count, size - offset)
            let failure = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                var got = 0
                while got < wanted {
                    let count = pread(descriptor, buffer.baseAddress! + got, wanted - got, off_t(offset + got))
                    if count < 0 { if errno == EINTR { continue }; return errno }
                    if count == 0 { return EIO }
                    got += count
                }
                return 0
            }
            if failure != 0 { throw FilterInput.ReadError(errorNumber: failure) }
            write(Array(chunk[0..<wanted]))
            offset += wanted
        }
    }
}
