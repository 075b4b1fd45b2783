import POSIXFiles

/// Lists the messages of a Maildir: `cur/` and `new/` (never `tmp/`, where messages
/// are still being written), and with `recursive` the Maildir++ subfolders (`.Name`).
/// Files are listed in name order, so runs are reproducible. `Maildir/new` or
/// `Maildir/cur` alone names just that folder of the Maildir.
public struct MaildirReader: Sendable {
    public let path: String
    public let recursive: Bool
    /// The message folders read: `cur` and `new`, or the one a path named.
    public let messageFolders: [String]

    public init(path: String, recursive: Bool = false) {
        // "Maildir/" and "Maildir" name the same folder; join file names without a double slash.
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        // QUIRK: `Maildir/new/` is no Maildir (maildir(5)), but users name it so (the README's
        // own `verify … Maildir-samples/new/`): read as that one folder of its Maildir.
        if let folder = Self.messageFolder(path) {
            self.path = folder.maildir
            self.messageFolders = [folder.name]
            self.recursive = false
        } else {
            self.path = path
            self.messageFolders = ["cur", "new"]
            self.recursive = recursive
        }
    }

    /// `Maildir/cur` or `Maildir/new` of a Maildir, split; nil for any other path.
    static func messageFolder(_ path: String) -> (maildir: String, name: String)? {
        var name = path
        var parent = "."
        if let slash = path.lastIndex(of: "/") {
            name = String(path[path.index(after: slash)...])
            parent = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        guard ["cur", "new"].contains(name), isDirectory(path), isMaildir(parent) else { return nil }
        return (parent, name)
    }

    /// Whether `path` is a Maildir or the `cur/` or `new/` folder of one.
    public static func isMessageFolder(_ path: String) -> Bool {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return isMaildir(trimmed) || messageFolder(trimmed) != nil
    }

    /// Whether `path` is a directory holding `cur/` or `new/`.
    public static func isMaildir(_ path: String) -> Bool {
        ["cur", "new"].contains { isDirectory(path + "/" + $0) }
    }

    /// The message files, folder by folder (the root first, then subfolders by name).
    public func messageFiles() throws(MailboxError) -> [String] {
        guard Self.isMaildir(path) else { throw .notAMailbox(path: path) }
        var folders = [path]
        if recursive {
            folders += try entries(in: path).filter { entry in
                entry.name.hasPrefix(".") && Self.isMaildir(path + "/" + entry.name)
            }.map { path + "/" + $0.name }
        }
        var files: [String] = []
        for folder in folders {
            for sub in messageFolders {
                let directory = folder + "/" + sub
                guard Self.exists(directory) else { continue }
                files += try messageNames(in: directory).map { directory + "/" + $0 }
            }
        }
        return files
    }

    /// The names of the message entries of `directory`, hidden ones left out, in name order.
    /// The type comes from the directory entry where the file system gives it, so a folder
    /// of 100,000 messages is listed without a stat per file; a link is followed.
    ///
    /// Folders and links to nothing are not messages. Anything else that is not a regular
    /// file (a FIFO, a link to `/dev/zero`) is listed, so that reading it is refused with a
    /// `message-unreadable` error naming it, instead of being passed over without a word.
    private func messageNames(in directory: String) throws(MailboxError) -> [String] {
        try entries(in: directory).filter { entry in
            guard !entry.name.hasPrefix(".") else { return false }
            let type = FileSystem.resolvedType(of: entry, in: directory)
            return type != nil && type != .directory
        }.map(\.name)
    }

    private func entries(in directory: String) throws(MailboxError) -> [DirectoryEntry] {
        try MailboxError.reading { () throws(FileError) in try FileSystem.entries(in: directory) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        (try? FileSystem.status(of: path))?.type == .directory
    }

    /// Whether anything is at `path` (a file where a folder should be is then an error of the listing).
    private static func exists(_ path: String) -> Bool {
        (try? FileSystem.status(of: path)) != nil
    }
}
