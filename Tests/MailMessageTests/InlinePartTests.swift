@testable import MailMessage
import Testing

@Suite("inline parts and attachments (RFC 2183)")
struct InlinePartTests {
    @Test("attachment is an attachment in any case and with parameters; inline and none are not", arguments: [
        ("Content-Disposition: attachment; filename=\"booking.html\"\n", true),
        ("Content-Disposition: ATTACHMENT\n", true),
        ("Content-Disposition:  attachment ;\n filename=x.html\n", true),
        ("Content-Disposition: inline; filename=\"booking.html\"\n", false),
        ("", false),
    ])
    func disposition(_ field: String, _ isAttachment: Bool) {
        let part = MailMessage("From: a@b.example\nContent-Type: text/html\n\(field)\n<p>x</p>\n").leafParts[0]
        #expect(part.isAttachment == isAttachment)
    }
}
