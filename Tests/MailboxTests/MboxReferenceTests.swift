import Findings
import Mailbox
import Testing
import TestSupport

/// The mbox rules stated plainly, the whole file in memory, line by line: what
/// ``MboxReader``'s buffered splitting (lines found with memchr, messages copied in runs)
/// must agree with, message for message, location for location.
private struct PlainMbox {
    struct Message: Equatable, CustomStringConvertible {
        var bytes: [UInt8]
        var line: Int
        var tooLarge: Bool
        var description: String { "line \(line)\(tooLarge ? " too large" : ""): \(String(decoding: bytes, as: UTF8.self).debugDescription)" }
    }

    static func messages(_ file: [UInt8], format: MboxFormat, limit: Int) -> [Message] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (index, byte) in file.enumerated() where byte == 0x0A {
            lines.append(file[start...index])
            start = index + 1
        }
        if start < file.count { lines.append(file[start...]) }
        let from = Array("From ".utf8)
        var messages: [Message] = []
        var current: Message?
        for (index, line) in lines.enumerated() {
            if line.starts(with: from) {
                if let done = current { messages.append(finished(done, limit: limit)) }
                current = Message(bytes: [], line: index + 2, tooLarge: false)
                continue
            }
            guard current != nil else { continue }  // before the first envelope
            let quotes = line.prefix { $0 == 0x3E }.count
            let unquote = quotes > 0 && line.dropFirst(quotes).starts(with: from) && (format == .mboxrd || quotes == 1)
            current!.bytes += unquote ? line.dropFirst() : line
        }
        if let done = current { messages.append(finished(done, limit: limit)) }
        return messages
    }

    private static func finished(_ message: Message, limit: Int) -> Message {
        var message = message
        let bytes = message.bytes
        if bytes.last == 0x0A {
            if bytes.count >= 2 && bytes[bytes.count - 2] == 0x0A {
                message.bytes.removeLast()
            } else if bytes.count >= 4 && bytes.suffix(4).elementsEqual([0x0D, 0x0A, 0x0D, 0x0A]) {
                message.bytes.removeLast(2)
            } else if bytes == [0x0A] || bytes == [0x0D, 0x0A] {
                message.bytes = []
            }
        }
        if message.bytes.count > limit {
            message.bytes = []
            message.tooLarge = true
        }
        return message
    }
}

@Suite("mbox reading against the plain rules")
struct MboxReferenceTests {
    /// Lines chosen to hit every rule: envelopes, quoted envelopes of each depth, look-alikes,
    /// empty lines of both endings, and long lines that cross read chunks.
    private static let pieces: [String] = [
        "From a@example.com Mon Jan  1 00:00:00 2024\n", "From \n", "From", "From\n", "Fromage\n",
        ">From x\n", ">>From y\n", ">>>From z\n", ">From\n", "> From x\n", ">\n", ">", "From b\r\n",
        "\n", "\r\n", "\r", "Subject: s\n", "text\n", "text", "From:  header\n", " From x\n",
        "F" + String(repeating: "f", count: 40) + "\n", ">" + String(repeating: "q", count: 40) + "From \n",
        String(repeating: ">", count: 20) + "From deep\n", "From end-without-newline",
    ]

    private static func randomFile(_ random: inout SplitMix64) -> [UInt8] {
        var text = random.next() % 4 == 0 ? "junk before\n" : ""
        for _ in 0..<Int(random.next() % 40) {
            if random.next() % 10 == 0 {
                text += String(repeating: "x", count: Int(random.next() % 300)) + (random.next() % 2 == 0 ? "\n" : "")
            } else {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
            }
        }
        return Array(text.utf8)
    }

    @Test("random files: the same messages, lines and too-large findings as the plain rules",
          arguments: [1, 3, 16, 1 << 20])
    func agreesWithPlainRules(chunkSize: Int) throws {
        let directory = try TemporaryDirectory("mbox-reference")
        var random = SplitMix64(seed: 0x6D62_6F78 &+ UInt64(chunkSize))
        for round in 0..<300 {
            let file = Self.randomFile(&random)
            let path = try directory.write(file, to: "r\(round).mbox")
            let limit = random.next() % 3 == 0 ? Int(random.next() % 120) : MailboxLimits.default.maxMessageBytes
            for format in MboxFormat.allCases {
                let read = try readMbox(path, format: format, limits: MailboxLimits(maxMessageBytes: limit),
                                        chunkSize: chunkSize).map {
                    PlainMbox.Message(bytes: $0.bytes, line: $0.location.line ?? 0,
                                      tooLarge: $0.findingCodes == [FindingCode.messageTooLarge.id])
                }
                let expected = PlainMbox.messages(file, format: format, limit: limit)
                #expect(read == expected, "round \(round), \(format), limit \(limit): \(String(decoding: file, as: UTF8.self).debugDescription)")
                if read != expected { return }
            }
        }
    }
}
