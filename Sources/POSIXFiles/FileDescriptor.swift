#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor, closed when the value goes away. Every read and write goes
/// through the one EINTR loop, and every failure is a ``FileError`` naming the path.
///
/// Not `Sendable`: one descriptor belongs to one thread at a time.
public final class FileDescriptor {
    public let descriptor: Int32
    /// The path it was opened as ("standard input" for standard input), for error messages.
    public let path: String
    private let ownsDescriptor: Bool
    private var isOpen = true

    private init(descriptor: Int32, path: String, owns: Bool) {
        self.descriptor = descriptor
        self.path = path
        ownsDescriptor = owns
    }

    deinit { if ownsDescriptor && isOpen { Glibc.close(descriptor) } }

    /// Standard input, as it is (a pipe, a terminal, a file): never closed by this value.
    public static func standardInput() -> FileDescriptor {
        FileDescriptor(descriptor: STDIN_FILENO, path: "standard input", owns: false)
    }

    /// Standard output, never closed by this value.
    public static func standardOutput() -> FileDescriptor {
        FileDescriptor(descriptor: STDOUT_FILENO, path: "standard output", owns: false)
    }

    /// Standard error, never closed by this value.
    public static func standardError() -> FileDescriptor {
        FileDescriptor(descriptor: STDERR_FILENO, path: "standard error", owns: false)
    }

    /// Opens a regular file for reading, and refuses anything else without reading from it.
    ///
    /// The open itself never blocks: `O_NONBLOCK` makes the open of a FIFO return at once
    /// (POSIX open(2): "O_NONBLOCK … shall return without delay" for a FIFO), then fstat
    /// tells what it is; for a regular file the flag is cleared again. A symbolic link is
    /// followed (a Maildir may hold links to messages) and what it points to is checked.
    public static func openRegularFile(_ path: String) throws(FileError) -> FileDescriptor {
        let file = try open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, operation: .open)
        try file.requireRegularFile()
        try file.clearNonBlocking()
        return file
    }

    /// Opens a file of any kind for reading (a FIFO or a device too: the open waits for a
    /// writer, as open(2) does), for what a user names on the command line.
    public static func openForReading(_ path: String) throws(FileError) -> FileDescriptor {
        try open(path, O_RDONLY | O_CLOEXEC, operation: .open)
    }

    /// Creates a new file for writing that must not exist yet: `O_EXCL` refuses an existing
    /// name and, with `O_NOFOLLOW`, a symbolic link planted there (POSIX open(2): with
    /// O_CREAT and O_EXCL "symbolic links are not followed"), so a temp file is always ours.
    public static func createExclusively(_ path: String, permissions: mode_t = 0o644) throws(FileError) -> FileDescriptor {
        try open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions: permissions, operation: .create)
    }

    /// Creates a file for reading and writing in `directory` under a new random name
    /// (mode 0600, `O_EXCL|O_NOFOLLOW|O_CLOEXEC`, as mkstemp(3) but close-on-exec from the
    /// start) and removes the name at once: nothing else can open it, and it is gone when
    /// closed, even by a crash. `path` is the name it had, for error messages.
    public static func createUnlinkedTemporaryFile(in directory: String, prefix: String) throws(FileError) -> FileDescriptor {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var attempt = 0
        while true {
            let path = directory + "/" + prefix + String((0..<6).map { _ in letters.randomElement()! })
            let file: FileDescriptor
            do throws(FileError) {
                file = try open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions: 0o600, operation: .create)
            } catch {
                // Another file has that name: another (62⁶ names; mkstemp tries as often).
                attempt += 1
                if error.errorNumber == EEXIST && attempt < 100 { continue }
                throw FileError(path: directory + "/" + prefix + "XXXXXX", operation: .create, cause: error.cause)
            }
            guard unlink(path) == 0 else { throw .system(path, .remove) }
            return file
        }
    }

    /// Opens a file the user named as an output (a report, a log) in place: created when
    /// missing, truncated or appended to. Devices and pipes are allowed (`/dev/null`,
    /// `/dev/stdout`); nothing is replaced by a rename.
    public static func openForWriting(_ path: String, appending: Bool, permissions: mode_t = 0o644) throws(FileError) -> FileDescriptor {
        try open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (appending ? O_APPEND : O_TRUNC), permissions: permissions, operation: .open)
    }

    /// Opens (creating it when missing) a regular file to hold an flock on; a symbolic link,
    /// a FIFO or a directory in its place is refused.
    public static func openLockFile(_ path: String, permissions: mode_t = 0o644) throws(FileError) -> FileDescriptor {
        let file = try open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
                            permissions: permissions, operation: .lock)
        try file.requireRegularFile()
        try file.clearNonBlocking()
        return file
    }

    /// Opens a directory itself (to fsync it after a rename).
    public static func openDirectory(_ path: String) throws(FileError) -> FileDescriptor {
        try open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, operation: .open)
    }

    private static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0,
                             operation: FileError.Operation) throws(FileError) -> FileDescriptor {
        let descriptor = retryingOnInterrupt { Glibc.open(path, flags, permissions) }
        guard descriptor >= 0 else { throw .system(path, operation) }
        return FileDescriptor(descriptor: descriptor, path: path, owns: true)
    }

    // MARK: - What it is

    public func status() throws(FileError) -> FileStatus {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(path, .stat) }
        return FileStatus(status)
    }

    private func requireRegularFile() throws(FileError) {
        let type = try status().type
        guard type == .regular else { throw FileError(path: path, operation: .open, cause: .notARegularFile(type)) }
    }

    private func clearNonBlocking() throws(FileError) {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw .system(path, .open) }
    }

    /// The current offset (lseek(2) `SEEK_CUR`): where the next read starts. A pipe has none (ESPIPE).
    public func offset() throws(FileError) -> Int {
        let offset = lseek(descriptor, 0, SEEK_CUR)
        guard offset >= 0 else { throw .system(path, .seek) }
        return Int(offset)
    }

    /// Moves the offset to `offset` bytes from the start (lseek(2) `SEEK_SET`).
    public func seek(to offset: Int) throws(FileError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw .system(path, .seek) }
    }

    // MARK: - Reading

    /// Reads up to `count` bytes into `pointer`; how many were read (0 at the end of the file).
    public func read(upTo count: Int, into pointer: UnsafeMutableRawPointer) throws(FileError) -> Int {
        let result = retryingOnInterrupt { Glibc.read(descriptor, pointer, count) }
        guard result >= 0 else { throw .system(path, .read) }
        return result
    }

    /// Reads until `count` bytes have come or the file ends; how many came (fewer than
    /// `count` only at the end of the file).
    public func read(filling count: Int, into pointer: UnsafeMutableRawPointer) throws(FileError) -> Int {
        var filled = 0
        while filled < count {
            let read = try read(upTo: count - filled, into: pointer + filled)
            if read == 0 { break }
            filled += read
        }
        return filled
    }

    /// Up to `count` bytes in one array allocated at that size, read into directly; fewer
    /// only at the end of the file.
    public func read(filling count: Int) throws(FileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: FileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { pointer, initialized in
            do throws(FileError) {
                initialized = try read(filling: count, into: UnsafeMutableRawPointer(pointer.baseAddress!))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Appends up to `count` bytes to `buffer`; how many were read (0 at the end of the file).
    /// The array grows as appending does (geometrically), so a loop of these stays linear.
    public func read(appendingTo buffer: inout [UInt8], count: Int) throws(FileError) -> Int {
        let start = buffer.count
        var failure: FileError?
        // Read into the array's spare capacity, then keep what came: one copy, by the kernel.
        buffer.append(contentsOf: repeatElement(0, count: count))
        let read = buffer.withUnsafeMutableBytes { bytes -> Int in
            do throws(FileError) {
                return try self.read(upTo: count, into: bytes.baseAddress! + start)
            } catch {
                failure = error
                return 0
            }
        }
        buffer.removeLast(count - read)
        if let failure { throw failure }
        return read
    }

    /// Reads to the end, but stops once more than `limit` bytes have come: then the result
    /// is nil and the rest is not read (a regular file over the limit is not read at all).
    ///
    /// A regular file is read straight into an array of its size (one allocation); what it
    /// holds beyond that size (it grew) and a file of unknown size (/proc, a pipe) come in chunks.
    public func readAll(limit: Int) throws(FileError) -> [UInt8]? {
        let status = try status()
        let isRegularFile = status.type == .regular
        if isRegularFile && status.size > limit { return nil }
        // One byte more than the size, so that a read of 0 is what ends the first pass.
        let first = isRegularFile ? min(status.size, limit) + 1 : 1 << 16
        var bytes = try read(filling: first)
        var atEnd = bytes.count < first
        while !atEnd && bytes.count <= limit {
            if try read(appendingTo: &bytes, count: 1 << 16) == 0 { atEnd = true }
        }
        return bytes.count > limit ? nil : bytes
    }

    /// Reads and drops everything up to the end, so that a pipe's writer is not left blocked.
    public func drain() throws(FileError) {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { scratch.deallocate() }
        while try read(upTo: scratch.count, into: scratch.baseAddress!) > 0 {}
    }

    // MARK: - Writing

    /// Writes every byte (write(2) may take fewer than asked: the loop goes on from there).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let written = retryingOnInterrupt { Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            guard written >= 0 else { throw .system(path, .write) }
            offset += written
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        // (withUnsafeBytes rethrows untyped errors: the failure is carried out by hand.)
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            do throws(FileError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    public func write(_ text: String) throws(FileError) {
        var text = text
        var failure: FileError?
        text.withUTF8 { buffer in
            do throws(FileError) { try write(UnsafeRawBufferPointer(buffer)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// fsync(2): the data is on the disk when this returns.
    public func synchronize() throws(FileError) {
        guard retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw .system(path, .sync) }
    }

    // MARK: - Locking and closing

    /// Waits for an exclusive flock (BSD advisory lock) on the file.
    public func lockExclusively() throws(FileError) {
        guard retryingOnInterrupt({ flock(descriptor, LOCK_EX) }) == 0 else { throw .system(path, .lock) }
    }

    public func unlock() {
        _ = flock(descriptor, LOCK_UN)
    }

    /// Closes now and reports what close(2) says: on some file systems (NFS) a write's
    /// failure shows only there. Not retried on EINTR: Linux has closed the descriptor by then.
    public func close() throws(FileError) {
        guard ownsDescriptor && isOpen else { return }
        isOpen = false
        guard Glibc.close(descriptor) == 0 else { throw .system(path, .close) }
    }
}
