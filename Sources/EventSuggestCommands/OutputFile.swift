import POSIXFiles

/// A file the CLI writes a report or a log into, opened in place with open(2): never
/// replaced through a temp file and a rename (Foundation's createFile does that, which as
/// root turns `--report /dev/null` into a regular file, or a symlink into a copy).
///
/// A write that fails (`--report /dev/full`: ENOSPC) is kept, not dropped: later writes
/// are not tried, and ``close()`` throws it, so the command can fail naming the path.
final class OutputFile {
    private let file: FileDescriptor
    let path: String
    /// The first write that failed.
    private(set) var failure: FileError?

    /// `append`: add to the end (a log); otherwise truncate (a report).
    init(path: String, append: Bool) throws {
        do {
            file = try FileDescriptor.openForWriting(path, appending: append)
        } catch {
            throw EnvironmentError("\(path): cannot write: \(error.reason)")
        }
        self.path = path
    }

    func write(_ text: String) {
        guard failure == nil else { return }
        do {
            try file.write(text)
        } catch {
            failure = error
        }
    }

    /// Bytes made earlier as text (report lines set aside by a scan).
    func write(bytes: [UInt8]) {
        guard failure == nil else { return }
        do {
            try file.write(bytes)
        } catch {
            failure = error
        }
    }

    /// Closes the file; throws the first failed write, or a failed close.
    func close() throws(FileError) {
        if let failure { throw failure }
        try file.close()
    }
}
