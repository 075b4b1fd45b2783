#if canImport(Glibc)
import Glibc
#endif

/// A failed file operation: which path, what was being done, and why, in words a user can
/// act on ("cal/x.ics: cannot read: a FIFO (named pipe), not a regular file").
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Operation: String, Sendable, Hashable {
        case open, read, write, seek, list, stat, sync, rename, remove, create, lock, close
    }

    public enum Cause: Sendable, Hashable {
        /// A system call failed with this errno.
        case system(ErrorNumber)
        /// A file was expected and the path names something else; nothing was read from it.
        case notARegularFile(FileType)
    }

    public let path: String
    public let operation: Operation
    public let cause: Cause

    public init(path: String, operation: Operation, cause: Cause) {
        self.path = path
        self.operation = operation
        self.cause = cause
    }

    /// The error of the system call that just failed (from `errno`).
    static func system(_ path: String, _ operation: Operation) -> FileError {
        FileError(path: path, operation: operation, cause: .system(.current))
    }

    /// The errno, when a system call failed.
    public var errorNumber: Int32? {
        if case .system(let number) = cause { return number.code }
        return nil
    }

    /// The path does not exist (ENOENT).
    public var isNotFound: Bool { errorNumber == ENOENT }

    /// Why, without the path: "No space left on device", "a directory, not a regular file".
    public var reason: String {
        switch cause {
        case .system(let number): number.description
        case .notARegularFile(let type): "\(type), not a regular file"
        }
    }

    public var description: String { "\(path): cannot \(operation.rawValue): \(reason)" }
}
