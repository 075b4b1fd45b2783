import Findings
import Foundation
import Mailbox
import Testing

@Suite("message sources")
struct MessageSourceTests {
    /// (file content, what it is taken for)
    static let classification: [(String, String)] = [
        ("From a@example.com Mon Jan  1 00:00:00 2024\nSubject: x\n\nbody\n", "mbox"),
        ("From a@example.com Mon Jan  1 00:00:00 2024\r\nSubject: x\r\n\r\nbody\r\n", "mbox"),
        ("From ", "mbox"),
        ("From: a@example.com\nSubject: x\n\nbody\n", "file"),
        ("Subject: x\n\nFrom the body\n", "file"),
        ("Return-Path: <a@example.com>\nFrom a@example.com\n", "file"),
        (" From a@example.com\n", "file"),
        ("\nFrom a@example.com\n", "file"),
        ("from a@example.com Mon Jan  1 00:00:00 2024\n", "file"),
        ("From", "file"),
        ("", "file"),
    ]

    @Test("a file whose size the file system gives as 0 (/proc) is still read whole, in chunks")
    func sizeNotKnownInAdvance() throws {
        let status = try MessageSource.readWhole("/proc/self/status")
        #expect(status.findings.isEmpty)
        #expect(String(decoding: status.bytes, as: UTF8.self).hasPrefix("Name:"))
        #expect(status.bytes.last == 0x0A)
        let small = try MessageSource.readWhole("/proc/self/status", limits: MailboxLimits(maxMessageBytes: 10))
        #expect(small.bytes.isEmpty)
        #expect(small.findingCodes == ["message-too-large"])
    }

    @Test("a file whose first line starts with \"From \" is an mbox; any other file is one message",
          arguments: classification)
    func classifiesFiles(content: String, expected: String) throws {
        let directory = try TemporaryDirectory("classify")
        let path = try directory.write(content, to: "input")
        #expect(kind(of: try MessageSource.open(path)) == expected)
    }

    @Test("- is standard input; a Maildir folder is a Maildir")
    func classifiesOthers() throws {
        #expect(kind(of: try MessageSource.open("-")) == "stdin")
        let directory = try TemporaryDirectory("classify-dir")
        try directory.makeFolder("Mail/cur")
        #expect(kind(of: try MessageSource.open(directory.path + "/Mail")) == "maildir")
        guard case .maildir(let reader) = try MessageSource.open(directory.path + "/Mail", recursive: true) else {
            Issue.record("not a Maildir")
            return
        }
        #expect(reader.recursive)
        #expect(reader.path == directory.path + "/Mail")
    }

    @Test("a single file is one message, byte for byte, with no line")
    func singleFile() throws {
        let directory = try TemporaryDirectory("single")
        let content = "From: a@example.com\r\nSubject: x\r\n\r\nFrom the top\r\n>From quoted\r\n\r\n"
        let path = try directory.write(content, to: "m.eml")
        var messages: [MailboxMessage] = []
        try MessageSource.open(path).forEachMessage { messages.append($0) }
        #expect(messages.map(\.text) == [content])
        #expect(messages.map(\.location) == [MessageLocation(path: path)])
        #expect(messages.map(\.findings.count) == [0])
    }

    @Test("references: Maildir files are handed over unread and read on load; an mbox's are read already")
    func references() throws {
        let directory = try TemporaryDirectory("references")
        let maildir = directory.path + "/Maildir"
        for sub in ["cur", "new", "tmp"] { try FileManager.default.createDirectory(atPath: maildir + "/" + sub, withIntermediateDirectories: true) }
        let first = try directory.write("Subject: 1\n\none\n", to: "Maildir/cur/1.a:2,S")
        let second = try directory.write("Subject: 2\n\ntwo\n", to: "Maildir/new/2.b")
        var references: [MessageReference] = []
        try MessageSource.open(maildir).forEachReference { references.append($0) }
        let paths = references.map { reference -> String? in if case .file(let path) = reference { path } else { nil } }
        #expect(paths == [first, second])
        #expect(references.map { $0.load(limits: .default).text } == ["Subject: 1\n\none\n", "Subject: 2\n\ntwo\n"])

        // A file that went away after the listing: an empty message with an error, not a thrown error.
        try FileManager.default.removeItem(atPath: first)
        let vanished = references[0].load(limits: .default)
        #expect(vanished.bytes.isEmpty && vanished.location == MessageLocation(path: first))
        #expect(vanished.findings.map(\.code) == [FindingCode.messageUnreadable.id])
        #expect(vanished.findings.first?.message.contains(first) == true)
        // Over the size limit: the same finding as forEachMessage gives.
        #expect(references[1].load(limits: MailboxLimits(maxMessageBytes: 4)).findings.map(\.code) == [FindingCode.messageTooLarge.id])

        let mbox = try directory.write("From a@example.com Mon Jan  1 00:00:00 2024\nSubject: x\n\nbody\n", to: "box.mbox")
        var fromMbox: [MessageReference] = []
        try MessageSource.open(mbox).forEachReference { fromMbox.append($0) }
        guard case .read(let message)? = fromMbox.first, fromMbox.count == 1 else {
            Issue.record("an mbox message should come read: \(fromMbox)")
            return
        }
        #expect(message.text == "Subject: x\n\nbody\n" && message.location.line == 2)
    }

    @Test("an mbox through MessageSource: every message, in order, with its line")
    func mboxThroughSource() throws {
        let directory = try TemporaryDirectory("source-mbox")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nSubject: one\n\n1\n\n"
                + "From b@example.com Mon Jan  1 00:00:00 2024\nSubject: two\n\n2\n",
            to: "box")
        var messages: [MailboxMessage] = []
        try MessageSource.open(path).forEachMessage { messages.append($0) }
        #expect(messages.map(\.text) == ["Subject: one\n\n1\n", "Subject: two\n\n2\n"])
        #expect(messages.map(\.location) == [
            MessageLocation(path: path, line: 2), MessageLocation(path: path, line: 7),
        ])
    }

    @Test("readWhole: maxMessageBytes is inclusive; one byte more is message-too-large", arguments: [
        (100, true), (101, false),
    ])
    func readWholeLimit(size: Int, fits: Bool) throws {
        let directory = try TemporaryDirectory("read-whole")
        let content = String(repeating: "z", count: size)
        let path = try directory.write(content, to: "m.eml")
        let message = try MessageSource.readWhole(path, limits: MailboxLimits(maxMessageBytes: 100))
        #expect(message.text == (fits ? content : ""))
        #expect(message.findingCodes == (fits ? [] : ["message-too-large"]))
        #expect(message.location == MessageLocation(path: path))
    }

    @Test("the body's error propagates and stops the iteration")
    func bodyErrorStops() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory("stop")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nS: 1\n\n"
                + "From b@example.com Mon Jan  1 00:00:00 2024\nS: 2\n", to: "box")
        var seen = 0
        #expect(throws: Stop.self) {
            try MessageSource.open(path).forEachMessage { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
    }
}
