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
                files += try regularFiles(in: directory).map { directory + "/" + $0 }
            }
        }
        return files
    }

    /// The names of the regular files in `directory` (symbolic links to one included), hidden
    /// ones left out, in name order. The type comes from the directory entry where the file
    /// system gives it, so a folder of 100,000 messages is listed without a stat per file.
    private func regularFiles(in directory: String) throws(MailboxError) -> [String] {
        guard let stream = opendir(directory) else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix(".") else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): names.append(name)
            case Int32(DT_LNK), Int32(DT_UNKNOWN): if Self.isRegularFile(directory + "/" + name) { names.append(name) }
            default: continue
            }
        }
        return names.sorted()
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
