import Foundation
import POSIXFiles
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system temp folder, removed when the value goes away.
final class ScratchFolder {
    let path: String

    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("es-posix-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let full = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func fifo(_ name: String) throws -> String {
        let full = path + "/" + name
        guard mkfifo(full, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return full
    }

    func link(_ name: String, to destination: String) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: destination)
        return full
    }
}

@Suite("POSIX files: opening, refusing what is not a regular file")
struct FileDescriptorTests {
    @Test("a regular file is read whole; its size limit is inclusive, one byte more gives nil")
    func readsRegularFile() throws {
        let folder = try ScratchFolder("read")
        let path = try folder.write("0123456789", to: "ten")
        #expect(try FileSystem.readRegularFile(path) == Array("0123456789".utf8))
        #expect(try FileSystem.readRegularFile(path, limit: 10) == Array("0123456789".utf8))
        #expect(try FileSystem.readRegularFile(path, limit: 9) == nil)
        // /proc files say size 0: read in chunks all the same.
        let status = try #require(try FileSystem.readRegularFile("/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    }

    @Test("a missing file: an error naming the path and ENOENT's text")
    func missingFile() throws {
        let folder = try ScratchFolder("missing")
        let path = folder.path + "/gone.ics"
        #expect {
            _ = try FileDescriptor.openRegularFile(path)
        } throws: { error in
            let error = error as? FileError
            return error?.isNotFound == true && error?.operation == .open
                && error?.description == "\(path): cannot open: No such file or directory"
        }
    }

    @Test("a FIFO, a directory, /dev/zero and a symbolic link to a FIFO are refused, at once and unread",
          arguments: ["fifo", "directory", "/dev/zero", "link to fifo", "link to /dev/zero"])
    func refusesWhatIsNotARegularFile(kind: String) throws {
        let folder = try ScratchFolder("odd")
        let path: String
        let expected: FileType
        switch kind {
        case "fifo": (path, expected) = (try folder.fifo("x.ics"), .fifo)
        case "directory":
            path = folder.path + "/x.ics"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expected = .directory
        case "/dev/zero": (path, expected) = ("/dev/zero", .characterDevice)
        case "link to fifo": (path, expected) = (try folder.link("m", to: try folder.fifo("pipe")), .fifo)
        default: (path, expected) = (try folder.link("m", to: "/dev/zero"), .characterDevice)
        }
        // Without O_NONBLOCK, opening a FIFO with no writer would wait here forever.
        let error = withinSeconds(10, "the open") { () -> FileError? in
            do throws(FileError) {
                _ = try FileSystem.readRegularFile(path)
                return nil
            } catch {
                return error
            }
        } ?? nil
        #expect(error == FileError(path: path, operation: .open, cause: .notARegularFile(expected)))
        #expect(error?.description.hasPrefix("\(path): cannot open: ") == true)
        #expect(error?.description.hasSuffix(", not a regular file") == true)
    }

    @Test("the honest case beside it: a symbolic link to a regular file is followed and read")
    func linkToRegularFileIsRead() throws {
        let folder = try ScratchFolder("link")
        let target = try folder.write("Subject: x\n", to: "target")
        let link = try folder.link("link", to: target)
        #expect(try FileSystem.readRegularFile(link) == Array("Subject: x\n".utf8))
        // A file opened so is blocking again: O_NONBLOCK was only for the open.
        let file = try FileDescriptor.openRegularFile(link)
        #expect(fcntl(file.descriptor, F_GETFL) & O_NONBLOCK == 0)
    }

    @Test("a temp file is created only where nothing is: an existing file is refused (O_EXCL) and left as it was")
    func exclusiveCreateRefusesExistingName() throws {
        let folder = try ScratchFolder("excl")
        let path = folder.path + "/.x.ics.1.eventsuggest-tmp"
        let file = try FileDescriptor.createExclusively(path)
        try file.write("new")
        try file.close()
        #expect {
            _ = try FileDescriptor.createExclusively(path)
        } throws: { error in
            (error as? FileError)?.errorNumber == EEXIST && (error as? FileError)?.operation == .create
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test("a symbolic link planted at a temp file's name is not followed (O_NOFOLLOW): its target is untouched")
    func exclusiveCreateRefusesSymbolicLink() throws {
        let folder = try ScratchFolder("nofollow")
        let victim = try folder.write("keep me", to: "victim")
        let planted = try folder.link(".x.ics.1.eventsuggest-tmp", to: victim)
        let dangling = try folder.link(".y.ics.1.eventsuggest-tmp", to: folder.path + "/would-be-created")
        for path in [planted, dangling] {
            #expect(throws: FileError.self) { _ = try FileDescriptor.createExclusively(path) }
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/would-be-created"))
    }

    @Test("a lock file that is a FIFO or a symbolic link is refused, never waited on; a missing one is created")
    func lockFile() throws {
        let folder = try ScratchFolder("lock")
        let fifo = try folder.fifo(".eventsuggest.lock")
        let error = withinSeconds(10, "the open") { () -> FileError? in
            do throws(FileError) { _ = try FileDescriptor.openLockFile(fifo); return nil } catch { return error }
        } ?? nil
        #expect(error?.cause == .notARegularFile(.fifo))
        let other = try ScratchFolder("lock-link")
        let target = try other.write("", to: "elsewhere")
        let link = try other.link(".eventsuggest.lock", to: target)
        #expect(throws: FileError.self) { _ = try FileDescriptor.openLockFile(link) }

        let fresh = try ScratchFolder("lock-new")
        let lock = try FileDescriptor.openLockFile(fresh.path + "/.eventsuggest.lock")
        try lock.lockExclusively()
        lock.unlock()
        #expect(try FileSystem.status(of: fresh.path + "/.eventsuggest.lock")?.type == .regular)
    }

    @Test("a write that fails names the path and errno's text (/dev/full: ENOSPC)")
    func writeFailure() throws {
        let full = try FileDescriptor.openForWriting("/dev/full", appending: false)
        #expect {
            try full.write("report line\n")
        } throws: { error in
            let error = error as? FileError
            return error?.errorNumber == ENOSPC && error?.description == "/dev/full: cannot write: No space left on device"
        }
        // /dev/null is a fine output: devices are allowed where the user names an output.
        try FileDescriptor.openForWriting("/dev/null", appending: true).write("x")
    }

    @Test("errno texts come from strerror_r, the same on every thread at once")
    func errorTextsOnManyThreads() {
        let codes: [Int32] = [ENOENT, ENOSPC, EACCES, EISDIR, ENOTDIR, EEXIST, ELOOP, EROFS]
        let expected = codes.map { ErrorNumber($0).description }
        #expect(expected[0] == "No such file or directory" && expected[1] == "No space left on device")
        let mismatches = Counter(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<2_000 {
                let index = (worker + round) % codes.count
                if ErrorNumber(codes[index]).description != expected[index] { mismatches.add(1) }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// A counter for the threads of one test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int
    init(_ value: Int) { count = value }
    func add(_ amount: Int) { lock.lock(); count += amount; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

@Suite("POSIX files: the unlinked temporary file, offsets, filling reads")
struct TemporaryFileTests {
    @Test("an unlinked temporary file has no name in its folder, reads back what was written, and is private")
    func unlinkedTemporaryFile() throws {
        let folder = try ScratchFolder("spill")
        let file = try FileDescriptor.createUnlinkedTemporaryFile(in: folder.path, prefix: ".spill.")
        #expect(try FileSystem.entries(in: folder.path).isEmpty, "the name was left in the folder")
        #expect(file.path.hasPrefix(folder.path + "/.spill.") && !file.path.hasSuffix("XXXXXX"), "\(file.path)")
        try file.write("first ")
        try file.write(Array("second".utf8))
        #expect(try file.offset() == 12)
        try file.seek(to: 0)
        #expect(try file.read(filling: 100) == Array("first second".utf8))
        try file.seek(to: 6)
        #expect(try file.read(filling: 3) == Array("sec".utf8))
        // Mode 0600 and close-on-exec: no other user, and no child process, can reach it.
        var status = stat()
        #expect(fstat(file.descriptor, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(fcntl(file.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        // Two at once in one folder are two files.
        let other = try FileDescriptor.createUnlinkedTemporaryFile(in: folder.path, prefix: ".spill.")
        try other.write("other")
        try file.seek(to: 0)
        #expect(try file.read(filling: 100) == Array("first second".utf8))
    }

    @Test("a temporary file where none can be made: an error naming the folder's pattern, errno's text")
    func unwritableFolder() throws {
        let folder = try ScratchFolder("spill-missing")
        let missing = folder.path + "/no-such-folder"
        #expect {
            _ = try FileDescriptor.createUnlinkedTemporaryFile(in: missing, prefix: ".spill.")
        } throws: { error in
            (error as? FileError)?.description == "\(missing)/.spill.XXXXXX: cannot create: No such file or directory"
        }
    }

    @Test("read(filling:) stops only at the count or the end of the file; offset says where the next read starts")
    func fillingReadsAndOffset() throws {
        let folder = try ScratchFolder("fill")
        let path = try folder.write("0123456789", to: "ten")
        let file = try FileDescriptor.openRegularFile(path)
        #expect(try file.offset() == 0)
        #expect(try file.read(filling: 4) == Array("0123".utf8))
        #expect(try file.offset() == 4)
        #expect(try file.read(filling: 100) == Array("456789".utf8))
        #expect(try file.read(filling: 100) == [])
        #expect(try file.read(filling: 0) == [])
    }
}
