import CryptoOpenSSL
import EventSuggest
import Findings
import MailMessage
import Testing

@Suite("inspection of a message")
struct MessageInspectionTests {
    @Test("text hashes are of the decoded text as UTF-8 with CRLF turned into LF")
    func textHash() throws {
        let message = MailMessage(bytes: Array((
            "From: a@b.example\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"
            + "Content-Transfer-Encoding: quoted-printable\r\n\r\nCaf=E9\r\nline two\r\n").utf8))
        let inspection = MessageInspection(message: message)
        let part = try #require(inspection.leafParts.first)
        #expect(part.path == "1")
        #expect(part.charset == "iso-8859-1")
        #expect(part.bytes == 16) // "Caf\xE9\r\nline two\r\n": 4 + 2 + 8 + 2
        #expect(part.textSHA256 == SHA256.hash(Array("Café\nline two\n".utf8)).hexString)
    }

    @Test("non-text parts have a size and no text hash; multipart nodes are in the tree but not in the leaves")
    func tree() throws {
        let message = MailMessage(bytes: Array((
            "From: a@b.example\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n"
            + "--b\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>x</p>\r\n"
            + "--b\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--b--\r\n").utf8))
        let inspection = MessageInspection(message: message)
        #expect(inspection.tree.map(\.type) == ["multipart/mixed", "text/html", "image/png"])
        #expect(inspection.tree.map(\.depth) == [0, 1, 1])
        #expect(inspection.leafParts.map(\.path) == ["1", "2"])
        #expect(inspection.leafParts[1].bytes == 8)
        #expect(inspection.leafParts[1].textSHA256 == nil)
        #expect(inspection.findings.isEmpty)
    }

    @Test("the findings of decoding parts are added to the message's")
    func decodingFindings() {
        let message = MailMessage(bytes: Array((
            "From: a@b.example\r\nContent-Transfer-Encoding: base64\r\n\r\nSGVs*bG8=\r\n").utf8))
        #expect(MessageInspection(message: message).findings.map(\.code) == [FindingCode.malformedBase64.id])
    }
}
