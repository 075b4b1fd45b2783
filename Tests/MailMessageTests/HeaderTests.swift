import Findings
import Testing
@testable import MailMessage

@Suite("RFC 5322 header fields")
struct HeaderTests {
    @Test("raw bytes of every field are kept exactly, folding and line endings included")
    func rawBytesKept() {
        let header = "Subject: a\r\n  folded\tline \r\nX-Empty:\r\nFrom : a@b.example\r\n"
        let message = MailMessage(header + "\r\nbody\r\n")
        #expect(message.header.rawBytes == header.bytes)
        #expect(message.header.fields.map(\.name) == ["Subject", "X-Empty", "From"])
        #expect(message.header.fields[0].raw.elementsEqual("Subject: a\r\n  folded\tline \r\n".utf8))
        #expect(message.body.elementsEqual("body\r\n".utf8))
    }

    @Test("unfolding is for reading only: CRLF before WSP removed, surrounding WSP trimmed")
    func unfolding() {
        let message = MailMessage("Subject:  a\r\n  folded\r\n\tline  \r\n\r\n")
        #expect(message.header.first(named: "subject")?.value == "a  folded\tline")
        #expect(message.header.first(named: "subject")?.rawValue.elementsEqual("  a\r\n  folded\r\n\tline  ".utf8) == true)
    }

    @Test("LF-only input parses like CRLF input")
    func lfOnly() {
        let lf = MailMessage("From: a@b.example\nSubject: x\n y\n\nbody\n")
        let crlf = MailMessage(bytes: "From: a@b.example\nSubject: x\n y\n\nbody\n".crlf)
        #expect(lf.subject == "x y")
        #expect(lf.subject == crlf.subject)
        #expect(lf.from == crlf.from)
        #expect(lf.body.elementsEqual("body\n".utf8))
        #expect(lf.header.fields[1].raw.elementsEqual("Subject: x\n y\n".utf8))
    }

    @Test("raw UTF-8 in headers is read as UTF-8 (RFC 6532); stray 8-bit bytes become U+FFFD")
    func eightBit() {
        let utf8 = MailMessage("Subject: Réservation confirmée\r\n\r\n")
        #expect(utf8.subject == "Réservation confirmée")
        var bytes = "Subject: caf".bytes
        bytes += [0xE9, 0x20, 0x6F, 0x6B, 0x0D, 0x0A, 0x0D, 0x0A]
        let stray = MailMessage(bytes: bytes)
        #expect(stray.subject == "caf\u{FFFD} ok")
        #expect(stray.header.fields[0].raw.elementsEqual(bytes.prefix(bytes.count - 2)))
    }

    @Test("a line that is not a field ends the header block with a finding; the body starts there")
    func missingSeparator() {
        let message = MailMessage("From: a@b.example\r\nthis is body text\r\nmore\r\n")
        #expect(message.header.fields.count == 1)
        #expect(message.body.elementsEqual("this is body text\r\nmore\r\n".utf8))
        #expect(message.findings.first?.code == FindingCode.missingHeaderSeparator.id)
        #expect(message.findings.first?.location?.line == 2)
    }

    @Test("a leading mbox envelope line is skipped, not taken as the body")
    func envelopeLine() {
        let message = MailMessage("From sender@example.com Sat Jan  3 01:05:34 1996\r\nFrom: a@b.example\r\n\r\nx")
        #expect(message.header.fields.map(\.name) == ["From"])
        #expect(message.findings.isEmpty)
    }

    @Test("a continuation line with nothing before it is reported and ignored")
    func orphanContinuation() {
        let message = MailMessage("  stray\r\nFrom: a@b.example\r\n\r\n")
        #expect(message.header.fields.map(\.name) == ["From"])
        #expect(message.findingCodes == [FindingCode.orphanContinuationLine.id])
    }

    @Test("a message without a body or without an empty line still parses")
    func noBody() {
        let message = MailMessage("From: a@b.example\r\nSubject: only headers")
        #expect(message.subject == "only headers")
        #expect(message.body.isEmpty)
        #expect(message.leafParts.count == 1)
    }

    @Test("header byte limit: fields past it are dropped with a finding naming the limit; the body is read")
    func headerByteLimit() {
        let big = "X-Big: " + String(repeating: "a", count: 5_000) + "\r\n"
        let message = MailMessage("From: a@b.example\r\n" + big + "Subject: late\r\n\r\nbody", limits: .init(maxHeaderBytes: 1_000))
        #expect(message.header.fields.map(\.name) == ["From"])
        let finding = message.findings.first { $0.code == FindingCode.headerTooLarge.id }
        #expect(finding?.message.contains("(limit header-bytes)") == true)
        #expect(finding?.location?.line == 2)
        #expect(message.body.elementsEqual("body".utf8))
    }

    @Test("header count limit")
    func headerCountLimit() {
        let fields = (0..<20).map { "X-N\($0): v\r\n" }.joined()
        let message = MailMessage("From: a@b.example\r\n" + fields + "\r\nbody", limits: .init(maxHeaderFields: 5))
        #expect(message.header.fields.count == 5)
        #expect(message.findingCodes.contains(FindingCode.tooManyHeaderFields.id))
        #expect(message.body.elementsEqual("body".utf8))
    }

    @Test("field lookup is case-insensitive and keeps order")
    func lookup() {
        let message = MailMessage("received: 1\r\nReceived: 2\r\nRECEIVED: 3\r\n\r\n")
        #expect(message.header.fields(named: "Received").map(\.value) == ["1", "2", "3"])
        #expect(message.header.first(named: "RECEIVED")?.value == "1")
    }

    @Test("Message-ID without angle brackets, Date as written")
    func identityFields() {
        let message = MailMessage("Message-ID:\r\n <abc.123@mail.example>\r\nDate: Fri, 26 Jun 2020 10:00:00 -0700\r\n\r\n")
        #expect(message.messageID == "abc.123@mail.example")
        #expect(message.date == "Fri, 26 Jun 2020 10:00:00 -0700")
        #expect(MailMessage("\r\n").messageID == nil)
    }
}

@Suite("the Date field as an instant")
struct MessageDateTests {
    @Test(arguments: [
        ("Fri, 26 Jun 2020 10:00:00 -0700", 1_593_190_800, -25_200),
        ("26 Jun 2020 17:00:00 +0000", 1_593_190_800, 0),
        ("Fri, 26 Jun 2020 10:00 -0700", 1_593_190_800, -25_200),              // no seconds
        ("Fri, 11 Jul 2003 21:00:37 -0700 (PDT)", 1_057_982_437, -25_200),     // a comment
        ("Fri, 26 Jun 20 17:00:00 GMT", 1_593_190_800, 0),                     // 2-digit year, zone name
        ("Fri, 26 Jun 2020 13:00:00 EDT", 1_593_190_800, -14_400),
        ("  Fri,26 Jun 2020 17:00:00 +0000  ", 1_593_190_800, 0),
    ] as [(String, Int64, Int)])
    func parses(text: String, seconds: Int64, offset: Int) throws {
        let date = try #require(MessageDate(parsing: text))
        #expect(date.secondsSince1970 == seconds)
        #expect(date.utcOffsetSeconds == offset)
    }

    @Test(arguments: ["", "yesterday", "31 Feb 2020 10:00:00 +0000", "26 Foo 2020 10:00:00 +0000",
                      "26 Jun 2020 25:00:00 +0000", "26 Jun 2020 10:00:00 +2500"])
    func rejects(text: String) {
        #expect(MessageDate(parsing: text) == nil)
    }
}
