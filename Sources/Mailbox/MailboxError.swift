import POSIXFiles

/// Failures of the environment while reading mail: a path that is missing, unreadable,
/// or not a mailbox. A problem inside a message is never one of these.
public enum MailboxError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case notAMailbox(path: String)
    /// A gzip, xz, zstd or bzip2 file: to be decompressed first.
    case compressed(path: String, format: CompressionFormat)

    /// The mailbox reading of a file error: a missing path is `notFound`; anything else
    /// (a FIFO or a device where a file was expected, a permission) is `unreadable`.
    init(_ error: FileError) {
        self = error.isNotFound ? .notFound(path: error.path) : .unreadable(path: error.path, reason: error.reason)
    }

    /// Runs a file operation, its failure as a mailbox error.
    static func reading<Result>(_ operation: () throws(FileError) -> Result) throws(MailboxError) -> Result {
        do {
            return try operation()
        } catch {
            throw MailboxError(error)
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            "\(path): cannot read: \(reason)"
        case .notAMailbox(let path):
            "\(path): a directory that is not a Maildir (it has no cur/ or new/ folder, nor is it one of them)"
        case .compressed(let path, let format):
            path == "-"
                ? "standard input is \(format.rawValue)-compressed: decompress it first (\(format.decompressor) FILE | eventsuggest …)"
                : "\(path): \(format.rawValue)-compressed: decompress it first (\(format.decompressor) '\(path)' | eventsuggest … -)"
        }
    }
}
