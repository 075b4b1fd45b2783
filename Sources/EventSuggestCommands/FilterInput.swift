#if canImport(Glibc)
import Glibc
#endif
import POSIXFiles

/// Standard input in filter mode, read in this one place, through POSIXFiles (its one
/// EINTR loop, its errors naming "standard input" or the temporary file).
///
/// Memory: a message is held once, in one array of its size. When standard input is a
/// regular file (a test's `< file`, an MTA's spool file) its size is known and the array is
/// allocated once at that size. From a pipe (procmail, maildrop) the first `spillThreshold`
/// bytes are kept in memory and the rest set aside in an unlinked temporary file until the
/// end or the limit: at the end the array is allocated at the size now known. A message
/// over `message-bytes` is never held: its first bytes (and what was set aside) are written
/// out, the rest copied through in 64 KiB chunks.
enum FilterInput {
    enum Content {
        /// The whole message.
        case whole([UInt8])
        /// A message over the limit: its first bytes, then what was set aside (from a pipe);
        /// the rest is still on standard input.
        case overLimit(head: [UInt8], spill: SpillFile?)
    }

    /// From a pipe, bytes past this many go to a temporary file until the size is known.
    static let spillThreshold = 16 << 20

    static let chunkSize = 1 << 16

    /// `temporaryFolder` takes the spill file of a big message from a pipe.
    static func read(limit: Int, headBytes: Int, temporaryFolder: TemporaryFolder,
                     from input: FileDescriptor = .standardInput()) throws(FileError) -> Content {
        // A status that cannot be had (a closed standard input) is read as a pipe: the read
        // that follows reports the error.
        if let status = try? input.status(), status.type == .regular {
            // An MTA may hand over its spool file part-read; no offset is read as the start.
            let remaining = status.size - max(0, (try? input.offset()) ?? 0)
            if remaining > limit {
                let head = try read(upTo: min(headBytes, remaining), knownSize: min(headBytes, remaining), from: input)
                return .overLimit(head: head, spill: nil)
            }
            let bytes = try read(upTo: limit + 1, knownSize: max(remaining, 0), from: input)
            return bytes.count > limit ? .overLimit(head: bytes, spill: nil) : .whole(bytes)
        }
        return try readPipe(limit: limit, keeping: max(spillThreshold, headBytes), temporaryFolder: temporaryFolder, from: input)
    }

    /// A pipe: `keeping` bytes in memory, the rest in a temporary file until the end (then
    /// one array of the whole size) or the limit (then written out from where it is).
    private static func readPipe(limit: Int, keeping: Int, temporaryFolder: TemporaryFolder,
                                 from input: FileDescriptor) throws(FileError) -> Content {
        let head = try read(upTo: min(limit + 1, keeping), knownSize: 0, from: input)
        if head.count > limit { return .overLimit(head: head, spill: nil) }
        if head.count < keeping { return .whole(head) }
        // QUIRK: no temporary file to be had (a read-only or full $TMPDIR): the message is
        // held in memory instead, as it was before there was a spill file. Delivering it
        // matters more than the memory bound, so this failure is not an error.
        guard let spill = try? SpillFile(in: temporaryFolder.path) else {
            let rest = try read(upTo: limit + 1 - head.count, knownSize: 0, from: input)
            return head.count + rest.count > limit ? .overLimit(head: head + rest, spill: nil) : .whole(head + rest)
        }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkSize)
        while true {
            chunk.removeAll(keepingCapacity: true)
            if try input.read(appendingTo: &chunk, count: chunkSize) == 0 { break }
            do throws(FileError) {
                try spill.append(chunk)
            } catch {
                // QUIRK: the temporary folder filled up mid-message (ENOSPC, a quota): what was
                // set aside is read back and the rest held in memory, as when there is no
                // temporary file at all. Delivering the message matters more than the memory bound.
                return try holdInMemory(head: head, spill: spill, chunk: chunk, limit: limit, from: input)
            }
            if head.count + spill.size > limit { return .overLimit(head: head, spill: spill) }
        }
        let total = head.count + spill.size
        var failure: FileError?
        let whole = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            head.withUnsafeBufferPointer { buffer.baseAddress!.update(from: $0.baseAddress!, count: head.count) }
            initialized = head.count
            do throws(FileError) {
                try spill.read(into: UnsafeMutableRawPointer(buffer.baseAddress! + head.count))
                initialized = total
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return .whole(whole)
    }

    /// The message in memory after all: the head, what the spill file holds, the chunk it could
    /// not take, and the rest of the input up to the limit.
    private static func holdInMemory(head: [UInt8], spill: SpillFile, chunk: [UInt8], limit: Int,
                                     from input: FileDescriptor) throws(FileError) -> Content {
        var held = head
        held.reserveCapacity(head.count + spill.size + chunk.count)
        try spill.copy { held += $0 }
        held += chunk
        held += try read(upTo: max(0, limit + 1 - held.count), knownSize: 0, from: input)
        return held.count > limit ? .overLimit(head: held, spill: nil) : .whole(held)
    }

    /// Up to `count` bytes (fewer at end of input). With a known size (a regular file) the
    /// array is allocated once at that size and read into directly; from a pipe it grows by chunks.
    private static func read(upTo count: Int, knownSize: Int, from input: FileDescriptor) throws(FileError) -> [UInt8] {
        // One byte more than the known size, so that a short read is what ends it: appending
        // even one chunk to a full array of the message's size would double its capacity
        // (a 2 GiB message then took 4.2 GB; measured with /usr/bin/time -v).
        let first = knownSize > 0 ? min(count, knownSize + 1) : 0
        var bytes = try input.read(filling: first)
        if first > 0 && bytes.count < first { return bytes }
        while bytes.count < count {
            if try input.read(appendingTo: &bytes, count: min(chunkSize, count - bytes.count)) == 0 { break }
        }
        return bytes
    }

    /// Copies what is left on `input` to `write`, in chunks.
    static func copyRest(from input: FileDescriptor = .standardInput(), _ write: ([UInt8]) -> Void) throws(FileError) {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkSize)
        while true {
            chunk.removeAll(keepingCapacity: true)
            if try input.read(appendingTo: &chunk, count: chunkSize) == 0 { return }
            write(chunk)
        }
    }
}

/// Bytes set aside in an unlinked temporary file (no name once created, gone when closed),
/// written in order and read back from the start.
final class SpillFile {
    private let file: FileDescriptor
    private(set) var size = 0

    init(in folder: String) throws(FileError) {
        file = try FileDescriptor.createUnlinkedTemporaryFile(in: folder, prefix: ".eventsuggest-filter.")
    }

    func append(_ bytes: [UInt8]) throws(FileError) {
        try file.write(bytes)
        size += bytes.count
    }

    /// Reads all `size` bytes from the start into `pointer`.
    func read(into pointer: UnsafeMutableRawPointer) throws(FileError) {
        try file.seek(to: 0)
        // Fewer than were written: the file was cut short under us.
        guard try file.read(filling: size, into: pointer) == size else {
            throw FileError(path: file.path, operation: .read, cause: .system(ErrorNumber(EIO)))
        }
    }

    /// Everything set aside, in chunks, to `write`.
    func copy(_ write: ([UInt8]) -> Void) throws(FileError) {
        try file.seek(to: 0)
        var remaining = size
        while remaining > 0 {
            let chunk = try file.read(filling: min(FilterInput.chunkSize, remaining))
            guard !chunk.isEmpty else {
                throw FileError(path: file.path, operation: .read, cause: .system(ErrorNumber(EIO)))
            }
            write(chunk)
            remaining -= chunk.count
        }
    }
}
