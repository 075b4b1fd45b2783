#if canImport(Glibc)
import Glibc
#endif

/// What a directory entry or an open file is (the `S_IFMT` bits of its mode, or `d_type`).
public enum FileType: Sendable, Hashable, CustomStringConvertible {
    case regular
    case directory
    case symbolicLink
    /// A named pipe: opening it for reading waits for a writer, reading it waits for data.
    case fifo
    /// `/dev/zero`, `/dev/tty`: reading one may never end.
    case characterDevice
    case blockDevice
    case socket
    /// The file system did not say (`DT_UNKNOWN`): stat the entry to find out.
    case unknown

    /// From a `st_mode`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// From a `dirent`'s `d_type`.
    init(directoryEntryType type: UInt8) {
        switch Int32(type) {
        case Int32(DT_REG): self = .regular
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_FIFO): self = .fifo
        case Int32(DT_CHR): self = .characterDevice
        case Int32(DT_BLK): self = .blockDevice
        case Int32(DT_SOCK): self = .socket
        default: self = .unknown
        }
    }

    /// "a FIFO", for messages such as "x.ics: cannot read: a FIFO, not a regular file".
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "a file of unknown type"
        }
    }
}

/// What `stat` says of a file that this target needs.
public struct FileStatus: Sendable, Hashable {
    public let type: FileType
    /// The size in bytes (0 for files whose size the file system does not know, as in /proc).
    public let size: Int

    init(_ status: stat) {
        type = FileType(mode: status.st_mode)
        size = Int(status.st_size)
    }
}
