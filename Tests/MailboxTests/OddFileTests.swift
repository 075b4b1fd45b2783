import Findings
import Foundation
import Mailbox
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Maildir entries and paths that are not regular files (issue 14)")
struct OddFileTests {
    /// A Maildir with two good messages around `odd` entries in cur/.
    static func maildir(_ directory: TemporaryDirectory, odd: (String) throws -> Void) throws -> String {
        let root = directory.path + "/Mail"
        try directory.write("Subject: 1\n\none\n", to: "Mail/cur/1-first")
        try directory.write("Subject: 3\n\nthree\n", to: "Mail/cur/3-last")
        try odd(root + "/cur")
        return root
    }

    @Test("a link to /dev/zero, a link to a FIFO, a FIFO: listed, and each read is refused at once with message-unreadable naming it",
          arguments: ["link to /dev/zero", "link to fifo", "fifo"])
    func oddEntriesAreReportedNotRead(kind: String) throws {
        let directory = try TemporaryDirectory("maildir-odd")
        let root = try Self.maildir(directory) { cur in
            switch kind {
            case "link to /dev/zero": try FileManager.default.createSymbolicLink(atPath: cur + "/2-odd", withDestinationPath: "/dev/zero")
            case "link to fifo":
                #expect(mkfifo(directory.path + "/pipe", 0o644) == 0)
                try FileManager.default.createSymbolicLink(atPath: cur + "/2-odd", withDestinationPath: directory.path + "/pipe")
            default: #expect(mkfifo(cur + "/2-odd", 0o644) == 0)
            }
        }
        let odd = root + "/cur/2-odd"
        #expect(try MaildirReader(path: root).messageFiles() == [root + "/cur/1-first", odd, root + "/cur/3-last"])
        let messages = withinSeconds(10, "the read") { () -> [MailboxMessage] in
            var messages: [MailboxMessage] = []
            try? MessageSource.open(root).forEachReference { messages.append($0.load(limits: .default)) }
            return messages
        }
        let read = try #require(messages)
        // Nothing else lost: the messages around it come whole.
        #expect(read.map(\.text) == ["Subject: 1\n\none\n", "", "Subject: 3\n\nthree\n"])
        #expect(read.map(\.findingCodes) == [[], [FindingCode.messageUnreadable.id], []])
        let what = kind.hasSuffix("/dev/zero") ? "a character device" : "a FIFO (named pipe)"
        #expect(read[1].findings.first?.message == "\(odd): cannot read: \(what), not a regular file")
    }

    @Test("the honest case beside it: a link to a message elsewhere is read like the message")
    func linkToMessage() throws {
        let directory = try TemporaryDirectory("maildir-link-ok")
        let elsewhere = try directory.write("Subject: 2\n\ntwo\n", to: "archive/2")
        let root = try Self.maildir(directory) { cur in
            try FileManager.default.createSymbolicLink(atPath: cur + "/2-link", withDestinationPath: elsewhere)
        }
        var read: [MailboxMessage] = []
        try MessageSource.open(root).forEachMessage { read.append($0) }
        #expect(read.map(\.text) == ["Subject: 1\n\none\n", "Subject: 2\n\ntwo\n", "Subject: 3\n\nthree\n"])
        #expect(read.allSatisfy { $0.findings.isEmpty })
    }

    @Test("a PATH that is a FIFO or a device is refused unread, naming it; never waited on",
          arguments: ["fifo", "/dev/zero"])
    func oddPathArguments(kind: String) throws {
        let directory = try TemporaryDirectory("path-odd")
        let path = kind == "fifo" ? directory.path + "/in.eml" : "/dev/zero"
        if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) }
        let what = kind == "fifo" ? "a FIFO (named pipe)" : "a character device"
        for call in ["open", "readWhole", "mbox"] {
            let error = withinSeconds(10, "the read") { () -> MailboxError? in
                do throws(MailboxError) {
                    switch call {
                    case "open": _ = try MessageSource.open(path)
                    case "readWhole": _ = try MessageSource.readWhole(path)
                    default: _ = try MboxReader(path: path)
                    }
                    return nil
                } catch {
                    return error
                }
            } ?? nil
            #expect(error == .unreadable(path: path, reason: "\(what), not a regular file"), "\(call)")
        }
    }
}
