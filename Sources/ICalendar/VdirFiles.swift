#if canImport(Glibc)
import Glibc
#endif

/// The file operations of the vdir: an advisory lock, atomic replacement (temp file in
/// the folder, fsync, rename, fsync of the folder), reading and listing. The only place
/// the store touches the file system.
struct VdirFiles {
    let directory: String

    static let lockName = ".eventsuggest.lock"
    static let temporarySuffix = ".eventsuggest-tmp"

    func path(_ name: String) -> String { directory + "/" + name }

    /// Creates the folder (and its parents) if it is missing.
    func ensureDirectory() throws(CalendarStoreError) {
        var partial = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST {
                throw .cannotCreate(path: directory, reason: Self.reason(errno))
            }
        }
    }

    /// Runs `body` holding an exclusive flock on the folder's lock file, so concurrent
    /// filters take turns with each reservation's read-modify-write.
    func withLock<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        let lockPath = path(Self.lockName)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotLock(path: lockPath, reason: Self.reason(errno)) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotLock(path: lockPath, reason: Self.reason(errno)) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The file's text, or nil when it does not exist.
    func read(_ name: String) throws(CalendarStoreError) -> String? {
        let descriptor = open(path(name), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .cannotRead(path: path(name), reason: Self.reason(errno))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path(name), reason: Self.reason(errno))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces `name` with `text` atomically: readers see the old file or the new one, and
    /// after a crash at any point the old one or the new one is there, never half a file.
    func writeAtomically(_ name: String, _ text: String) throws(CalendarStoreError) {
        let target = path(name)
        let temporary = path(".\(name).\(getpid())\(Self.temporarySuffix)")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: target, reason: Self.reason(errno)) }
        var failure: Int32?
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && rename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: target, reason: Self.reason(failure))
        }
        // The rename is durable only once the folder itself is synced.
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes temp files a killed writer left. Writers create them only while holding the
    /// lock, so under the lock every one found is stale. Returns how many were removed.
    @discardableResult
    func removeStaleTemporaryFiles() -> Int {
        let stale = ((try? entryNames()) ?? []).filter { $0.hasPrefix(".") && $0.hasSuffix(Self.temporarySuffix) }
        return stale.filter { unlink(path($0)) == 0 }.count
    }

    /// The .ics files of the folder, by name.
    func eventFiles() throws(CalendarStoreError) -> [String] {
        try entryNames().filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted()
    }

    private func entryNames() throws(CalendarStoreError) -> [String] {
        guard let handle = opendir(directory) else { throw .cannotRead(path: directory, reason: Self.reason(errno)) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            })
        }
        return names
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
