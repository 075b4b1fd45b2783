import Foundation
import POSIXFiles
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("POSIX files: listing, stat, rename, remove")
struct FileSystemTests {
    @Test("entries: every name but . and .., in name order, with the type the directory gives")
    func entries() throws {
        let folder = try ScratchFolder("list")
        try folder.write("b", to: "b.ics")
        try folder.write("a", to: "a.ics")
        try folder.write("hidden", to: ".hidden")
        _ = try folder.fifo("pipe")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        _ = try folder.link("zero", to: "/dev/zero")
        _ = try folder.link("dangling", to: folder.path + "/gone")
        // Non-ASCII names come back as they were written (UTF-8 both ways).
        try folder.write("ü", to: "Zürich.ics")
        let listed = try FileSystem.entries(in: folder.path)
        #expect(listed.map(\.name) == [".hidden", "Zürich.ics", "a.ics", "b.ics", "dangling", "pipe", "sub", "zero"])
        let types = Dictionary(uniqueKeysWithValues: listed.map { ($0.name, FileSystem.resolvedType(of: $0, in: folder.path)) })
        #expect(types["a.ics"] == .regular && types["sub"] == .directory && types["pipe"] == .fifo)
        #expect(types["zero"] == .characterDevice)
        #expect(types["dangling"] == .some(nil))
    }

    @Test("a folder that cannot be listed: an error naming it, with errno's text")
    func unlistable() throws {
        let folder = try ScratchFolder("unlistable")
        let file = try folder.write("x", to: "file")
        #expect {
            _ = try FileSystem.entries(in: file)
        } throws: { error in
            (error as? FileError)?.description == "\(file): cannot list: Not a directory"
        }
    }

    @Test("status: nil for nothing there; lstat sees the link, stat what it points to")
    func status() throws {
        let folder = try ScratchFolder("status")
        let target = try folder.write("12345", to: "t")
        let link = try folder.link("l", to: target)
        #expect(try FileSystem.status(of: folder.path + "/none") == nil)
        #expect(try FileSystem.status(of: folder.path + "/t/below") == nil)
        #expect(try FileSystem.status(of: link)?.type == .regular)
        #expect(try FileSystem.status(of: link)?.size == 5)
        #expect(try FileSystem.status(of: link, followingLinks: false)?.type == .symbolicLink)
    }

    @Test("rename replaces, remove says whether there was something, makeDirectories makes parents")
    func renameRemoveMake() throws {
        let folder = try ScratchFolder("rename")
        let old = try folder.write("old", to: "event.ics")
        let new = try folder.write("new", to: ".event.ics.tmp")
        try FileSystem.rename(new, to: old)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "new")
        #expect(try FileSystem.remove(old))
        #expect(try !FileSystem.remove(old))
        let deep = folder.path + "/a/b/c"
        try FileSystem.makeDirectories(deep)
        try FileSystem.makeDirectories(deep)
        #expect(try FileSystem.status(of: deep)?.type == .directory)
        let blocked = try folder.write("x", to: "plain")
        #expect(throws: FileError.self) { try FileSystem.makeDirectories(blocked + "/sub") }
    }
    @Test("contents(of:): a file of any kind read to its end (a FIFO too); nil for nothing there or a folder")
    func contentsOfAnyFile() throws {
        let folder = try ScratchFolder("contents")
        let plain = try folder.write("v=DKIM1; p=\n", to: "keys")
        #expect(FileSystem.contents(of: plain) == Array("v=DKIM1; p=\n".utf8))
        #expect(FileSystem.contents(of: folder.path + "/absent") == nil)
        #expect(FileSystem.contents(of: folder.path) == nil)
        // wholeContents(of:) says why, for the user's error message.
        #expect(throws: FileError.self) { try FileSystem.wholeContents(of: folder.path + "/absent") }
        do {
            _ = try FileSystem.wholeContents(of: folder.path + "/absent")
        } catch {
            #expect(error.reason == "No such file or directory")
        }
        do {
            _ = try FileSystem.wholeContents(of: folder.path)
        } catch {
            #expect(error.reason == "Is a directory")
        }
        let pipe = try folder.fifo("pipe")
        let writer = Thread {
            let descriptor = open(pipe, O_WRONLY)
            _ = "through a pipe".withCString { write(descriptor, $0, 14) }
            close(descriptor)
        }
        writer.start()
        let read = withinSeconds(10, "the read of the FIFO") { FileSystem.contents(of: pipe) } ?? nil
        #expect(read == Array("through a pipe".utf8))
    }

    @Test("exists and isReadable: stat and access(R_OK), a dangling link not there")
    func existsAndReadable() throws {
        let folder = try ScratchFolder("exists")
        let plain = try folder.write("x", to: "plain")
        #expect(FileSystem.exists(plain) && FileSystem.isReadable(plain))
        #expect(!FileSystem.exists(folder.path + "/absent") && !FileSystem.isReadable(folder.path + "/absent"))
        let dangling = try folder.link("dangling", to: folder.path + "/absent")
        #expect(!FileSystem.exists(dangling))
        #expect(FileSystem.exists(folder.path))
    }
}
