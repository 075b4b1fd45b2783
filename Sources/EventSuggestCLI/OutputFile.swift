#if canImport(Glibc)
import Glibc
#endif

/// A file the CLI writes a report or a log into, opened in place with open(2): never
/// replaced through a temp file and a rename (Foundation's createFile does that, which as
/// root turns `--report /dev/null` into a regular file, or a symlink into a copy).
final class OutputFile {
    private let descriptor: Int32
    let path: String

    /// `append`: add to the end (a log); otherwise truncate (a report).
    init(path: String, append: Bool) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let opened = open(path, flags, 0o644)
        guard opened >= 0 else {
            throw EnvironmentError("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        descriptor = opened
        self.path = path
    }

    deinit { close(descriptor) }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
