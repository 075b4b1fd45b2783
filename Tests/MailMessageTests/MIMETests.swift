import Findings
import Testing
@testable import MailMessage

@Suite("the MIME tree")
struct MIMETests {
    @Test("nested multiparts with preamble, epilogue, quoted boundary, padding and defaults")
    func nested() throws {
        let message = MailMessage(bytes: try fixture("nested.eml"))
        #expect(message.findings.isEmpty)
        let leaves = message.leafParts
        #expect(leaves.map(\.path) == ["1.1", "1.2", "2", "3", "4"])
        #expect(leaves.map(\.contentType.mimeType) == ["text/plain", "text/html", "text/plain", "application/pdf", "message/rfc822"])
        #expect(message.root.children.first?.contentType.mimeType == "multipart/alternative")

        let plain = leaves[0].decodedText()
        #expect(plain.text == "Table for 2 at EPIC Steak — Friday 7:30 pm.")
        let html = leaves[1].decodedText()
        #expect(html.text == "<html><body>Café</body></html>")
        #expect(html.charset == "iso-8859-1")
        #expect(leaves[2].decodedText().text == "A part without a header is text/plain.")
        #expect(!leaves[2].hasExplicitContentType)
        #expect(leaves[3].filename == "Réservation .pdf")
        #expect(leaves[3].decodedBody().bytes == "%PDF-1.4\n".bytes)
        // message/rfc822 is a leaf: its HTML is not ours.
        #expect(leaves[4].isLeaf)
        #expect(leaves[4].body.elementsEqual("From: someone@else.example\r\nSubject: forwarded\r\nContent-Type: text/html\r\n\r\n<p>not ours</p>".utf8))
        #expect(message.subject == "Your reservation at EPIC Steak — table for 2")
    }

    @Test("body lines of parts are numbered in the message")
    func bodyLines() throws {
        let message = MailMessage(bytes: try fixture("nested.eml"))
        #expect(message.leafParts.map(\.bodyLine) == [20, 26, 31, 39, 43])
    }

    @Test("LF-only digest without closing boundary: message/rfc822 default, the last part runs to the end")
    func digestUnclosed() throws {
        let message = MailMessage(bytes: try fixture("digest-unclosed.eml"))
        let leaves = message.leafParts
        #expect(leaves.map(\.contentType.mimeType) == ["message/rfc822", "text/plain"])
        #expect(leaves[1].decodedText().text == "second, and no closing boundary follows\n")
        #expect(message.findingCodes == [FindingCode.missingClosingBoundary.id])
    }

    @Test("a multipart without boundary, or whose boundary never appears, is one leaf with a finding")
    func noBoundary() {
        let without = MailMessage("Content-Type: multipart/mixed\r\n\r\nbody")
        #expect(without.leafParts.map(\.contentType.mimeType) == ["multipart/mixed"])
        #expect(without.mimeFindingCodes == [FindingCode.multipartWithoutBoundary.id])
        let absent = MailMessage("Content-Type: multipart/mixed; boundary=zz\r\n\r\nbody")
        #expect(absent.leafParts.count == 1)
        #expect(absent.mimeFindingCodes == [FindingCode.missingClosingBoundary.id])
    }

    @Test("an invalid Content-Type is read as text/plain with a finding")
    func invalidContentType() {
        let message = MailMessage("Content-Type: garbage\r\n\r\nbody")
        #expect(message.leafParts.first?.contentType.mimeType == "text/plain")
        #expect(message.mimeFindingCodes == [FindingCode.invalidContentType.id])
    }

    @Test("a boundary-like line with other text after it is not a delimiter")
    func boundaryPrefix() {
        let message = MailMessage("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\none\r\n--bx\r\nstill one\r\n--b--\r\n")
        #expect(message.leafParts.count == 1)
        #expect(message.leafParts[0].decodedText().text == "one\r\n--bx\r\nstill one")
    }

    @Test("transfer encodings: 7bit, 8bit and binary are taken as they are; unknown ones too, with a finding")
    func transferEncodings() {
        for encoding in ["7bit", "8bit", "binary", "BINARY"] {
            let message = MailMessage("Content-Transfer-Encoding: \(encoding)\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ncafé")
            #expect(message.leafParts[0].decodedText().text == "café")
            #expect(message.mimeFindingCodes.isEmpty)
        }
        let unknown = MailMessage("Content-Transfer-Encoding: x-uuencode\r\n\r\nabc")
        #expect(unknown.leafParts[0].decodedBody().bytes == "abc".bytes)
        #expect(unknown.mimeFindingCodes == [FindingCode.unknownTransferEncoding.id])
    }

    @Test("HTML without a MIME charset is decoded by its <meta charset>; encoded words in iso-2022-jp")
    func htmlMetaCharset() throws {
        let message = MailMessage(bytes: try fixture("html-meta-charset.eml"))
        let text = message.leafParts[0].decodedText()
        #expect(text.charset == "shift_jis")
        #expect(text.text.contains("<body>テスト</body>"))
        #expect(message.subject == "あいう")
        #expect(message.author?.displayName == "テスト")
    }

    @Test(arguments: [
        ("<meta charset=\"windows-1252\">", "windows-1252"),
        ("<META CHARSET=utf-8>", "utf-8"),
        ("<meta http-equiv=Content-Type content='text/html; charset=koi8-r'>", "koi8-r"),
        ("<meta name=viewport content=width>", nil),
    ] as [(String, String?)])
    func metaSniffing(html: String, expected: String?) {
        #expect(HTMLCharsetSniffer.declaredCharset(in: ("<html><head>" + html).bytes) == expected)
    }

    @Test("8-bit text without a charset: UTF-8 when valid, else Windows-1252")
    func undeclaredCharset() {
        let utf8 = MailMessage(bytes: "Content-Type: text/plain\r\n\r\n".bytes + [0x63, 0x61, 0x66, 0xC3, 0xA9])
        #expect(utf8.leafParts[0].decodedText().text == "café")
        let latin = MailMessage(bytes: "Content-Type: text/plain\r\n\r\n".bytes + [0x63, 0x61, 0x66, 0xE9, 0x80])
        let decoded = latin.leafParts[0].decodedText()
        #expect(decoded.text == "café€")
        #expect(decoded.charset == "windows-1252")
    }

    @Test("depth limit: a multipart deeper than maxMIMEDepth is kept as a leaf with a finding")
    func depthLimit() {
        var text = ""
        for level in 0..<10 { text += "Content-Type: multipart/mixed; boundary=b\(level)\r\n\r\n--b\(level)\r\n" }
        text += "Content-Type: text/plain\r\n\r\ninnermost\r\n"
        let message = MailMessage(text, limits: .init(maxMIMEDepth: 3))
        #expect(message.findingCodes.contains(FindingCode.mimeDepthExceeded.id))
        #expect(message.leafParts.count == 1)
        #expect(message.leafParts[0].path == "1.1.1")
        #expect(message.leafParts[0].contentType.mimeType == "multipart/mixed")
    }

    @Test("part limit: parts past maxParts are dropped with one finding")
    func partLimit() {
        let parts = (0..<50).map { "--b\r\n\r\npart \($0)\r\n" }.joined()
        let message = MailMessage("Content-Type: multipart/mixed; boundary=b\r\n\r\n" + parts + "--b--\r\n",
                                  limits: .init(maxParts: 10))
        #expect(message.leafParts.count == 9) // the root counts as one
        #expect(message.findingCodes.filter { $0 == FindingCode.tooManyParts.id }.count == 1)
    }

    @Test("decoded size limit: decoding stops at maxDecodedBytes with a finding")
    func decodedLimit() {
        let message = MailMessage("Content-Transfer-Encoding: base64\r\n\r\n" + String(repeating: "QUFB", count: 100),
                                  limits: .init(maxDecodedBytes: 30))
        let decoded = message.leafParts[0].decodedBody(limits: message.limits)
        #expect(decoded.bytes.count == 30)
        #expect(decoded.findings.map(\.code) == [FindingCode.decodedSizeExceeded.id])
    }
}
