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
    ///
    /// The lock file's first byte says whether its last holder let go: ``LockMarker/writing``
    /// from the moment the lock is taken until just before it is let go, ``LockMarker/idle``
    /// after (a new lock file is empty, which reads as idle). The kernel lets go of a flock
    /// when its holder dies; the marker stays, so `body` is told a writer was killed holding
    /// the lock (`previousHolderInterrupted`) and temp files can be swept only then, without
    /// listing the folder at every write (issue 21).
    func withLock<Result>(_ body: (_ previousHolderInterrupted: Bool) throws(CalendarStoreError) -> Result) throws(CalendarStoreError) -> Result {
        let lockPath = path(Self.lockName)
        let lock: FileDescriptor
        do {
            lock = try FileDescriptor.openLockFile(lockPath)
            try lock.lockExclusively()
        } catch {
            throw .cannotLock(path: lockPath, reason: error.reason)
        }
        defer { lock.unlock() }
        let interrupted = LockMarker.read(lock) == .writing
        // QUIRK: the marker is not fsynced (that would be a third fsync per write): after a
        // power cut a temp file may outlive a lost marker. It is still never an event, and the
        // next full sweep (`scan`, ``removeStaleTemporaryFiles()``) removes it. A marker that
        // cannot be written (a full disk) leaves the same gap; the write goes on.
        LockMarker.writing.write(to: lock)
        defer { LockMarker.idle.write(to: lock) }
        return try body(interrupted)
    }

    /// The one byte at the start of the lock file (see ``withLock(_:)``).
    enum LockMarker: UInt8 {
        case writing = 0x77 // "w"
        case idle = 0x2D // "-"

        /// The marker in `lock`; nil when the file is empty (a new lock file) or unreadable.
        static func read(_ lock: FileDescriptor) -> LockMarker? {
            guard (try? lock.seek(to: 0)) != nil, let bytes = try? lock.read(filling: 1), let first = bytes.first else { return nil }
            return LockMarker(rawValue: first)
        }

        func write(to lock: FileDescriptor) {
            guard (try? lock.seek(to: 0)) != nil else { return }
            try? lock.write([rawValue])
        }
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

    /// Removes temp files a killed writer left: lists the whole folder, so a writer calls it
    /// only when the lock's marker says its last holder was killed (``withLock(_:)``), and a
    /// batch once before it starts. Writers create temp files only while holding the lock, so
    /// under the lock every one found is stale. Returns how many were removed.
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
