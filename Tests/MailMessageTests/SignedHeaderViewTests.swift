import Findings
import Foundation
@testable import MailMessage
import Testing

/// The header view's rule (issue 13, item 1 and 2) on its own: given which instances a
/// signature covers, what may be read and what keeps the message from being trusted. The
/// same rule over real signatures is in SenderPolicyTests and the end-to-end TrustAttackTests.
@Suite("the signed header view")
struct SignedHeaderViewTests {
    static let signedHeader = """
        Received: from relay.example by mx.example.org; Fri, 19 Jun 2020 10:00:05 -0700
        From: EPIC Steak <reservations@epicsteak.example>
        Subject: Your table
        Date: Fri, 19 Jun 2020 10:00:00 -0700
        Message-ID: <r1@epicsteak.example>
        MIME-Version: 1.0
        Content-Type: text/html; charset=utf-8
        Content-Transfer-Encoding: 7bit

        <p>Hello</p>

        """

    /// A view covering every field named in `signed` (lowercase), each its bottom-most instance, as DKIM selects.
    static func view(_ text: String, signing signed: [String]) -> SignedHeaderView {
        let message = MailMessage(text)
        var indices: [Int] = []
        for name in signed {
            if let index = message.header.fields.indices.last(where: { message.header.fields[$0].lowercasedName == name }) {
                indices.append(index)
            }
        }
        return SignedHeaderView(header: message.header, signedFieldIndices: indices, signer: "d=epicsteak.example s=2020")
    }

    static let all = ["from", "subject", "date", "message-id", "mime-version", "content-type", "content-transfer-encoding"]
    static let now: Int64 = 1_592_611_200 // 2020-06-20T00:00:00Z

    @Test("a message whose signature covers every decisive field: no problem, every field readable")
    func honest() throws {
        let view = Self.view(Self.signedHeader, signing: Self.all)
        #expect(view.problems.isEmpty)
        for field in DecisiveHeaderField.allCases {
            #expect(view.signedInstance(of: field) != nil, "\(field)")
        }
        #expect(view.date(now: Self.now).secondsSince1970 == 1_592_586_000)
        #expect(view.date(now: Self.now).finding == nil)
    }

    @Test("a second Received (a field that may repeat) changes nothing", arguments: [
        "Received: from a.example by b.example; Fri, 19 Jun 2020 10:00:06 -0700\n",
        "X-Spam-Score: 0.1\n",
    ])
    func repeatableFieldAdded(_ added: String) {
        let view = Self.view(added + Self.signedHeader, signing: Self.all)
        #expect(view.problems.isEmpty)
    }

    @Test("a decisive field added above the signed one: header-added-after-signing, the field named", arguments: [
        ("Content-Type: text/html; charset=utf-7\n", "Content-Type"),
        ("Content-Transfer-Encoding: base64\n", "Content-Transfer-Encoding"),
        ("From: Mallory <m@epicsteak.example>\n", "From"),
        ("Date: Fri, 19 Jun 2037 10:00:00 -0700\n", "Date"),
        ("Subject: Your table was moved\n", "Subject"),
        ("Message-ID: <forged@epicsteak.example>\n", "Message-ID"),
        ("MIME-Version: 1.0\n", "MIME-Version"),
    ])
    func prepended(_ added: String, _ field: String) throws {
        let view = Self.view(added + Self.signedHeader, signing: Self.all)
        let problem = try #require(view.problems.first)
        #expect(view.problems.count == 1)
        #expect(problem.code == FindingCode.headerAddedAfterSigning.id)
        #expect(problem.message.contains("2 \(field) fields (lines 1, "), "\(problem.message)")
        #expect(problem.message.contains("added after signing"))
        #expect(problem.location?.line == 1)
        // The reading never takes the added one.
        let decisive = try #require(DecisiveHeaderField.allCases.first { $0.displayName == field })
        #expect(view.signedInstance(of: decisive) == nil)
    }

    @Test("a field added below the signed one (an MTA appending) is caught the same way")
    func appended() {
        let text = Self.signedHeader.replacingOccurrences(of: "\n\n", with: "\nContent-Type: text/plain\n\n")
        let view = Self.view(text, signing: Self.all)
        #expect(view.problems.map(\.code) == [FindingCode.headerAddedAfterSigning.id])
    }

    @Test("a Content-Type or Content-Transfer-Encoding the signature does not cover: content-type-not-signed")
    func unsignedContentType() throws {
        for left in ["content-type", "content-transfer-encoding"] {
            let view = Self.view(Self.signedHeader, signing: Self.all.filter { $0 != left })
            let problem = try #require(view.problems.first)
            #expect(view.problems.count == 1)
            #expect(problem.code == FindingCode.contentTypeNotSigned.id)
            #expect(problem.message.contains("must add \(left) to the signature's h= tag"), "\(problem.message)")
            #expect(problem.message.contains("d=epicsteak.example s=2020"))
        }
        // No Content-Transfer-Encoding in the message: nothing to sign, nothing to add it to.
        let noEncoding = Self.signedHeader.replacingOccurrences(of: "Content-Transfer-Encoding: 7bit\n", with: "")
        #expect(Self.view(noEncoding, signing: Self.all.filter { $0 != "content-transfer-encoding" }).problems.isEmpty)
    }

    static let dateCases: [(String?, Bool, Int64?, String?)] = [
        // (Date line or nil, whether the signature covers it, expected seconds, expected finding)
        ("Date: Fri, 19 Jun 2020 10:00:00 -0700", true, 1_592_586_000, nil),
        ("Date: Thu, 19 Jun 2003 10:00:00 -0700", true, 1_056_042_000, nil), // the far past is a date
        ("Date: Sat, 20 Jun 2020 23:00:00 +0000", true, 1_592_694_000, nil), // within a day
        ("Date: Mon, 22 Jun 2020 00:00:00 +0000", true, nil, FindingCode.dateInFuture.id),
        ("Date: Fri, 19 Jun 2037 10:00:00 -0700", true, nil, FindingCode.dateInFuture.id),
        ("Date: tomorrow, probably", true, nil, FindingCode.dateInvalid.id),
        ("Date: Fri, 19 Jun 2020 10:00:00 -0700", false, nil, FindingCode.dateNotSigned.id),
        (nil, true, nil, FindingCode.dateMissing.id),
    ]

    @Test("the Date the version rule may use", arguments: dateCases)
    func date(_ line: String?, _ signed: Bool, _ expected: Int64?, _ code: String?) {
        let text = Self.signedHeader.replacingOccurrences(
            of: "Date: Fri, 19 Jun 2020 10:00:00 -0700\n", with: line.map { $0 + "\n" } ?? "")
        let view = Self.view(text, signing: signed ? Self.all : Self.all.filter { $0 != "date" })
        let reading = view.date(now: Self.now)
        #expect(reading.secondsSince1970 == expected)
        #expect(reading.finding?.code == code)
    }

    @Test("two Date fields: neither decides, whichever is signed")
    func twoDates() {
        let view = Self.view("Date: Fri, 19 Jun 2037 10:00:00 -0700\n" + Self.signedHeader, signing: Self.all)
        #expect(view.date(now: Self.now).secondsSince1970 == nil)
        #expect(view.date(now: Self.now).finding?.code == FindingCode.dateNotSigned.id)
    }

    @Test("the MIME layer reads the top-level body with the bottom-most (signed) Content-Type and encoding")
    func mimeReadsSignedInstance() throws {
        let message = MailMessage("Content-Type: text/html; charset=utf-7\nContent-Transfer-Encoding: base64\n"
            + Self.signedHeader)
        #expect(message.root.contentType.mimeType == "text/html")
        #expect(message.root.contentType.charset == "utf-8")
        #expect(message.root.transferEncoding == .sevenBit)
        #expect(message.leafParts.first?.decodedText().text == "<p>Hello</p>\n")
        // The identity fields too: a Subject added above is not what the message says.
        let subject = MailMessage("Subject: Your table was moved\n" + Self.signedHeader)
        #expect(subject.subject == "Your table")
    }

    @Test("the list of decisive fields is the one DESIGN.md and the issue name, each allowed once")
    func fieldList() {
        #expect(Set(DecisiveHeaderField.allCases.map(\.name)) == Set(Self.all))
        #expect(DecisiveHeaderField.allCases.allSatisfy { $0.maximumCount == 1 })
    }
}
