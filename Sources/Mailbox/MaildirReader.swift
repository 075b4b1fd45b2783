import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
            folders += try names(in: path) { name, _ in
                name != "." && name != ".." && name.hasPrefix(".") && Self.isMaildir(path + "/" + name)
            }.map { path + "/" + $0 }
        }
        var files: [String] = []
        for folder in folders {
            for sub in ["cur", "new"] {
                let directory = folder + "/" + sub
                guard FileManager.default.fileExists(atPath: directory) else { continue }
                files += try regularFiles(in: directory).map { directory + "/" + $0 }
            }
        }
        return files
    }

    /// The names of the regular files in `directory` (symbolic links to one included), hidden
    /// ones left out, in name order. The type comes from the directory entry where the file
    /// system gives it, so a folder of 100,000 messages is listed without a stat per file.
    private func regularFiles(in directory: String) throws(MailboxError) -> [String] {
        try names(in: directory) { name, type in
            guard !name.hasPrefix(".") else { return false }
            switch Int32(type) {
            case Int32(DT_REG): return true
            case Int32(DT_LNK), Int32(DT_UNKNOWN): return Self.isRegularFile(directory + "/" + name)
            default: return false
            }
        }
    }

    /// The names of the entries of `directory` that `keep` accepts (given the name and the
    /// entry's `d_type`), in name order.
    private func names(in directory: String, keeping keep: (String, UInt8) -> Bool) throws(MailboxError) -> [String] {
        guard let stream = opendir(directory) else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if keep(name, entry.pointee.d_type) { names.append(name) }
        }
        return names.sorted()
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
