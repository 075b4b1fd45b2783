import Foundation
import Testing

/// Large messages in filter mode, from a pipe (as procmail and maildrop hand them) and from
/// a regular file: held once or not at all (the RSS numbers are in the issue note), and
/// always delivered whole. 20 MB is past the 16 MiB a pipe keeps in memory before it sets
/// the rest aside, so both ways of reading are exercised.
@Suite("large messages in filter mode: whole, once, or streamed through unexamined", .serialized)
struct DeliveryLargeMessageTests {
    /// A plain message of about `bytes` with a forged suggestion and a forged verdict on top.
    static func largeMessage(bytes: Int) -> [UInt8] {
        var message = Array(("X-Event-Suggestion: created \"Forged\" 2027-02-01T10:00:00Z; id=FORGED\r\n"
            + "Authentication-Results: eventsuggest; dkim=pass\r\n"
            + "From: Big <big@big.example>\r\nTo: a@b.example\r\nSubject: large\r\nMessage-ID: <large@big.example>\r\n"
            + "Content-Type: text/plain\r\n\r\n").utf8)
        let line = Array("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\r\n".utf8)
        message.reserveCapacity(bytes + line.count)
        while message.count < bytes { message += line }
        return message
    }

    static func forgedFieldsEnd(_ message: [UInt8]) -> Int {
        let text = ReservationMail.text(Array(message.prefix(400)))
        return text.range(of: "From: Big")!.lowerBound.utf16Offset(in: text)
    }

    @Test("over message-bytes, from a pipe and from a file: delivered whole, forged fields removed, 'not examined'",
          arguments: ["pipe", "file"])
    func overLimit(_ input: String) throws {
        let folder = try ReservationMail.folder("large-over-\(input)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = Self.largeMessage(bytes: 20 << 20)
        let arguments = ["filter", "--allow-any-domain", "--now", ReservationMail.now, "--limit", "message-bytes=1M"]
        let result: TestBinary.Result
        if input == "pipe" {
            result = try TestBinary.run(arguments, input: Data(message))
        } else {
            let path = try MailboxE2E.write(message, to: "large.eml", in: folder)
            result = try TestBinary.runProcess(URL(fileURLWithPath: "/bin/sh"),
                                               ["-c", "exec \"$0\" \"$@\" < \"\(path)\"", TestBinary.eventsuggest.path] + arguments)
        }
        #expect(result.status == 0, "\(result.stderrText)")
        let (fields, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == Array(message[Self.forgedFieldsEnd(message)...]), "the message after our fields is not the original")
        #expect(fields.count == 2)
        let suggestion = ReservationMail.suggestions(Array(result.stdout)).first ?? ""
        #expect(suggestion.hasPrefix("none (not examined: message of more than 1048576 bytes"), "\(suggestion)")
        #expect(!ReservationMail.text(Array(result.stdout.prefix(600))).contains("FORGED"))
    }

    @Test("under message-bytes from a pipe past the in-memory part: the whole message, byte for byte, examined")
    func underLimitFromPipe() throws {
        let message = Self.largeMessage(bytes: 20 << 20)
        let result = try TestBinary.run(["filter", "--allow-any-domain", "--now", ReservationMail.now], input: Data(message))
        #expect(result.status == 0, "\(result.stderrText)")
        let (_, rest) = ReservationMail.splitOurFields(Array(result.stdout))
        #expect(rest == Array(message[Self.forgedFieldsEnd(message)...]))
        #expect(ReservationMail.suggestions(Array(result.stdout)) == ["none (no trusted reservation markup)"])
    }
}
