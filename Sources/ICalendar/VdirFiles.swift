#if canImport(Glibc)
import Glibc
#endif
import POSIXFiles

/// The file operations of the vdir: an advisory lock, atomic replacement (temp file in
/// the folder, fsync, rename, fsync of the folder), reading and listing. The only place
/// the store touches the file system, through the one POSIX layer (`POSIXFiles`).
struct VdirFiles {
    let directory: String

    static let lockName = ".eventsuggest.lock"
    static let temporarySuffix = ".eventsuggest-tmp"

    func path(_ name: String) -> String { directory + "/" + name }

    /// Creates the folder (and its parents) if it is missing.
    func ensureDirectory() throws(CalendarStoreError) {
        do {
            try FileSystem.makeDirectories(directory)
        } catch {
            throw .cannotCreate(path: directory, reason: error.reason)
        }
    }

    /// Runs `body` holding an exclusive flock on the folder's lock file, so concurrent
    /// filters take turns with each reservation's read-modify-write. The lock file must be a
    /// regular file: a FIFO or a symbolic link in its place is refused, never waited on.
    func withLock<Result>(_ body: () throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        let lockPath = path(Self.lockName)
        let lock: FileDescriptor
        do {
            lock = try FileDescriptor.openLockFile(lockPath)
            try lock.lockExclusively()
        } catch {
            throw .cannotLock(path: lockPath, reason: error.reason)
        }
        defer { lock.unlock() }
        return try body()
    }

    /// The file's text, or nil when it does not exist. Anything but a regular file under the
    /// name (a FIFO, a directory, a device) is an error naming it, and is never opened for a
    /// blocking read: a FIFO named `x.ics` must not hold the lock forever.
    func read(_ name: String) throws(CalendarStoreError) -> String? {
        do throws(FileError) {
            guard let bytes = try FileSystem.readRegularFile(path(name)) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        } catch where error.isNotFound {
            return nil
        } catch {
            throw .cannotRead(path: path(name), reason: error.reason)
        }
    }

    /// Replaces `name` with `text` atomically: readers see the old file or the new one, and
    /// after a crash at any point the old one or the new one is there, never half a file.
    ///
    /// The temp file is created with `O_EXCL | O_NOFOLLOW`: a file or a symbolic link
    /// already under its name is never written through. Writers create temp files only under
    /// the lock, so one found there is a killed writer's (its pid reused): it is removed and
    /// the create tried once more.
    func writeAtomically(_ name: String, _ text: String) throws(CalendarStoreError) {
        let target = path(name)
        let temporary = path(".\(name).\(getpid())\(Self.temporarySuffix)")
        do throws(FileError) {
            let file: FileDescriptor
            do throws(FileError) {
                file = try FileDescriptor.createExclusively(temporary)
            } catch where error.errorNumber == EEXIST {
                try FileSystem.remove(temporary)
                file = try FileDescriptor.createExclusively(temporary)
            }
            do throws(FileError) {
                try file.write(text)
                try file.synchronize()
                try file.close()
                try FileSystem.rename(temporary, to: target)
            } catch {
                _ = try? FileSystem.remove(temporary)
                throw error
            }
        } catch {
            throw .cannotWrite(path: target, reason: error.reason)
        }
        // The rename is durable only once the folder itself is synced.
        try? FileDescriptor.openDirectory(directory).synchronize()
    }

    /// Removes temp files a killed writer left. Writers create them only while holding the
    /// lock, so under the lock every one found is stale. Returns how many were removed.
    @discardableResult
    func removeStaleTemporaryFiles() -> Int {
        let stale = ((try? entryNames()) ?? []).filter { $0.hasPrefix(".") && $0.hasSuffix(Self.temporarySuffix) }
        return stale.filter { (try? FileSystem.remove(path($0))) == true }.count
    }

    /// The .ics files of the folder, by name.
    func eventFiles() throws(CalendarStoreError) -> [String] {
        try entryNames().filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }
    }

    /// Every name in the folder, in name order.
    private func entryNames() throws(CalendarStoreError) -> [String] {
        do {
            return try FileSystem.entries(in: directory).map(\.name)
        } catch {
            throw .cannotRead(path: directory, reason: error.reason)
        }
    }
}
