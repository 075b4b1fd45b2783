import Foundation
import Mailbox
import Testing

@Suite("mbox reading")
struct MboxReaderTests {
    // MARK: splitting

    @Test("messages are split at envelope lines; the envelope and the separating empty line are dropped")
    func splitsMessages() throws {
        let directory = try TemporaryDirectory("mbox-split")
        let path = try directory.write(
            "From alice@example.com Mon Jan  1 00:00:00 2024\n"   // 1
                + "From: alice@example.com\n"                     // 2
                + "Subject: one\n"                                // 3
                + "\n"                                            // 4
                + "first body\n"                                  // 5
                + "\n"                                            // 6 separator
                + "From bob@example.com Tue Jan  2 00:00:00 2024\n" // 7
                + "From: bob@example.com\n"                       // 8
                + "Subject: two\n"                                // 9
                + "\n"                                            // 10
                + "second body\n"                                 // 11
                + "\n"                                            // 12 the message's own
                + "\n"                                            // 13 the message's own
                + "\n"                                            // 14 separator
                + "From carol@example.com Wed Jan  3 00:00:00 2024\n" // 15
                + "From: carol@example.com\n"                     // 16
                + "Subject: three\n"                              // 17
                + "\n"                                            // 18
                + "third body\n"                                  // 19
                + "From dave@example.com Thu Jan  4 00:00:00 2024\n" // 20 (no empty line before it)
                + "Subject: four\n"                               // 21
                + "\n"                                            // 22
                + "fourth body\n",                                // 23
            to: "inbox.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == [
            "From: alice@example.com\nSubject: one\n\nfirst body\n",
            "From: bob@example.com\nSubject: two\n\nsecond body\n\n\n",
            "From: carol@example.com\nSubject: three\n\nthird body\n",
            "Subject: four\n\nfourth body\n",
        ])
        #expect(messages.map(\.location.line) == [2, 8, 16, 21])
        #expect(messages.allSatisfy { $0.location.path == path && $0.findings.isEmpty })
    }

    @Test("a CRLF mbox: CRLF kept inside messages, the CRLF separator line removed")
    func crlfMbox() throws {
        let directory = try TemporaryDirectory("mbox-crlf")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\r\n"
                + "Subject: one\r\n\r\nbody one\r\n\r\n\r\n"
                + "From b@example.com Mon Jan  1 00:00:00 2024\r\n"
                + "Subject: two\r\n\r\n>From quoted\r\nbody two\r\n",
            to: "crlf.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == [
            "Subject: one\r\n\r\nbody one\r\n\r\n",
            "Subject: two\r\n\r\nFrom quoted\r\nbody two\r\n",
        ])
        #expect(messages.map(\.location.line) == [2, 8])
    }

    @Test("the last message without a final newline keeps its last line whole")
    func lastMessageWithoutNewline() throws {
        let directory = try TemporaryDirectory("mbox-no-newline")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nSubject: one\n\nbody one\n\n"
                + "From b@example.com Mon Jan  1 00:00:00 2024\nSubject: two\n\nno final newline",
            to: "m.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == ["Subject: one\n\nbody one\n", "Subject: two\n\nno final newline"])
        #expect(messages.map(\.location.line) == [2, 7])
    }

    /// mboxrd and mboxo writers (Python's `mailbox`, mutt, procmail) end every message,
    /// the last one included, with an empty line; Python's reader drops it for the last
    /// message too. A message must read the same wherever it stands in the file.
    @Test("the empty line a writer puts after the last message is the separator too",
          arguments: ["\n", "\r\n"])
    func lastMessageSeparator(newline: String) throws {
        let directory = try TemporaryDirectory("mbox-last-separator")
        let message = "Subject: same\(newline)\(newline)body\(newline)"
        let envelope = "From a@example.com Mon Jan  1 00:00:00 2024\(newline)"
        let path = try directory.write(
            envelope + message + newline + envelope + message + newline, to: "m.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == [message, message])
    }

    @Test("a body line starting with an unquoted \"From \" starts a new message, as mboxo files are read")
    func unquotedFromInBody() throws {
        let directory = try TemporaryDirectory("mbox-from-line")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\n"  // 1
                + "Subject: one\n"                          // 2
                + "\n"                                      // 3
                + "Hello,\n"                                // 4
                + "From here on we talk about money.\n"     // 5
                + "more text\n",                            // 6
            to: "m.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == ["Subject: one\n\nHello,\n", "more text\n"])
        #expect(messages.map(\.location.line) == [2, 6])
    }

    @Test("text before the first envelope line is not a message")
    func preambleSkipped() throws {
        let directory = try TemporaryDirectory("mbox-preamble")
        let path = try directory.write(
            "not a message\n\nFrom a@example.com Mon Jan  1 00:00:00 2024\nSubject: one\n\nbody\n", to: "m.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == ["Subject: one\n\nbody\n"])
        #expect(messages.map(\.location.line) == [4])
    }

    @Test("files without envelopes, and envelopes without content", arguments: [
        ("", [String](), [Int]()),
        ("Subject: no envelope\n\nbody\n", [], []),
        ("From a@example.com Mon Jan  1 00:00:00 2024\n", [""], [2]),
        ("From a@example.com Mon Jan  1 00:00:00 2024\n\nFrom b@example.com Mon Jan  1 00:00:00 2024\nS: x\n",
         ["", "S: x\n"], [2, 4]),
    ])
    func degenerateFiles(content: String, texts: [String], lines: [Int]) throws {
        let directory = try TemporaryDirectory("mbox-degenerate")
        let path = try directory.write(content, to: "m.mbox")
        let messages = try readMbox(path)
        #expect(messages.map(\.text) == texts)
        #expect(messages.map(\.location.line) == lines.map { Optional($0) })
    }

    // MARK: From-quoting

    /// (body line as stored, as read with mboxrd, as read with mboxo)
    static let quoting: [(String, String, String)] = [
        (">From x\n", "From x\n", "From x\n"),
        (">>From x\n", ">From x\n", ">>From x\n"),
        (">>>From x\n", ">>From x\n", ">>>From x\n"),
        (">>From x\r\n", ">From x\r\n", ">>From x\r\n"),
        (">From\n", ">From\n", ">From\n"),          // no space: not a From line
        (">Fromage\n", ">Fromage\n", ">Fromage\n"),
        ("> From x\n", "> From x\n", "> From x\n"),
        (">>\n", ">>\n", ">>\n"),
        (">from x\n", ">from x\n", ">from x\n"),    // the envelope is case-sensitive
        ("x>From y\n", "x>From y\n", "x>From y\n"),
        (" >From x\n", " >From x\n", " >From x\n"),
    ]

    @Test("mboxrd unquotes >+From lines by one '>', mboxo only >From", arguments: quoting)
    func unquoting(stored: String, mboxrd: String, mboxo: String) throws {
        let directory = try TemporaryDirectory("mbox-quoting")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nSubject: q\n\n\(stored)\n"
                + "From b@example.com Mon Jan  1 00:00:00 2024\nSubject: r\n\n\(stored)",
            to: "m.mbox")
        for (format, expected) in [(MboxFormat.mboxrd, mboxrd), (.mboxo, mboxo)] {
            let messages = try readMbox(path, format: format)
            #expect(messages.map(\.text) == ["Subject: q\n\n" + expected, "Subject: r\n\n" + expected],
                    "format \(format)")
        }
    }

    @Test("MessageSource passes the mbox format on")
    func formatThroughSource() throws {
        let directory = try TemporaryDirectory("mbox-format-source")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nSubject: q\n\n>>From x\n>From y\n", to: "m.mbox")
        var rd: [String] = []
        try MessageSource.open(path).forEachMessage(format: .mboxrd) { rd.append($0.text) }
        var o: [String] = []
        try MessageSource.open(path).forEachMessage(format: .mboxo) { o.append($0.text) }
        var standard: [String] = []
        try MessageSource.open(path).forEachMessage { standard.append($0.text) }
        #expect(rd == ["Subject: q\n\n>From x\nFrom y\n"])
        #expect(o == ["Subject: q\n\n>>From x\nFrom y\n"])
        #expect(standard == rd)
    }

    // MARK: chunk boundaries

    static let chunkFixture: [UInt8] = Array((
        "preamble that is not a message\n"                          // 1
            + "\n"                                                  // 2
            + "From alice@example.com Mon Jan  1 00:00:00 2024\r\n" // 3
            + "From: alice@example.com\r\n"                         // 4
            + "Subject: crlf\r\n"                                   // 5
            + "\r\n"                                                // 6
            + String(repeating: "a", count: 10_000) + "\r\n"        // 7
            + ">From quoted\r\n"                                    // 8
            + ">>From twice\r\n"                                    // 9
            + "\r\n"                                                // 10
            + "From bob@example.com Tue Jan  2 00:00:00 2024\n"     // 11
            + "Subject: lf\n"                                       // 12
            + "\n"                                                  // 13
            + "line\n"                                              // 14
            + "\n"                                                  // 15
            + "\n"                                                  // 16
            + "From carol@example.com Wed Jan  3 00:00:00 2024\n"   // 17
            + "Subject: last\n"                                     // 18
            + "\n"                                                  // 19
            + "no final newline"                                    // 20
    ).utf8)

    @Test("the same messages whatever the read chunk size", arguments: [1, 2, 5, 7, 4096, nil] as [Int?])
    func chunkSizes(chunkSize: Int?) throws {
        let directory = try TemporaryDirectory("mbox-chunks")
        let path = try directory.write(Self.chunkFixture, to: "m.mbox")
        let messages = try readMbox(path, chunkSize: chunkSize)
        #expect(messages.map(\.text) == [
            "From: alice@example.com\r\nSubject: crlf\r\n\r\n" + String(repeating: "a", count: 10_000)
                + "\r\nFrom quoted\r\n>From twice\r\n",
            "Subject: lf\n\nline\n\n",
            "Subject: last\n\nno final newline",
        ])
        #expect(messages.map(\.location.line) == [4, 12, 18])
        #expect(messages.allSatisfy { $0.findings.isEmpty })
    }

    // MARK: locations

    @Test("MessageLocation maps message lines to file lines and prints path:line")
    func locations() {
        let inMbox = MessageLocation(path: "box.mbox", line: 8)
        #expect(inMbox.fileLine(1) == 8)
        #expect(inMbox.fileLine(3) == 10)
        #expect(inMbox.description == "box.mbox:8")
        let file = MessageLocation(path: "m.eml")
        #expect(file.line == nil)
        #expect(file.fileLine(3) == 3)
        #expect(file.description == "m.eml")
    }

    // MARK: limits

    @Test("a message over maxMessageBytes is reported at its line and skipped; the next is read",
          arguments: [1, 7, nil] as [Int?])
    func messageTooLarge(chunkSize: Int?) throws {
        let directory = try TemporaryDirectory("mbox-too-large")
        let path = try directory.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\n"   // 1
                + "Subject: small\n\nok\n\n"                  // 2-5
                + "From b@example.com Mon Jan  1 00:00:00 2024\n" // 6
                + "Subject: big\n\n"                          // 7-8
                + String(repeating: "x", count: 200) + "\n"   // 9
                + "\n"                                        // 10
                + "From c@example.com Mon Jan  1 00:00:00 2024\n" // 11
                + "Subject: after\n\nfine\n",                 // 12-14
            to: "m.mbox")
        let messages = try readMbox(path, limits: MailboxLimits(maxMessageBytes: 100), chunkSize: chunkSize)
        try #require(messages.count == 3)
        #expect(messages[0].text == "Subject: small\n\nok\n")
        #expect(messages[0].findings.isEmpty)
        #expect(messages[1].bytes.isEmpty)
        #expect(messages[1].location.line == 7)
        #expect(messages[1].findingCodes == ["message-too-large"])
        #expect(messages[1].findings.first?.severity == .error)
        #expect(messages[1].findings.first?.location?.line == 7)
        #expect(messages[1].findings.first?.message.contains("100") == true)
        #expect(messages[2].text == "Subject: after\n\nfine\n")
        #expect(messages[2].location.line == 12)
        #expect(messages[2].findings.isEmpty)
    }

    /// maxMessageBytes is "the largest message read": a message of exactly that size is
    /// read, wherever it is in the file (the separator line is not part of its size).
    @Test("maxMessageBytes is inclusive, for a message in the middle and at the end", arguments: [
        (100, true), (101, false),
    ])
    func messageSizeBoundary(size: Int, fits: Bool) throws {
        let directory = try TemporaryDirectory("mbox-size-boundary")
        let message = "Subject: s\n\n" + String(repeating: "y", count: size - 13) + "\n"
        #expect(message.utf8.count == size)
        let envelope = "From a@example.com Mon Jan  1 00:00:00 2024\n"
        let path = try directory.write(envelope + message + "\n" + envelope + message, to: "m.mbox")
        let messages = try readMbox(path, limits: MailboxLimits(maxMessageBytes: 100))
        try #require(messages.count == 2)
        for (index, read) in messages.enumerated() {
            #expect(read.findingCodes == (fits ? [] : ["message-too-large"]), "message \(index + 1)")
            #expect(read.text == (fits ? message : ""), "message \(index + 1)")
        }
    }

    @Test("a missing mbox is .notFound")
    func missingMbox() throws {
        let directory = try TemporaryDirectory("mbox-missing")
        let path = directory.path + "/absent.mbox"
        #expect(throws: MailboxError.notFound(path: path)) { _ = try MboxReader(path: path) }
    }
}
