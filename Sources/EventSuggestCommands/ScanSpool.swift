#if canImport(Glibc)
import Glibc
#endif
import POSIXFiles

/// Bytes a scan sets aside on disk instead of in memory (issue 21): analysed messages that
/// wait for the date-ordered writes, report lines that wait behind them. An unlinked
/// temporary file in `folder` (no name once created, gone when closed, even by a crash),
/// appended to through a buffer and read back by range with pread(2).
///
/// Created at the first append, so a scan that sets nothing aside creates nothing. When the
/// file cannot be created or written (the folder missing, read-only, full), what follows
/// is kept in memory instead: the scan's output does not depend on the temporary folder,
/// only its memory does. ``problem`` says so once, for the one stderr line.
final class ScanSpool {
    /// Where some bytes are in the spool.
    struct Range: Sendable, Equatable {
        let offset: Int
        let count: Int
    }

    private let folder: String
    private let bufferSize: Int
    private var file: FileDescriptor?
    private var triedToCreate = false
    /// Bytes on the file: `0..<written`; the rest, from `written` on, is in `pending`.
    private var written = 0
    private var pending: [UInt8] = []
    /// The file failed: `pending` keeps everything from `written` on, and grows.
    private(set) var isInMemory = false
    private(set) var size = 0
    /// Why the spool went to memory, once (nil when it did not, or was already told).
    private(set) var problem: String?

    init(in folder: String, bufferSize: Int = 1 << 16) {
        self.folder = folder
        self.bufferSize = bufferSize
    }

    func append(_ bytes: [UInt8]) -> Range {
        let range = Range(offset: size, count: bytes.count)
        pending.append(contentsOf: bytes)
        size += bytes.count
        if pending.count >= bufferSize { flush() }
        return range
    }

    func append(_ text: String) -> Range {
        let range = Range(offset: size, count: text.utf8.count)
        pending.append(contentsOf: text.utf8)
        size += range.count
        if pending.count >= bufferSize { flush() }
        return range
    }

    /// The problem, handed out once.
    func takeProblem() -> String? {
        defer { problem = nil }
        return problem
    }

    /// The bytes of `range`. Ranges are whole appends, so one never straddles the file's end.
    func read(_ range: Range) throws(FileError) -> [UInt8] {
        if range.offset >= written {
            let start = range.offset - written
            return Array(pending[start..<(start + range.count)])
        }
        guard let file else { throw FileError(path: folder, operation: .read, cause: .system(ErrorNumber(EIO))) }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(file.descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.offset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw FileError(path: file.path, operation: .read, cause: .system(ErrorNumber(count < 0 ? errno : EIO)))
            }
            done += count
        }
        return bytes
    }

    /// Hands the bytes from `start` to the end to `body`, about `pieceSize` at a time.
    func forEachPiece(from start: Int = 0, pieceSize: Int = 1 << 20, _ body: ([UInt8]) -> Void) throws(FileError) {
        var offset = start
        while offset < size {
            // Never across the file's end: a piece is on the file or in memory.
            let end = offset < written ? min(written, offset + pieceSize) : min(size, offset + pieceSize)
            body(try read(Range(offset: offset, count: end - offset)))
            offset = end
        }
    }

    private func flush() {
        guard !isInMemory, !pending.isEmpty else { return }
        if file == nil && !triedToCreate {
            triedToCreate = true
            do {
                file = try FileDescriptor.createUnlinkedTemporaryFile(in: folder, prefix: ".eventsuggest-scan.")
            } catch {
                goToMemory("\(error.path): cannot set messages aside there (\(error.reason))")
                return
            }
        }
        guard let file else { return }
        do {
            try file.write(pending)
            written += pending.count
            pending.removeAll(keepingCapacity: true)
        } catch {
            // What reached the file before `written` is whole; the rest stays here.
            goToMemory("\(error.path): cannot set messages aside there (\(error.reason))")
        }
    }

    // QUIRK: the scan goes on in memory rather than failing: the spool is scratch space,
    // not an output the user asked for; the one stderr line says why memory grows.
    private func goToMemory(_ reason: String) {
        isInMemory = true
        problem = reason + "; the scan holds them in memory instead"
    }
}
