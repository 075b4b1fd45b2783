import Foundation
import Mailbox
import Testing

@Suite("Maildir reading")
struct MaildirReaderTests {
    @Test("cur/ and new/ are read in name order, tmp/ never, dot files and folders skipped")
    func curAndNew() throws {
        let directory = try TemporaryDirectory("maildir")
        let root = directory.path + "/Mail"
        try directory.write("Subject: b\n\nb\n", to: "Mail/cur/1700000002.b:2,S")
        try directory.write("Subject: a\n\na\n", to: "Mail/cur/1700000001.a:2,S")
        try directory.write("hidden\n", to: "Mail/cur/.1700000000.hidden")
        try directory.makeFolder("Mail/cur/1700000003.folder")
        try directory.write("Subject: c\n\nc\n", to: "Mail/new/1700000009.c")
        try directory.write("Subject: 0\n\n0\n", to: "Mail/new/1700000000.0")
        try directory.write("Subject: being written\n", to: "Mail/tmp/1700000005.t")

        let files = try MaildirReader(path: root).messageFiles()
        #expect(files == [
            root + "/cur/1700000001.a:2,S",
            root + "/cur/1700000002.b:2,S",
            root + "/new/1700000000.0",
            root + "/new/1700000009.c",
        ])
    }

    @Test("a symbolic link to a message is read; one to a folder, or to nothing, is not")
    func symbolicLinks() throws {
        let directory = try TemporaryDirectory("maildir-links")
        let root = directory.path + "/Mail"
        let elsewhere = try directory.write("Subject: kept elsewhere\n\nx\n", to: "archive/m")
        try directory.write("Subject: a\n\na\n", to: "Mail/cur/1")
        try FileManager.default.createSymbolicLink(atPath: root + "/cur/2-link", withDestinationPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: root + "/cur/3-folder", withDestinationPath: directory.path + "/archive")
        try FileManager.default.createSymbolicLink(atPath: root + "/cur/4-dangling", withDestinationPath: directory.path + "/gone")
        #expect(try MaildirReader(path: root).messageFiles() == [root + "/cur/1", root + "/cur/2-link"])
    }

    @Test("a new/ that cannot be listed (here a file, not a folder) is an error naming it")
    func unlistableFolder() throws {
        let directory = try TemporaryDirectory("maildir-unlistable")
        try directory.write("Subject: a\n\na\n", to: "Mail/cur/1")
        let new = try directory.write("not a folder\n", to: "Mail/new")
        #expect(throws: MailboxError.unreadable(path: new, reason: "Not a directory")) {
            try MaildirReader(path: directory.path + "/Mail").messageFiles()
        }
    }

    @Test("a Maildir with only new/ (or only cur/) is a Maildir", arguments: ["new", "cur"])
    func onlyOneFolder(folder: String) throws {
        let directory = try TemporaryDirectory("maildir-one")
        try directory.write("Subject: x\n\nx\n", to: "Mail/\(folder)/m1")
        #expect(MaildirReader.isMaildir(directory.path + "/Mail"))
        #expect(try MaildirReader(path: directory.path + "/Mail").messageFiles() == [
            directory.path + "/Mail/\(folder)/m1",
        ])
    }

    @Test("Maildir++ subfolders (.Name) are read only with recursive, after the root, by name")
    func maildirPlusPlus() throws {
        let directory = try TemporaryDirectory("maildirpp")
        let root = directory.path + "/Mail"
        try directory.write("root\n", to: "Mail/cur/r1")
        try directory.write("sub\n", to: "Mail/.Sub/cur/s1")
        try directory.write("sub new\n", to: "Mail/.Sub/new/s2")
        try directory.write("archive\n", to: "Mail/.Archive.2023/new/a1")
        try directory.write("tmp only\n", to: "Mail/.Drafts/tmp/d1")  // no cur/ or new/: not a folder
        try directory.write("plain\n", to: "Mail/Plain/cur/p1")       // no leading dot: not Maildir++
        try directory.write("tmp\n", to: "Mail/.Sub/tmp/s3")

        #expect(try MaildirReader(path: root).messageFiles() == [root + "/cur/r1"])
        #expect(try MaildirReader(path: root, recursive: false).messageFiles() == [root + "/cur/r1"])
        #expect(try MaildirReader(path: root, recursive: true).messageFiles() == [
            root + "/cur/r1",
            root + "/.Archive.2023/new/a1",
            root + "/.Sub/cur/s1",
            root + "/.Sub/new/s2",
        ])
    }

    @Test("recursive reaches subfolders through MessageSource too")
    func recursiveThroughSource() throws {
        let directory = try TemporaryDirectory("maildirpp-source")
        let root = directory.path + "/Mail"
        try directory.write("root\n", to: "Mail/new/r1")
        try directory.write("sub\n", to: "Mail/.Sub/cur/s1")
        var flat: [String] = []
        try MessageSource.open(root).forEachMessage { flat.append($0.location.path) }
        var deep: [String] = []
        try MessageSource.open(root, recursive: true).forEachMessage { deep.append($0.location.path) }
        #expect(flat == [root + "/new/r1"])
        #expect(deep == [root + "/new/r1", root + "/.Sub/cur/s1"])
    }

    @Test("each Maildir message is the file's bytes, located by its path with no line")
    func messagesAreFiles() throws {
        let directory = try TemporaryDirectory("maildir-bytes")
        let root = directory.path + "/Mail"
        let first = "From: a@example.com\r\nSubject: one\r\n\r\nFrom the start\r\n\r\n"
        let second = "Subject: two\n\n>From quoted stays quoted in a Maildir\n"
        try directory.write(first, to: "Mail/cur/1")
        try directory.write(second, to: "Mail/cur/2")
        var messages: [MailboxMessage] = []
        try MessageSource.open(root).forEachMessage { messages.append($0) }
        try #require(messages.count == 2)
        #expect(messages[0].text == first)
        #expect(messages[0].location == MessageLocation(path: root + "/cur/1", line: nil))
        #expect(messages[1].text == second)
        #expect(messages[1].location.line == nil)
        #expect(messages.allSatisfy { $0.findings.isEmpty })
    }

    @Test("a Maildir file larger than maxMessageBytes is reported and skipped, the next still read")
    func tooLargeFile() throws {
        let directory = try TemporaryDirectory("maildir-large")
        let root = directory.path + "/Mail"
        try directory.write(String(repeating: "x", count: 101), to: "Mail/cur/1")
        try directory.write(String(repeating: "y", count: 100), to: "Mail/cur/2")
        var messages: [MailboxMessage] = []
        try MessageSource.open(root).forEachMessage(limits: MailboxLimits(maxMessageBytes: 100)) {
            messages.append($0)
        }
        try #require(messages.count == 2)
        #expect(messages[0].findingCodes == ["message-too-large"])
        #expect(messages[0].bytes.isEmpty)
        #expect(messages[0].location.path == root + "/cur/1")
        #expect(messages[1].findingCodes == [])
        #expect(messages[1].text == String(repeating: "y", count: 100))
    }

    @Test("a directory that is not a Maildir is .notAMailbox, from the reader and from open")
    func notAMaildir() throws {
        let directory = try TemporaryDirectory("not-maildir")
        try directory.write("x\n", to: "tmp/only-tmp")
        try directory.write("x\n", to: "cur")  // a file named cur is not a folder
        #expect(!MaildirReader.isMaildir(directory.path))
        #expect(throws: MailboxError.notAMailbox(path: directory.path)) {
            try MaildirReader(path: directory.path).messageFiles()
        }
        #expect(throws: MailboxError.notAMailbox(path: directory.path)) {
            try MessageSource.open(directory.path)
        }
    }

    @Test("a missing path is .notFound, and the error names it")
    func missingPath() throws {
        let directory = try TemporaryDirectory("missing")
        let missing = directory.path + "/no-such-maildir"
        #expect(throws: MailboxError.notFound(path: missing)) { try MessageSource.open(missing) }
        #expect(MailboxError.notFound(path: missing).description == missing + ": no such file or directory")
        #expect(MailboxError.notAMailbox(path: "/x").description.hasPrefix("/x: "))
    }
}
