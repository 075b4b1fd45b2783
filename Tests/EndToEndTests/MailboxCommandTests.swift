import Foundation
import TestSupport
import Testing

/// Helpers for the mailbox and robustness end-to-end tests (namespaced: other files share the module).
enum MailboxE2E {
    /// A fresh temp folder; call `remove()` when done (or use `withFolder`).
    static func makeFolder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("es-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @discardableResult
    static func write(_ bytes: [UInt8], to name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    static func write(_ text: String, to name: String, in folder: URL) throws -> String {
        try write(Array(text.utf8), to: name, in: folder)
    }

    /// The stdout lines of `inspect --json`, each parsed as a JSON object.
    static func objects(_ result: TestBinary.Result) throws -> [[String: Any]] {
        try result.stdoutText.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            guard let object = value as? [String: Any] else {
                throw JSONShapeError(text: String(line.prefix(200)))
            }
            return object
        }
    }

    struct JSONShapeError: Error { var text: String }

    static func findingCodes(_ object: [String: Any]) -> [String] {
        (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    static func findings(_ object: [String: Any], code: String) -> [[String: Any]] {
        (object["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
    }

    /// (path, type, bytes) of each listed part.
    static func parts(_ object: [String: Any]) -> [Part] {
        (object["parts"] as? [[String: Any]] ?? []).map {
            Part(path: $0["path"] as? String ?? "?", type: $0["type"] as? String ?? "?", bytes: $0["bytes"] as? Int)
        }
    }

    struct Part: Equatable, CustomStringConvertible {
        var path: String
        var type: String
        var bytes: Int?
        var description: String { "\(path) \(type) \(bytes.map(String.init) ?? "nil")" }
    }

    /// SplitMix64: a small deterministic generator, so inputs are the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func bytes(_ count: Int) -> [UInt8] {
            var output = [UInt8]()
            output.reserveCapacity(count + 8)
            while output.count < count {
                var word = next()
                for _ in 0..<8 {
                    output.append(UInt8(truncatingIfNeeded: word))
                    word >>= 8
                }
            }
            return Array(output.prefix(count))
        }
    }
}

@Suite("inspect over mailboxes", .serialized)
struct MailboxCommandTests {
    static let oneSHA = "2c8b08da5ce60398e1f19af0e5dccc744df274b826abe585eaba68c525434806"  // "one\n"
    static let twoSHA = "27dd8ed44a83ff94d557f9fd0412ed5a8cbca69ea04922d88c01184a07300a5a"  // "two\n"
    static let subSHA = "a9294fcd1dbc598ec49a7879ba2d0702c9bf1ba7a0fe2d7881707cbbda36f50b"  // "sub\n"

    static func expectedLine(file: String, line: Int? = nil, name: String?, address: String, subject: String,
                             messageID: String, bytes: Int, sha: String) -> String {
        let domain = address.split(separator: "@").last.map(String.init) ?? ""
        return "{\"file\":\"\(file)\"" + (line.map { ",\"line\":\($0)" } ?? "")
            + ",\"from\":{\"name\":\(name.map { "\"\($0)\"" } ?? "null"),\"address\":\"\(address)\","
            + "\"domain\":\"\(domain)\"},\"subject\":\"\(subject)\",\"date\":null,\"messageId\":\"\(messageID)\","
            + "\"parts\":[{\"path\":\"1\",\"type\":\"text/plain\",\"charset\":null,\"filename\":null,"
            + "\"bytes\":\(bytes),\"textSHA256\":\"\(sha)\"}],\"findings\":[]}"
    }

    @Test("inspect --json over a Maildir: cur/ then new/, tmp/ skipped, subfolders with --recursive")
    func maildir() throws {
        let folder = try MailboxE2E.makeFolder("e2e-maildir")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("Mail").path
        try MailboxE2E.write(
            "From: Alice <alice@example.com>\nSubject: one\nMessage-ID: <one@example.com>\n\none\n",
            to: "Mail/cur/1700000001.one:2,S", in: folder)
        try MailboxE2E.write(
            "From: bob@example.org\r\nSubject: two\r\nMessage-ID: <two@example.org>\r\n\r\ntwo\r\n",
            to: "Mail/new/1700000002.two", in: folder)
        try MailboxE2E.write("From: x@example.com\nSubject: tmp\n\nnot yet\n", to: "Mail/tmp/1700000003.t", in: folder)
        try MailboxE2E.write(
            "From: carol@example.net\nSubject: sub\nMessage-ID: <sub@example.net>\n\nsub\n",
            to: "Mail/.Sub/cur/1700000004.sub", in: folder)

        let first = Self.expectedLine(
            file: root + "/cur/1700000001.one:2,S", name: "Alice", address: "alice@example.com",
            subject: "one", messageID: "one@example.com", bytes: 4, sha: Self.oneSHA)
        let second = Self.expectedLine(
            file: root + "/new/1700000002.two", name: nil, address: "bob@example.org",
            subject: "two", messageID: "two@example.org", bytes: 5, sha: Self.twoSHA)
        let sub = Self.expectedLine(
            file: root + "/.Sub/cur/1700000004.sub", name: nil, address: "carol@example.net",
            subject: "sub", messageID: "sub@example.net", bytes: 4, sha: Self.subSHA)

        let flat = try TestBinary.run(["inspect", "--json", root])
        #expect(flat.status == 0)
        #expect(flat.stderrText == "")
        #expect(flat.stdoutText == first + "\n" + second + "\n")

        let deep = try TestBinary.run(["inspect", "--json", "--recursive", root])
        #expect(deep.status == 0)
        #expect(deep.stdoutText == first + "\n" + second + "\n" + sub + "\n")
    }

    @Test("inspect --json over an mbox: one object per message, each with the file line of its header")
    func mbox() throws {
        let folder = try MailboxE2E.makeFolder("e2e-mbox")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try MailboxE2E.write(
            "From alice@example.com Mon Jan  1 00:00:00 2024\n"        // 1
                + "From: Alice <alice@example.com>\n"                  // 2
                + "Subject: one\n"                                     // 3
                + "Message-ID: <one@example.com>\n"                    // 4
                + "\n"                                                 // 5
                + "one\n"                                              // 6
                + "\n"                                                 // 7
                + "From bob@example.org Mon Jan  1 00:00:00 2024\n"    // 8
                + "From: bob@example.org\n"                            // 9
                + "Subject: two\n"                                     // 10
                + "Message-ID: <two@example.org>\n"                    // 11
                + "\n"                                                 // 12
                + ">From two\n"                                        // 13
                + "\n"                                                 // 14
                + "From carol@example.net Mon Jan  1 00:00:00 2024\n"  // 15
                + "From: carol@example.net\n"                          // 16
                + "Subject: three\n"                                   // 17
                + "not a header line\n"                                // 18: missing-header-separator here
                + "three\n",                                           // 19
            to: "inbox.mbox", in: folder)

        let result = try TestBinary.run(["inspect", "--json", path])
        #expect(result.status == 0)
        #expect(result.stderrText == "")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == Self.expectedLine(
            file: path, line: 2, name: "Alice", address: "alice@example.com", subject: "one",
            messageID: "one@example.com", bytes: 4, sha: Self.oneSHA))
        // ">From two" is unquoted (mboxrd): the body is "From two\n", 9 bytes.
        #expect(lines[1].hasPrefix("{\"file\":\"\(path)\",\"line\":9,\"from\":"))
        let objects = try MailboxE2E.objects(result)
        #expect(objects.map { $0["line"] as? Int } == [2, 9, 16])
        #expect(objects.map { $0["subject"] as? String } == ["one", "two", "three"])
        #expect(MailboxE2E.parts(objects[1]) == [.init(path: "1", type: "text/plain", bytes: 9)])
        // A finding inside the third message points at the line of the mbox file.
        let separator = MailboxE2E.findings(objects[2], code: "missing-header-separator")
        #expect(separator.map { $0["line"] as? Int } == [18])

        let text = try TestBinary.run(["inspect", path])
        #expect(text.status == 0)
        #expect(text.stdoutText.contains(path + ":2\n"))
        #expect(text.stdoutText.contains(path + ":9\n"))
        #expect(text.stdoutText.contains(path + ":18: warning: "))
        #expect(text.stdoutText.contains("[missing-header-separator]"))
    }

    @Test("--mbox-format decides how >>From lines are unquoted", arguments: [
        ("mboxrd", 15), ("mboxo", 16),
    ])
    func mboxFormat(format: String, bytes: Int) throws {
        let folder = try MailboxE2E.makeFolder("e2e-mbox-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Stored body ">>From q\n>From x\n": mboxrd reads ">From q\nFrom x\n" (15 bytes),
        // mboxo ">>From q\nFrom x\n" (16 bytes).
        let path = try MailboxE2E.write(
            "From a@example.com Mon Jan  1 00:00:00 2024\nFrom: a@example.com\nSubject: q\n\n>>From q\n>From x\n",
            to: "q.mbox", in: folder)
        let result = try TestBinary.run(["inspect", "--json", "--mbox-format", format, path])
        #expect(result.status == 0)
        let objects = try MailboxE2E.objects(result)
        try #require(objects.count == 1)
        #expect(MailboxE2E.parts(objects[0]) == [.init(path: "1", type: "text/plain", bytes: bytes)])
    }

    @Test("inspect --json - reads one message from standard input, reported as file \"-\" with no line")
    func standardInput() throws {
        let message = "From: Alice <alice@example.com>\r\nSubject: one\r\nMessage-ID: <one@example.com>\r\n\r\none\n"
        let result = try TestBinary.run(["inspect", "--json", "-"], input: Data(message.utf8))
        #expect(result.status == 0)
        #expect(result.stderrText == "")
        #expect(result.stdoutText == Self.expectedLine(
            file: "-", name: "Alice", address: "alice@example.com", subject: "one",
            messageID: "one@example.com", bytes: 4, sha: Self.oneSHA) + "\n")

        // A single saved message that still carries its envelope line: the envelope is skipped.
        let withEnvelope = "From alice@example.com Mon Jan  1 00:00:00 2024\n"
            + "From: Alice <alice@example.com>\nSubject: one\nMessage-ID: <one@example.com>\n\none\n"
        let enveloped = try TestBinary.run(["inspect", "--json", "-"], input: Data(withEnvelope.utf8))
        #expect(enveloped.status == 0)
        #expect(enveloped.stdoutText == Self.expectedLine(
            file: "-", name: "Alice", address: "alice@example.com", subject: "one",
            messageID: "one@example.com", bytes: 4, sha: Self.oneSHA) + "\n")
    }

    /// 128 messages of 1 MiB: a reader that loaded the mbox whole would need 128 MiB or more.
    @Test("a 128 MiB mbox is streamed: peak RSS under 48 MiB, every message reported",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time"),
          .timeLimit(.minutes(5)))
    func largeMboxIsStreamed() throws {
        let folder = try MailboxE2E.makeFolder("e2e-rss")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.mbox").path
        let messageCount = 128
        let bodyLines = 16_384                      // 16,384 lines of 64 bytes = 1 MiB
        let linesPerMessage = 1 + 4 + bodyLines + 1 // envelope, 4 header lines, body, separator
        var bodyLine = Array(String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 2).utf8.prefix(63))
        bodyLine.append(0x0A)
        var body = [UInt8]()
        body.reserveCapacity(bodyLines * 64)
        for _ in 0..<bodyLines { body += bodyLine }
        #expect(body.count == 1 << 20)

        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            Issue.record("cannot create \(path)")
            return
        }
        for number in 1...messageCount {
            let header = "From sender@example.com Mon Jan  1 00:00:00 2024\n"
                + "From: Sender <sender@example.com>\nSubject: message \(number)\n"
                + "Message-ID: <\(number)@example.com>\n\n"
            try handle.write(contentsOf: Data(header.utf8))
            try handle.write(contentsOf: Data(body))
            if number < messageCount { try handle.write(contentsOf: Data("\n".utf8)) }
        }
        try handle.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 128 << 20)

        let timeOutput = folder.appendingPathComponent("time.txt").path
        let result = try TestBinary.runProcess(
            URL(fileURLWithPath: "/usr/bin/time"),
            ["-f", "%M", "-o", timeOutput, TestBinary.eventsuggest.path, "inspect", "--json", path])
        try? FileManager.default.removeItem(atPath: path)
        #expect(result.status == 0)
        let peakKiB = Int(try String(contentsOfFile: timeOutput, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: "\n").last.map(String.init) ?? "") ?? -1
        #expect(peakKiB > 0)
        // Shadow memory and ASan's quarantine make a sanitized binary's RSS meaningless here.
        if !Sanitizer.active { #expect(peakKiB < 48 * 1024, "peak RSS \(peakKiB) KiB") }

        let objects = try MailboxE2E.objects(result)
        #expect(objects.count == messageCount)
        #expect(objects.map { $0["subject"] as? String } == (1...messageCount).map { "message \($0)" })
        #expect(objects.map { $0["line"] as? Int } == (0..<messageCount).map { 2 + $0 * linesPerMessage })
        #expect(objects.allSatisfy { MailboxE2E.parts($0) == [.init(path: "1", type: "text/plain", bytes: 1 << 20)] })
        #expect(objects.allSatisfy { MailboxE2E.findingCodes($0).isEmpty })
    }
}
