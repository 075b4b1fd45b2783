import Foundation

/// Lists the messages of a Maildir: `cur/` and `new/` (never `tmp/`, where messages
/// are still being written), and with `recursive` the Maildir++ subfolders (`.Name`).
/// Files are listed in name order, so runs are reproducible.
public struct MaildirReader: Sendable {
    public let path: String
    public let recursive: Bool

    public init(path: String, recursive: Bool = false) {
        // "Maildir/" and "Maildir" name the same folder; join file names without a double slash.
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        self.path = path
        self.recursive = recursive
    }

    /// Whether `path` is a directory holding `cur/` or `new/`.
    public static func isMaildir(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        for sub in ["cur", "new"] {
            if FileManager.default.fileExists(atPath: path + "/" + sub, isDirectory: &isDirectory), isDirectory.boolValue {
                return true
            }
        }
        return false
    }

    /// The message files, folder by folder (the root first, then subfolders by name).
    public func messageFiles() throws(MailboxError) -> [String] {
        guard Self.isMaildir(path) else { throw .notAMailbox(path: path) }
        var folders = [path]
        if recursive {
            let entries = try contents(of: path)
            folders += entries
                .filter { $0.hasPrefix(".") && $0 != "." && $0 != ".." && Self.isMaildir(path + "/" + $0) }
                .map { path + "/" + $0 }
        }
        var files: [String] = []
        for folder in folders {
            for sub in ["cur", "new"] {
                let directory = folder + "/" + sub
                guard FileManager.default.fileExists(atPath: directory) else { continue }
                files += try contents(of: directory)
                    .filter { !$0.hasPrefix(".") }
                    .map { directory + "/" + $0 }
                    .filter { Self.isRegularFile($0) }
            }
        }
        return files
    }

    private func contents(of directory: String) throws(MailboxError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw .unreadable(path: directory, reason: (error as NSError).localizedDescription)
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
