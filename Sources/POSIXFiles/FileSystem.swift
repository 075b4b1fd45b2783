#if canImport(Glibc)
import Glibc
#endif

/// One entry of a directory: its name and, where the file system gives it, its type.
public struct DirectoryEntry: Sendable, Hashable {
    public let name: String
    /// From `d_type`: `.unknown` on file systems that do not fill it in.
    public let type: FileType
}

/// Operations on paths: listing a folder, stat, rename, remove, making folders, reading a
/// whole file. Every failure is a ``FileError`` naming the path.
public enum FileSystem {
    /// The entries of `directory` (`.` and `..` left out), in name order.
    ///
    /// A name is read as UTF-8; bytes that are not valid UTF-8 become U+FFFD, so such a
    /// file cannot be opened by that name afterwards and is reported when it is tried.
    public static func entries(in directory: String) throws(FileError) -> [DirectoryEntry] {
        guard let stream = opendir(directory) else { throw .system(directory, .list) }
        defer { closedir(stream) }
        var entries: [DirectoryEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .system(directory, .list) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            entries.append(DirectoryEntry(name: name, type: FileType(directoryEntryType: entry.pointee.d_type)))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// What `path` is (a symbolic link followed, unless `followingLinks` is false), or nil
    /// when nothing is there.
    public static func status(of path: String, followingLinks: Bool = true) throws(FileError) -> FileStatus? {
        var status = stat()
        let result = followingLinks ? stat(path, &status) : lstat(path, &status)
        guard result == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .system(path, .stat)
        }
        return FileStatus(status)
    }

    /// Whether something is at `path` (a symbolic link followed); false when it cannot be
    /// told (no permission to search a folder on the way), as Foundation's fileExists(atPath:).
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Whether this process may read `path`: access(2) with R_OK, as Foundation's isReadableFile(atPath:).
    public static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The whole of a file of any kind (a FIFO, /dev/stdin: read to its end), or nil when it
    /// cannot be opened or read, as Foundation's contents(atPath:): for the files a user names
    /// (keys, registered domains, configuration, the suffix list).
    public static func contents(of path: String) -> [UInt8]? {
        try? wholeContents(of: path)
    }

    /// ``contents(of:)``, with the reason when the file cannot be opened or read (for the
    /// error a user sees: "keys.txt: cannot read the keys file: Permission denied").
    public static func wholeContents(of path: String) throws(FileError) -> [UInt8] {
        // No limit: readAll's nil (over the limit) cannot happen.
        try FileDescriptor.openForReading(path).readAll(limit: .max) ?? []
    }

    /// The type of `entry` of `directory`: its `d_type`, or a stat (following a link) when
    /// that is a link or unknown; nil when it vanished meanwhile.
    public static func resolvedType(of entry: DirectoryEntry, in directory: String) -> FileType? {
        switch entry.type {
        case .symbolicLink, .unknown: (try? status(of: directory + "/" + entry.name))?.type
        default: entry.type
        }
    }

    /// rename(2): atomic replacement of `destination` on the same file system.
    public static func rename(_ source: String, to destination: String) throws(FileError) {
        guard Glibc.rename(source, destination) == 0 else { throw .system(destination, .rename) }
    }

    /// unlink(2); false when there was nothing to remove.
    @discardableResult
    public static func remove(_ path: String) throws(FileError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw .system(path, .remove)
        }
        return true
    }

    /// Creates `directory` and its missing parents (`mkdir -p`).
    public static func makeDirectories(_ directory: String, permissions: mode_t = 0o755) throws(FileError) {
        var partial = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, permissions) != 0 && errno != EEXIST { throw .system(directory, .create) }
        }
    }

    /// The whole of a regular file (anything else is refused unread), or nil when it holds
    /// more than `limit` bytes.
    public static func readRegularFile(_ path: String, limit: Int = .max) throws(FileError) -> [UInt8]? {
        try FileDescriptor.openRegularFile(path).readAll(limit: limit)
    }
}
